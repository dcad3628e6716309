import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { signTransactionBytes } from './signTransactionBytes.js'
import { SolanaDevWalletError } from './SolanaDevWalletError.js'
import { solanaDevWalletIcon } from './solanaDevWalletIcon.js'

/** `approve`: requests are approved; `reject`: each request fails with code 4001. */
export type SolanaDevWalletMode = 'approve' | 'reject'

/** What the wallet remembers (in `storage`) across reloads. */
export type SolanaDevWalletState = { connected: boolean; mode: SolanaDevWalletMode }

/** A record of one request, for the panel and tests. */
export type SolanaDevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' | 'answered' }

export type CreateSolanaDevWalletParameters = {
  /** 64 bytes: the ed25519 private seed, then the public key (Solana CLI keypair layout). */
  secretKey: Uint8Array
  /** Where `signAndSendTransaction` sends, per Wallet Standard chain (e.g. the sandbox's RPC proxy). */
  rpcUrl(chain: string): string | undefined
  /** Wallet Standard chains it offers (default `['solana:localnet']`). */
  chains?: readonly `solana:${string}`[]
  /** Shown to sites (default "Portico Dev Wallet"). */
  name?: string
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  storageKey?: string
  fetch?: typeof fetch
}

export type SolanaDevWalletControl = {
  getState(): SolanaDevWalletState
  setMode(mode: SolanaDevWalletMode): void
  getMode(): SolanaDevWalletMode
  /** Drop the site's connection, as the wallet's own "Disconnect" would (emits `change`). */
  disconnect(): void
  /** The last 50 requests, oldest first. */
  activity(): SolanaDevWalletActivity[]
  /** Called after every state change or request. Returns an unsubscribe. */
  subscribe(fn: () => void): () => void
  /** Number of `standard:events` listeners attached by sites (tests check clean disposal). */
  listenerCount(): number
  address: string
}

export type CreateSolanaDevWalletReturnType = { wallet: Wallet; control: SolanaDevWalletControl }

const maxActivity = 50
const rejected = () => new SolanaDevWalletError(4001, 'User rejected the request.')

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Creates "Portico Dev Wallet" for Solana as a Wallet Standard wallet object, signing with a real
 * ed25519 key: `standard:connect` (with `silent`), `standard:disconnect`, `standard:events`,
 * `solana:signMessage`, `solana:signTransaction` and `solana:signAndSendTransaction` (sent to
 * `rpcUrl(chain)` with `sendTransaction`). Register it with `registerWalletStandardWallet`.
 *
 * @param parameters - key, chains, RPC URL, storage
 * @returns the wallet and its controls
 * @example
 * const { wallet, control } = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => rpc.rpcUrl })
 */
export function createSolanaDevWallet(parameters: CreateSolanaDevWalletParameters): CreateSolanaDevWalletReturnType {
  const { secretKey, storage, storageKey = 'porticoSolanaDevWallet' } = parameters
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== 64) throw new SolanaDevWalletError(-32602, 'The secret key must be 64 bytes')
  const publicKey = secretKey.slice(32, 64)
  if (!ed25519.getPublicKey(secretKey.subarray(0, 32)).every((b, i) => b === publicKey[i])) {
    throw new SolanaDevWalletError(-32602, 'The secret key does not match its public key')
  }
  const chains = Object.freeze([...(parameters.chains ?? ['solana:localnet'])]) as readonly `solana:${string}`[]
  const address = base58.encode(publicKey)
  const fetchFn = parameters.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const account: WalletAccount = Object.freeze({
    address,
    publicKey,
    chains,
    features: Object.freeze(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const),
    label: 'Dev account',
  })

  const load = (): SolanaDevWalletState => {
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
  const log: SolanaDevWalletActivity[] = []
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
  const record = (method: string, outcome: SolanaDevWalletActivity['outcome']) => {
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
  /** Runs a request that needs the visitor's approval. */
  const approved = async <T>(method: string, run: () => T | Promise<T>): Promise<T> => {
    if (state.mode === 'reject') {
      record(method, 'rejected')
      throw rejected()
    }
    try {
      const result = await run()
      record(method, 'approved')
      return result
    } catch (error) {
      record(method, 'failed')
      throw error
    }
  }
  const requireAccount = (input: unknown): void => {
    if (!state.connected) throw new SolanaDevWalletError(4100, 'The site is not connected')
    const given = isRecord(input) ? (input.account as { address?: unknown } | undefined) : undefined
    if (given?.address !== address) throw new SolanaDevWalletError(4100, 'Unknown account')
  }
  const requireChain = (input: unknown): string => {
    const chain = isRecord(input) ? input.chain : undefined
    if (typeof chain !== 'string' || !chains.includes(chain as `solana:${string}`)) {
      throw new SolanaDevWalletError(-32602, `Unsupported chain ${JSON.stringify(chain)?.slice(0, 40)}; this wallet knows ${chains.join(', ')}`)
    }
    return chain
  }
  const transactionOf = (input: unknown): Uint8Array => {
    const transaction = isRecord(input) ? input.transaction : undefined
    if (!(transaction instanceof Uint8Array)) throw new SolanaDevWalletError(-32602, 'The transaction must be bytes')
    return transaction
  }

  async function sendToChain(chain: string, signed: Uint8Array, options: unknown): Promise<void> {
    const url = parameters.rpcUrl(chain)
    if (!url) throw new SolanaDevWalletError(-32603, `No RPC URL for ${chain}`)
    const config = isRecord(options) ? options : {}
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [base64.encode(signed), { encoding: 'base64', preflightCommitment: typeof config.preflightCommitment === 'string' ? config.preflightCommitment : 'confirmed', skipPreflight: config.skipPreflight === true }],
      }),
      signal: AbortSignal.timeout(30_000),
    })
    const body = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code?: number; message?: string } } | undefined
    if (!body || body.error || typeof body.result !== 'string') {
      throw new SolanaDevWalletError(typeof body?.error?.code === 'number' ? body.error.code : -32603, body?.error?.message ?? `sendTransaction failed (HTTP ${response.status})`)
    }
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: parameters.name ?? 'Portico Dev Wallet',
    icon: solanaDevWalletIcon,
    chains,
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
          return approved('standard:connect', () => {
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
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: unknown[]) {
          return approved('solana:signMessage', () =>
            inputs.map((input) => {
              requireAccount(input)
              const message = isRecord(input) ? input.message : undefined
              if (!(message instanceof Uint8Array) || message.length > 64 * 1024) throw new SolanaDevWalletError(-32602, 'The message must be at most 64 KiB of bytes')
              return { signedMessage: message, signature: ed25519.sign(message, secretKey.subarray(0, 32)), signatureType: 'ed25519' as const }
            }),
          )
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: unknown[]) {
          return approved('solana:signTransaction', () =>
            inputs.map((input) => {
              requireAccount(input)
              if (isRecord(input) && input.chain !== undefined) requireChain(input)
              return { signedTransaction: signTransactionBytes(transactionOf(input), secretKey).signed }
            }),
          )
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: unknown[]) {
          return approved('solana:signAndSendTransaction', async () => {
            const outputs: { signature: Uint8Array }[] = []
            for (const input of inputs) {
              requireAccount(input)
              const chain = requireChain(input)
              const { signed } = signTransactionBytes(transactionOf(input), secretKey)
              await sendToChain(chain, signed, isRecord(input) ? input.options : undefined)
              outputs.push({ signature: signed.slice(1, 65) })
            }
            return outputs
          })
        },
      },
    },
  }

  const control: SolanaDevWalletControl = {
    address,
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
