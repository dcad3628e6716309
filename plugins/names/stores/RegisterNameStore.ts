import { makeAutoObservable, runInAction } from 'mobx'

import { type Portico, readCode } from '../../../kernel/index.js'
import type { ProfileApi } from '../api/createProfileApi.js'
import { ProfileApiError } from '../api/createProfileApi.js'
import { coinTypeOf } from '../names.js'
import { nameRule } from '../nameRule.js'

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
  error: string | undefined = undefined
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
    const [lookup, suggestions] = await Promise.allSettled([this.api.lookup(name), this.api.suggestions(label, this.zone)])
    runInAction(() => {
      if (sequence !== this.#sequence) return
      if (lookup.status === 'fulfilled') this.availability = lookup.value ? 'taken' : 'available'
      else {
        this.availability = 'unknown'
        this.error = 'Error resolving name'
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
    } catch (error) {
      const code = readCode(error)
      runInAction(() => {
        this.status = 'idle'
        this.error = code === 4001 || code === 5000 ? 'The signature was rejected in the wallet. Nothing was registered.' : 'Error registering name'
      })
      return false
    }
    runInAction(() => (this.status = 'registering'))
    try {
      await this.api.register({ coin_type: coinTypeOf(chainId), address, message, signature })
    } catch (error) {
      runInAction(() => {
        this.status = 'idle'
        this.error = error instanceof ProfileApiError ? `Error registering name: ${error.message}` : 'Error registering name'
        if (error instanceof ProfileApiError && (error.reason === 'NameTaken' || error.reason === 'ReplayedMessage')) this.availability = 'taken'
      })
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
}
