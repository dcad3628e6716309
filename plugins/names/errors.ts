import { BaseError } from '../../kernel/kernel.js'

/** A name lookup failed (spec §8: "Error resolving name"); `details` says why. */
export class NameResolveError extends BaseError {
  override name = 'NameResolveError'
  override code = 'NAME_RESOLVE_FAILED'
  constructor({ cause, details }: { cause?: unknown; details?: string } = {}) {
    super('Error resolving name', { cause, docsPath: '/plugins/names.md#nameresolveerror', ...(details ? { details } : {}) })
  }
}

/** The zone's suggestions could not be fetched (spec §8: "Error fetching name suggestions"). */
export class NameSuggestionsError extends BaseError {
  override name = 'NameSuggestionsError'
  override code = 'NAME_SUGGESTIONS_FAILED'
  constructor({ cause, details }: { cause?: unknown; details?: string } = {}) {
    super('Error fetching name suggestions', { cause, docsPath: '/plugins/names.md#namesuggestionserror', ...(details ? { details } : {}) })
  }
}

/** A registration was refused or failed (spec §8: "Error registering name"); `details` is the zone's reason. */
export class NameRegistrationError extends BaseError {
  override name = 'NameRegistrationError'
  override code = 'NAME_REGISTRATION_FAILED'
  /** The zone's reason (`NameTaken`, `StaleMessage`, `InvalidSignature`, …), when it gave one. */
  reason: string | undefined
  constructor({ cause, details, reason }: { cause?: unknown; details?: string; reason?: string } = {}) {
    super('Error registering name', { cause, docsPath: '/plugins/names.md#nameregistrationerror', ...(details ? { details } : {}) })
    this.reason = reason
  }
}
