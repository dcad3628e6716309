import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'

/** `approve`: requests are approved; `reject`: each request fails with code 4001. */
export type StandardDevWalletMode = 'approve' | 'reject'

/** What a dev wallet remembers (in `storage`) across reloads. */
export type StandardDevWalletState = { connected: boolean; mode: StandardDevWalletMode }

/** A record of one request, for the panel and tests. */
export type StandardDevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' | 'answered' }

/** The switches and state of a dev wallet (the panel and `window.__portico…DevWallet` use them). */
export type StandardDevWalletControl = {
  getState(): StandardDevWalletState
  setMode(mode: StandardDevWalletMode): void
  getMode(): StandardDevWalletMode
  /** Drop the site's connection, as the wallet's own "Disconnect" would (emits `change`). */
  disconnect(): void
  /** The last 50 requests, oldest first. */
  activity(): StandardDevWalletActivity[]
  /** Called after every state change or request. Returns an unsubscribe. */
  subscribe(fn: () => void): () => void
  /** Number of `standard:events` listeners attached by sites (tests check clean disposal). */
  listenerCount(): number
  address: string
}

/** What a chain's dev wallet builds its own features with. */
export type StandardDevWalletKit = {
  /** Runs a request that needs the visitor's approval: refused with 4001 in reject mode, logged either way. */
  approved<T>(method: string, run: () => T | Promise<T>): Promise<T>
  /** Throws 4100 unless the site is connected and `input.account` is this wallet's account. */
  requireAccount(input: unknown): void
}

export type CreateStandardDevWalletParameters = {
  account: WalletAccount
  name: string
  icon: Wallet['icon']
  chains: readonly IdentifierString[]
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  storageKey: string
  /** The chain's error with a wallet code (4001 rejected, 4100 not connected). */
  error(code: number, message: string): Error
  /** The chain's own features, given the approval and account checks. */
  features(kit: StandardDevWalletKit): Wallet['features']
}

const maxActivity = 50

/** Whether `value` is a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The part every extension-style Wallet Standard dev wallet of the sandbox shares: the remembered
 * connection and approve/reject mode, `standard:connect` (with `silent`), `standard:disconnect`,
 * `standard:events` (`change` with the accounts), the request log and the controls. Each chain's
 * wallet adds its own signing features through `features(kit)`.
 *
 * @param parameters the account, name, icon, chains, storage, error type and chain features
 * @returns the wallet and its controls
 * @example
 * const { wallet, control } = createStandardDevWallet({ account, name, icon, chains, storageKey: 'x', error, features: () => ({}) })
 */
export function createStandardDevWallet(parameters: CreateStandardDevWalletParameters): { wallet: Wallet; control: StandardDevWalletControl } {
  const { account, storage, storageKey, error } = parameters
  const load = (): StandardDevWalletState => {
    try {
      const raw = storage?.getItem(storageKey)
      const parsed: unknown = raw ? JSON.parse(raw) : undefined
      if (isRecord(parsed)) return { connected: parsed.connected === true, mode: parsed.mode === 'reject' ? 'reject' : 'approve' }
    } catch {
      // a corrupted value is ignored
    }
    return { connected: false, mode: 'approve' }
  }
  let state = load()
  const log: StandardDevWalletActivity[] = []
  const subscribers = new Set<() => void>()
  const changeListeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()

  const changed = () => {
    try {
      storage?.setItem(storageKey, JSON.stringify(state))
    } catch {
      // storage full or denied: the state lives on in memory
    }
    for (const fn of [...subscribers]) fn()
  }
  const record = (method: string, outcome: StandardDevWalletActivity['outcome']) => {
    log.push({ method, outcome })
    if (log.length > maxActivity) log.shift()
    changed()
  }
  const emitAccounts = () => {
    const accounts = state.connected ? [account] : []
    for (const listener of [...changeListeners]) {
      try {
        listener({ accounts })
      } catch {
        // a site's listener must not break the wallet
      }
    }
  }
  const kit: StandardDevWalletKit = {
    approved: async (method, run) => {
      if (state.mode === 'reject') {
        record(method, 'rejected')
        throw error(4001, 'User rejected the request.')
      }
      try {
        const result = await run()
        record(method, 'approved')
        return result
      } catch (failure) {
        record(method, 'failed')
        throw failure
      }
    },
    requireAccount: (input) => {
      if (!state.connected) throw error(4100, 'The site is not connected')
      const given = isRecord(input) ? (input.account as { address?: unknown } | undefined) : undefined
      if (given?.address !== account.address) throw error(4100, 'Unknown account')
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: parameters.name,
    icon: parameters.icon,
    chains: parameters.chains,
    get accounts() {
      return state.connected ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (input?.silent) {
            record('standard:connect (silent)', 'answered')
            return { accounts: state.connected ? [account] : [] }
          }
          return kit.approved('standard:connect', () => {
            const was = state.connected
            state = { ...state, connected: true }
            if (!was) emitAccounts()
            return { accounts: [account] }
          })
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          state = { ...state, connected: false }
          record('standard:disconnect', 'answered')
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) {
          if (event !== 'change' || typeof listener !== 'function') return () => {}
          changeListeners.add(listener)
          return () => {
            changeListeners.delete(listener)
          }
        },
      },
      ...parameters.features(kit),
    },
  }

  const control: StandardDevWalletControl = {
    address: account.address,
    getState: () => ({ ...state }),
    setMode(mode) {
      if (mode !== 'approve' && mode !== 'reject') return
      state = { ...state, mode }
      changed()
    },
    getMode: () => state.mode,
    disconnect() {
      if (!state.connected) return
      state = { ...state, connected: false }
      changed()
      emitAccounts()
    },
    activity: () => log.map((entry) => ({ ...entry })),
    subscribe(fn) {
      subscribers.add(fn)
      return () => subscribers.delete(fn)
    },
    listenerCount: () => changeListeners.size,
  }
  return { wallet, control }
}
