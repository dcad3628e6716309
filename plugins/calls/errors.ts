import { BaseError } from '../../kernel/index.js'

/** `getCapabilities` was asked with no `address` while no account is connected (spec §6). */
export class MissingCapabilitiesAddressError extends BaseError {
  override name = 'MissingCapabilitiesAddressError'
  override code = 'MISSING_CAPABILITIES_ADDRESS'
  constructor() {
    super('Missing address parameter in wallet_getCapabilities request', { docsPath: '/guides/smart-accounts.md#6-errors-contract' })
  }
}

/** The connection carries no `wallet_getCallsStatus` and no bundler can answer for the id (spec §6). */
export class CallsStatusNotApprovedError extends BaseError {
  override name = 'CallsStatusNotApprovedError'
  override code = 'CALLS_STATUS_NOT_APPROVED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Fetching call status not approved by the wallet', { cause, docsPath: '/guides/smart-accounts.md#6-errors-contract' })
  }
}

/** The server's bundler route or the bundler behind it failed, or answered garbage (spec §6); the cause is attached. */
export class UserOperationReceiptError extends BaseError {
  override name = 'UserOperationReceiptError'
  override code = 'USER_OPERATION_RECEIPT_FAILED'
  constructor({ cause, details }: { cause?: unknown; details?: string } = {}) {
    super('Failed to fetch user operation receipt', { cause, ...(details ? { details } : {}), docsPath: '/guides/smart-accounts.md#6-errors-contract' })
  }
}

/** A batch the site passed to `sendCalls` is malformed; nothing was asked of the wallet. */
export class InvalidCallsError extends BaseError {
  override name = 'InvalidCallsError'
  override code = 'INVALID_CALLS'
  constructor(shortMessage: string, { metaMessages }: { metaMessages?: string[] } = {}) {
    super(shortMessage, { docsPath: '/guides/smart-accounts.md#1-the-sites-api-contract', ...(metaMessages ? { metaMessages } : {}) })
  }
}

/** A wallet answered an EIP-5792 method with a shape the standard does not allow; nothing was changed. */
export class InvalidWalletAnswerError extends BaseError {
  override name = 'InvalidWalletAnswerError'
  override code = 'INVALID_WALLET_ANSWER'
  constructor({ method, reason }: { method: string; reason: string }) {
    super(`The wallet answered ${method} with an invalid result`, { details: reason, docsPath: '/guides/smart-accounts.md#1-the-sites-api-contract' })
  }
}

/** `waitForCallsStatus` gave up: the batch was still pending after `timeoutMs`. */
export class CallsStatusTimeoutError extends BaseError {
  override name = 'CallsStatusTimeoutError'
  override code = 'CALLS_STATUS_TIMEOUT'
  constructor({ id, timeoutMs }: { id: string; timeoutMs: number }) {
    super(`The batch was still pending after ${Math.round(timeoutMs / 1000)} s`, { metaMessages: [`id: ${id.slice(0, 200)}`], docsPath: '/guides/smart-accounts.md#1-the-sites-api-contract' })
  }
}

/** A sequential fallback stopped part-way: `hashes` are the calls already sent (nothing is lost). */
export class SequentialCallsError extends BaseError {
  override name = 'SequentialCallsError'
  override code = 'SEQUENTIAL_CALLS_INCOMPLETE'
  hashes: readonly string[]
  constructor({ hashes, total, cause }: { hashes: readonly string[]; total: number; cause: unknown }) {
    super(`Only ${hashes.length} of ${total} calls were sent`, { cause, metaMessages: hashes.map((hash) => `sent: ${hash}`), docsPath: '/guides/smart-accounts.md#1-the-sites-api-contract' })
    this.hashes = hashes
  }
}
