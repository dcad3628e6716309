import { makeAutoObservable, runInAction } from 'mobx'

import { BaseError, type Portico, readCode } from '../../../kernel/kernel.js'
import type { ProfileApi } from '../api/createProfileApi.js'
import { ProfileApiError } from '../api/createProfileApi.js'
import { NameRegistrationError, NameResolveError, NameSuggestionsError } from '../errors.js'
import { coinTypeOf } from '../names.js'
import { nameRule } from '../nameRule.js'

/** The reason a registration carries when the wallet refused to sign. */
export const walletRejected = 'UserRejected'

/**
 * The form's error line: the spec's message ("Error registering name", "Error resolving name"),
 * then why: the wallet refused to sign (a message key of this plugin), or the zone's own words.
 *
 * @example
 * describeNameError(store.error, t) // 'Error registering name: alice.portico.id is already registered'
 */
export function describeNameError(error: NameRegistrationError | NameResolveError, t: (key: string) => string): string {
  const head = t(error instanceof NameResolveError ? 'names.resolveFailed' : 'names.failed')
  const reason = error instanceof NameRegistrationError && error.reason === walletRejected ? t('names.rejected') : error.details
  return reason ? `${head}: ${reason}` : head
}

/** Where a registration stands: the form, the wallet asked to sign, the zone asked to register, done. */
export type RegisterStatus = 'idle' | 'signing' | 'registering' | 'success'

/**
 * RegisterAccountName's state: the label typed, its availability and the zone's suggestions (asked
 * shortly after typing stops; answers for an older label are dropped), then the registration:
 * the wallet signs `{ name, attributes, timestamp }`, the zone registers it, and the account's
 * profile is fetched again. On error or cancel the form stays, with the label kept (spec §4).
 */
export class RegisterNameStore {
  label = ''
  availability: 'unknown' | 'checking' | 'available' | 'taken' = 'unknown'
  suggestions: { name: string; registered: boolean }[] = []
  suggestionsFailed = false
  status: RegisterStatus = 'idle'
  /** Why the last check or registration failed (shown with {@link describeNameError}); cleared when the label changes. */
  error: NameRegistrationError | NameResolveError | undefined = undefined
  registered: string | undefined = undefined
  #sequence = 0

  constructor(
    private readonly portico: Portico,
    private readonly api: ProfileApi,
    readonly zone: string,
  ) {
    makeAutoObservable<RegisterNameStore, 'portico' | 'api'>(this, { portico: false, api: false, zone: false }, { autoBind: true })
  }

  get name(): string {
    return `${this.label.trim().toLowerCase()}.${this.zone}`
  }
  /** The rule the label breaks (a message key), if any. */
  get rule(): ReturnType<typeof nameRule> {
    return this.label.trim() ? nameRule(this.label.trim()) : undefined
  }
  get supported(): boolean {
    return this.portico.stores.networks.activeNamespace === 'eip155'
  }
  get canRegister(): boolean {
    return this.supported && this.label.trim() !== '' && !this.rule && this.availability === 'available' && (this.status === 'idle' || this.status === 'success')
  }

  setLabel(value: string): void {
    // A whole name pasted (`alice.portico.id`) keeps its label.
    const suffix = `.${this.zone}`
    const label = value.toLowerCase().endsWith(suffix) ? value.slice(0, -suffix.length) : value
    this.label = label.slice(0, 63)
    this.error = undefined
    this.availability = 'unknown'
    if (this.status === 'success') this.status = 'idle'
  }

  /** Asks the zone whether the name is free and for suggestions like it. */
  async check(): Promise<void> {
    const label = this.label.trim()
    if (!label || this.rule) {
      this.suggestions = []
      this.availability = 'unknown'
      return
    }
    const sequence = ++this.#sequence
    const name = this.name
    this.availability = 'checking'
    // The zone's suggestions start with the name asked when it follows the rule (Portico's server
    // does): its `registered` says whether it is taken, with no lookup. Only a zone that leaves
    // it out is asked for the record, whose 404 for a free name the browser logs as an error.
    const [suggestions] = await Promise.allSettled([this.api.suggestions(label, this.zone)])
    const listed = suggestions.status === 'fulfilled' ? suggestions.value.find((s) => s.name === name) : undefined
    const [lookup] = listed ? [{ status: 'fulfilled' as const, value: listed.registered }] : await Promise.allSettled([this.api.lookup(name).then((record) => record !== undefined)])
    if (sequence !== this.#sequence) return
    if (lookup.status === 'rejected') this.portico.reportError(new NameResolveError({ cause: lookup.reason, details: reasonOf(lookup.reason) }), { namespace: 'eip155', action: 'resolveName' })
    if (suggestions.status === 'rejected') this.portico.reportError(new NameSuggestionsError({ cause: suggestions.reason, details: reasonOf(suggestions.reason) }), { namespace: 'eip155', action: 'fetchNameSuggestions' })
    runInAction(() => {
      if (lookup.status === 'fulfilled') this.availability = lookup.value ? 'taken' : 'available'
      else {
        this.availability = 'unknown'
        this.error = new NameResolveError({ cause: lookup.reason, details: reasonOf(lookup.reason) })
      }
      this.suggestionsFailed = suggestions.status === 'rejected'
      this.suggestions = suggestions.status === 'fulfilled' ? suggestions.value.filter((s) => s.name !== name) : []
    })
  }

  /** Signs and registers the name; on failure the form stays with the reason. */
  async register(): Promise<boolean> {
    if (!this.canRegister) return false
    const { connections } = this.portico.stores
    const address = connections.address('eip155')
    const chainId = Number(connections.get('eip155').caipNetworkId?.split(':')[1])
    if (!address || !Number.isSafeInteger(chainId)) return false
    const name = this.name
    this.status = 'signing'
    this.error = undefined
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(this.portico.clock.now() / 1000) })
    let signature: string
    try {
      signature = await this.portico.signMessage({ message, namespace: 'eip155' })
    } catch (cause) {
      const code = readCode(cause)
      const rejected = code === 4001 || code === 5000
      this.#fail(new NameRegistrationError({ cause, ...(rejected ? { reason: walletRejected } : { details: reasonOf(cause) }) }))
      return false
    }
    runInAction(() => (this.status = 'registering'))
    try {
      await this.api.register({ coin_type: coinTypeOf(chainId), address, message, signature })
    } catch (cause) {
      const reason = cause instanceof ProfileApiError ? cause.reason : undefined
      this.#fail(new NameRegistrationError({ cause, details: reasonOf(cause), ...(reason ? { reason } : {}) }))
      if (reason === 'NameTaken') runInAction(() => (this.availability = 'taken'))
      return false
    }
    await this.portico.fetchProfile('eip155', { force: true })
    runInAction(() => {
      this.status = 'success'
      this.registered = name
      this.label = ''
      this.availability = 'unknown'
      this.suggestions = []
    })
    return true
  }

  /** Back to the form with the label kept, the error shown and reported (spec §4: on error or cancel, the register view). */
  #fail(error: NameRegistrationError): void {
    runInAction(() => {
      this.status = 'idle'
      this.error = error
    })
    this.portico.reportError(error, { namespace: 'eip155', action: 'registerName' })
  }
}

/** The words of a failure worth showing: the zone's reason, else the error's own message (short). */
function reasonOf(cause: unknown): string | undefined {
  const message = cause instanceof BaseError ? cause.shortMessage : cause instanceof Error ? cause.message : undefined
  return message ? message.split('\n')[0]?.slice(0, 200) : undefined
}
