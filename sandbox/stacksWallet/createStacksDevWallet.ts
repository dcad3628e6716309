import { answerStacksRequest } from '../walletPage/answerStacksRequest.js'
import { stacksTestnetAddressOf } from '../stacks/devStacks.js'
import { stacksMemoOf } from '../walletPage/stacksMemoOf.js'

export type StacksDevWalletMode = 'approve' | 'reject'
/** One request the wallet answered; `memo` when a transfer carried one (shown in its panel). */
export type StacksDevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed'; memo?: string }

/** The SIP-030 provider the wallet injects: `request(method, params)` resolving a JSON-RPC 2.0 envelope or rejecting with one; Xverse-style `addListener`. */
export type StacksDevWalletProvider = {
  request(method: string, params?: unknown): Promise<{ jsonrpc: '2.0'; id: string; result: unknown }>
  addListener(listener: { eventName: string; cb: (event: unknown) => void }): () => void
}

export type StacksDevWalletControl = {
  setMode(mode: StacksDevWalletMode): void
  getMode(): StacksDevWalletMode
  getState(): { connected: boolean; mode: StacksDevWalletMode }
  /** Forgets the site and tells it (`disconnect` event). */
  disconnect(): void
  activity(): StacksDevWalletActivity[]
  subscribe(fn: () => void): () => void
}

export type CreateStacksDevWalletParameters = {
  key: { privateKey: Uint8Array; publicKey: Uint8Array }
  /** The chain it signs for: SIP-005 chain id and the Stacks API (the sandbox's proxy). */
  chain: { chainId: number; apiUrl: string }
  fetch?: typeof fetch
  /** Where the site's approval survives a reload, like an extension's own storage. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>
}

const storageKey = 'portico.stacksDevWallet'
/** The methods it answers (SIP-030 names). */
export const stacksDevWalletMethods = ['getAddresses', 'stx_getAddresses', 'stx_signMessage', 'stx_transferStx', 'stx_callContract', 'stx_deployContract', 'stx_signTransaction'] as const
/** Requests that ask the visitor (and are refused in reject mode). */
const asking = new Set(['getAddresses', 'stx_getAddresses', 'stx_signMessage', 'stx_transferStx', 'stx_callContract', 'stx_deployContract', 'stx_signTransaction'])
/** The `network` names it accepts on a request: it only knows the sandbox chain. */
const knownNetworks = new Set([undefined, 'devnet', 'mocknet'])

let counter = 0

/**
 * Creates the Stacks "Portico Dev Wallet": a SIP-030 provider with a real secp256k1 key, answering
 * `getAddresses` / `stx_getAddresses`, `stx_signMessage`, `stx_transferStx`, `stx_callContract`, `stx_deployContract` and `stx_signTransaction`
 * (through `answerStacksRequest`: `@stacks/transactions` builds and signs, the sandbox chain's API
 * gives nonce and fee and takes the broadcast), as Leather's provider does: each call resolves
 * `{ jsonrpc, id, result }` or rejects with `{ jsonrpc, id, error: { code, message } }` (4001 when the
 * "Reject requests" switch is on). Events: `disconnect` when the visitor disconnects the site in the wallet.
 *
 * @param parameters key, chain, fetch, storage
 * @returns the provider and its controls
 * @example
 * const { provider } = createStacksDevWallet({ key: devStacksKey(), chain: { chainId, apiUrl } })
 */
export function createStacksDevWallet({ key, chain, fetch: fetchFn, storage }: CreateStacksDevWalletParameters): { provider: StacksDevWalletProvider; control: StacksDevWalletControl; address: string } {
  const address = stacksTestnetAddressOf(key.publicKey)
  let mode: StacksDevWalletMode = 'approve'
  let connected = storage?.getItem(storageKey) === 'connected'
  const log: StacksDevWalletActivity[] = []
  const subscribers = new Set<() => void>()
  const listeners = new Map<string, Set<(event: unknown) => void>>()
  const changed = () => {
    for (const fn of [...subscribers]) fn()
  }
  const emit = (eventName: string, event: unknown) => {
    for (const cb of [...(listeners.get(eventName) ?? [])]) {
      try {
        cb(event)
      } catch {
        // A site's listener failing is the site's problem.
      }
    }
  }
  const record = (method: string, outcome: StacksDevWalletActivity['outcome'], memo?: string) => {
    log.push({ method, outcome, ...(memo ? { memo } : {}) })
    if (log.length > 50) log.shift()
    changed()
  }

  const provider: StacksDevWalletProvider = {
    async request(method, params) {
      const id = `portico-stacks-${++counter}`
      const fail = (code: number, message: string) => Promise.reject({ jsonrpc: '2.0', id, error: { code, message } })
      if (typeof method !== 'string' || !(stacksDevWalletMethods as readonly string[]).includes(method)) return fail(-32601, `Method not found: ${String(method).slice(0, 60)}`)
      const network = (params as { network?: unknown } | undefined)?.network
      if (!knownNetworks.has(network as string | undefined)) return fail(-32602, `This dev wallet only knows the Portico sandbox chain (devnet), not ${String(network).slice(0, 30)}`)
      const memo = stacksMemoOf(method, params)
      if (asking.has(method) && mode === 'reject') {
        record(method, 'rejected', memo)
        return fail(4001, 'User rejected request')
      }
      if (method !== 'getAddresses' && method !== 'stx_getAddresses' && !connected) {
        record(method, 'rejected')
        return fail(4100, 'The site is not connected to this wallet')
      }
      try {
        const { network: _network, ...rest } = (params ?? {}) as Record<string, unknown>
        const result = await answerStacksRequest({ method, params: rest, privateKey: key.privateKey, chain, ...(fetchFn ? { fetch: fetchFn } : {}) })
        if (method === 'getAddresses' || method === 'stx_getAddresses') {
          connected = true
          storage?.setItem(storageKey, 'connected')
        }
        record(method, 'approved', memo)
        return { jsonrpc: '2.0', id, result }
      } catch (error) {
        record(method, 'failed', memo)
        return fail(typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603, (error as Error).message ?? 'failed')
      }
    },
    addListener({ eventName, cb }) {
      if (typeof eventName !== 'string' || typeof cb !== 'function') return () => {}
      const set = listeners.get(eventName) ?? new Set()
      set.add(cb)
      listeners.set(eventName, set)
      return () => set.delete(cb)
    },
  }
  const control: StacksDevWalletControl = {
    setMode(next) {
      mode = next
      changed()
    },
    getMode: () => mode,
    getState: () => ({ connected, mode }),
    disconnect() {
      connected = false
      storage?.setItem(storageKey, '')
      emit('disconnect', { type: 'disconnect' })
      changed()
    },
    activity: () => log.map((entry) => ({ ...entry })),
    subscribe(fn) {
      subscribers.add(fn)
      return () => subscribers.delete(fn)
    },
  }
  return { provider, control, address }
}
