import { decodeSs58, encodeSs58 } from '../../plugins/polkadot/server/index.js'
import type { PolkadotDevKey } from './derivePolkadotDevKey.js'
import { PolkadotDevWalletError } from './PolkadotDevWalletError.js'
import { type SignerPayload, signPolkadotPayload, signPolkadotRaw } from './signPolkadotPayload.js'

export type PolkadotDevWalletMode = 'approve' | 'reject'
export type PolkadotDevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' }
/** One account as an extension shares it (`@polkadot/extension-inject`'s `InjectedAccount`). */
export type PolkadotDevAccount = { address: string; name: string; type: 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum'; genesisHash: string | null }
/** What a site gets from `enable()`: accounts and signer, as the Polkadot.js extension gives them. */
export type PolkadotDevExtension = {
  name: string
  version: string
  accounts: { get(anyType?: boolean): Promise<PolkadotDevAccount[]>; subscribe(callback: (accounts: PolkadotDevAccount[]) => void): () => void }
  signer: {
    signPayload(payload: SignerPayload): Promise<{ id: number; signature: `0x${string}` }>
    signRaw(payload: { address: string; data: string; type: 'bytes' }): Promise<{ id: number; signature: `0x${string}` }>
  }
  /** The runtimes it knows (a wallet dialect's; the dev wallet has none). */
  metadata?: { get(): Promise<{ genesisHash: string; specVersion: number }[]>; provide(definition: unknown): Promise<boolean> }
}
/** The entry under `window.injectedWeb3`. */
export type PolkadotDevWalletEntry = { name: string; version: string; icon?: string; enable(appName?: string): Promise<PolkadotDevExtension> }
export type PolkadotDevWalletControl = {
  getState(): { connected: boolean; mode: PolkadotDevWalletMode }
  setMode(mode: PolkadotDevWalletMode): void
  getMode(): PolkadotDevWalletMode
  /** Forgets the site, as "disconnect" in an extension does: accounts go empty for its subscribers. */
  disconnect(): void
  activity(): PolkadotDevWalletActivity[]
  subscribe(fn: () => void): () => void
  /** The accounts it holds, in the sandbox's prefix. */
  accounts: readonly PolkadotDevAccount[]
  /**
   * Changes which of its key accounts it shares with the site, by address (all when undefined), as
   * a visitor does in the extension's "connected accounts": subscribers hear the new list.
   */
  share(addresses?: readonly string[]): void
}

/**
 * How a real extension differs from the dev wallet's own dialect (a wallet persona's): its
 * refusals' messages (plain `Error`s, no code), the accounts it lists beside its keys, and how its
 * `accounts.get()` and `accounts.subscribe()` treat Ethereum accounts.
 */
export type PolkadotWalletDialect = {
  /** What `enable()` rejects with when the visitor refuses the site (Polkadot.js: "Rejected"). */
  enableRejection: string
  /** What `signPayload` / `signRaw` reject with when the visitor refuses (Polkadot.js: "Cancelled"). */
  signRejection: string
  /** What a request from a site the visitor has not authorised rejects with. */
  notAuthorised: string
  /** Accounts listed beside the signing keys (an Ethereum account, one pinned to another chain); never signed for. */
  extraAccounts: readonly (PolkadotDevAccount & { position: 'first' | 'last' })[]
  /** `accounts.get(anyType)` leaves out `ethereum` accounts unless `anyType` (Polkadot.js, Talisman), or lists them always (SubWallet). */
  getListsEthereum: 'anyType' | 'always'
  /** `accounts.subscribe` lists `ethereum` accounts too (Talisman subscribes with anyType), or never. */
  subscribeListsEthereum: boolean
  /** The genesis hash each signing key's account is pinned to (null: any chain). */
  keyGenesisHashes?: readonly (string | null)[]
}

export type CreatePolkadotDevWalletParameters = {
  keys: readonly { name: string; key: PolkadotDevKey }[]
  /** Shown to sites (default "Portico Dev Wallet (Polkadot)"). */
  name?: string
  /** The SS58 prefix addresses are given in (default 42, generic Substrate). */
  ss58Prefix?: number
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  storageKey?: string
  /** The extension version `injectedWeb3` shows (default 0.1.0). */
  version?: string
  /** Its icon in the entry (not standard, as some extensions add one): a `data:image/…` URL. */
  icon?: string
  /** A real wallet's dialect (a persona's); without it, the dev wallet's own. */
  dialect?: PolkadotWalletDialect
}

/**
 * Creates "Portico Dev Wallet (Polkadot)" as the Polkadot.js extension presents itself in
 * `window.injectedWeb3`: `enable(appName)` authorises the site and gives its sr25519 accounts (with
 * names), `accounts.subscribe`, and a signer whose `signPayload` signs the Substrate signing
 * payload of a `SignerPayloadJSON` and whose `signRaw` signs `<Bytes>`-wrapped data, both with
 * `@scure/sr25519` (pure JavaScript, so it runs under the demo's strict CSP). "Reject requests"
 * makes every prompt fail with "Cancelled", as the extension does when the visitor says no.
 *
 * @param parameters the keys, name, prefix and storage
 * @returns the `injectedWeb3` entry and the panel's controls
 * @example
 * const { entry } = createPolkadotDevWallet({ keys: [{ name: 'Dev account 1', key }] })
 * window.injectedWeb3 = { 'portico-dev-wallet': entry }
 */
export function createPolkadotDevWallet(parameters: CreatePolkadotDevWalletParameters): { entry: PolkadotDevWalletEntry; control: PolkadotDevWalletControl } {
  const prefix = parameters.ss58Prefix ?? 42
  const name = parameters.name ?? 'Portico Dev Wallet (Polkadot)'
  const version = parameters.version ?? '0.1.0'
  const storageKey = parameters.storageKey ?? 'portico-polkadot-dev-wallet'
  const dialect = parameters.dialect
  const accounts: readonly PolkadotDevAccount[] = Object.freeze(
    parameters.keys.map(({ name: label, key }, index) => Object.freeze({ address: encodeSs58(key.publicKey, prefix), name: label, type: 'sr25519' as const, genesisHash: dialect?.keyGenesisHashes?.[index] ?? null })),
  )
  /** The key accounts the site is given (a visitor's selection in the extension). */
  let sharedKeys: readonly PolkadotDevAccount[] = accounts
  const listed = (withEthereum: boolean): PolkadotDevAccount[] => {
    const extra = (dialect?.extraAccounts ?? []).filter((a) => withEthereum || a.type !== 'ethereum')
    const strip = ({ position: _position, ...account }: PolkadotDevAccount & { position: string }) => account
    return [...extra.filter((a) => a.position === 'first').map(strip), ...sharedKeys.map((a) => ({ ...a })), ...extra.filter((a) => a.position === 'last').map(strip)]
  }
  /** A refusal as this dialect words it: the dev wallet's coded error, or a real extension's plain `Error`. */
  const refusal = (code: number, own: string, real: string | undefined) => (dialect ? new Error(real) : new PolkadotDevWalletError(code, own))
  const readSaved = (): { connected: boolean; mode: PolkadotDevWalletMode } => {
    try {
      const saved = JSON.parse(parameters.storage?.getItem(storageKey) ?? 'null') as { connected?: unknown; mode?: unknown } | null
      return { connected: saved?.connected === true, mode: saved?.mode === 'reject' ? 'reject' : 'approve' }
    } catch {
      return { connected: false, mode: 'approve' }
    }
  }
  let { connected, mode } = readSaved()
  const log: PolkadotDevWalletActivity[] = []
  const listeners = new Set<() => void>()
  const accountListeners = new Set<(accounts: PolkadotDevAccount[]) => void>()
  let nextId = 1
  const changed = () => {
    try {
      parameters.storage?.setItem(storageKey, JSON.stringify({ connected, mode }))
    } catch {
      // storage full or blocked: the state lives on in memory
    }
    for (const fn of listeners) fn()
  }
  const record = (method: string, outcome: PolkadotDevWalletActivity['outcome']) => {
    log.push({ method, outcome })
    if (log.length > 50) log.shift()
    changed()
  }
  const shared = (withEthereum = false) => (connected ? (dialect ? listed(withEthereum) : sharedKeys.map((a) => ({ ...a }))) : [])
  const forGet = (anyType?: boolean) => shared(dialect?.getListsEthereum === 'always' || anyType === true)
  const forSubscribers = () => shared(dialect?.subscribeListsEthereum === true)
  const keyFor = (address: unknown): PolkadotDevKey => {
    const decoded = decodeSs58(address)
    const found = decoded && parameters.keys.find(({ key }) => key.publicKey.every((b, i) => b === decoded.publicKey[i]))
    if (!found) throw new PolkadotDevWalletError(4100, `Unable to find a keypair for ${String(address).slice(0, 60)}`)
    return found.key
  }
  const prompt = <T>(method: string, run: () => T): T => {
    if (!connected) {
      record(method, 'rejected')
      throw refusal(4100, 'The site is not authorised', dialect?.notAuthorised)
    }
    if (mode === 'reject') {
      record(method, 'rejected')
      throw refusal(4001, 'Cancelled', dialect?.signRejection)
    }
    try {
      const result = run()
      record(method, 'approved')
      return result
    } catch (error) {
      record(method, 'failed')
      throw error
    }
  }

  const extension: PolkadotDevExtension = Object.freeze({
    name,
    version,
    accounts: Object.freeze({
      get: async (anyType?: boolean) => forGet(anyType),
      subscribe(callback: (accounts: PolkadotDevAccount[]) => void) {
        accountListeners.add(callback)
        queueMicrotask(() => callback(forSubscribers()))
        return () => void accountListeners.delete(callback)
      },
    }),
    // Real extensions answer which runtimes they know and ask the visitor before taking a new one; the persona knows none and takes none.
    ...(dialect ? { metadata: Object.freeze({ get: async () => [], provide: async () => false }) } : {}),
    signer: Object.freeze({
      signPayload: async (payload: SignerPayload) => prompt('signPayload', () => ({ id: nextId++, signature: signPolkadotPayload(payload, keyFor(payload?.address).secretKey) })),
      signRaw: async (payload: { address: string; data: string; type: 'bytes' }) => prompt('signRaw', () => ({ id: nextId++, signature: signPolkadotRaw(payload?.data, keyFor(payload?.address).secretKey) })),
    }),
  })
  const entry: PolkadotDevWalletEntry = Object.freeze({
    name,
    version,
    ...(parameters.icon ? { icon: parameters.icon } : {}),
    async enable() {
      if (mode === 'reject') {
        record('enable', 'rejected')
        throw refusal(4001, 'Rejected', dialect?.enableRejection)
      }
      const was = connected
      connected = true
      record('enable', 'approved')
      if (!was) for (const fn of accountListeners) fn(forSubscribers())
      return extension
    },
  })
  const control: PolkadotDevWalletControl = {
    getState: () => ({ connected, mode }),
    setMode(next) {
      mode = next
      changed()
    },
    getMode: () => mode,
    disconnect() {
      connected = false
      changed()
      for (const fn of accountListeners) fn([])
    },
    share(addresses) {
      const wanted = addresses?.map((address) => decodeSs58(address)?.publicKey).filter((key) => key !== undefined)
      sharedKeys = wanted ? accounts.filter((a) => wanted.some((key) => decodeSs58(a.address)!.publicKey.every((b, i) => b === key[i]))) : accounts
      changed()
      for (const fn of accountListeners) fn(forSubscribers())
    },
    activity: () => [...log],
    subscribe(fn) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
    accounts,
  }
  return { entry, control }
}
