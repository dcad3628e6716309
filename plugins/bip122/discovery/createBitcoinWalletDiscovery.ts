import type { BitcoinWallet } from './bitcoinWallet.js'
import { okxBitcoinWallet } from './okxBitcoinWallet.js'
import { phantomBitcoinWallet } from './phantomBitcoinWallet.js'
import { unisatWallet } from './unisatWallet.js'
import { walletStandardBitcoinWallet, type StandardWallet } from './walletStandardBitcoinWallet.js'
import { wbip004Wallet, type SatsConnectLoader } from './wbip004Wallet.js'

/** A Wallet Standard registry (`getWallets()` of `@wallet-standard/app`). */
export type BitcoinWalletRegistry = { get(): readonly StandardWallet[]; on(event: 'register' | 'unregister', listener: () => void): () => void }

export type CreateBitcoinWalletDiscoveryParameters = {
  /** Where `btc_providers`, the providers' dotted paths and `unisat` are read (the window). */
  root?: object
  registry?: BitcoinWalletRegistry
  /** How often injected globals are re-read for late wallets (ms; default 500, for `watchMs`). */
  pollMs?: number
  /** How long after creation late injections are watched for (ms; default 5000). */
  watchMs?: number
  /** Loads `sats-connect` (`() => import('sats-connect')`): Xverse is then reached through it. */
  satsConnect?: SatsConnectLoader
}

export type CreateBitcoinWalletDiscoveryReturnType = {
  wallets(): BitcoinWallet[]
  get(id: string): BitcoinWallet | undefined
  /** Resolves with the wallet once it is present, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<BitcoinWallet | undefined>
  /** Calls `listener` when the list of wallets changes. */
  onChange(listener: () => void): () => void
  /** Adds a Wallet Standard registry found later (e.g. loaded with `await import()`); its events refresh the list. */
  attachRegistry(registry: BitcoinWalletRegistry): void
  dispose(): void
}

/**
 * Finds Bitcoin wallets in every injection style: WBIP004 `btc_providers` (Leather, Xverse, …),
 * `window.unisat`, `window.phantom.bitcoin`, `window.okxwallet.bitcoin`, and Wallet Standard
 * wallets with `bitcoin:connect`; wallets injected late are picked up (re-read for a few seconds, and on every registry event). One entry per wallet id and
 * per name (the first style wins). Namespace-free: other Bitcoin-based plugins may reuse it.
 *
 * @param parameters - the global object, the registry and timings
 * @returns the live list and helpers
 * @example
 * const discovery = createBitcoinWalletDiscovery({ root: window, registry: getWallets() })
 */
export function createBitcoinWalletDiscovery({ root, registry: initialRegistry, pollMs = 500, watchMs = 5_000, satsConnect }: CreateBitcoinWalletDiscoveryParameters = {}): CreateBitcoinWalletDiscoveryReturnType {
  const listeners = new Set<() => void>()
  let cache = new Map<string, BitcoinWallet>()
  let signature = ''

  function scan(): Map<string, BitcoinWallet> {
    const found = new Map<string, BitcoinWallet>()
    const names = new Set<string>()
    const add = (wallet: BitcoinWallet | undefined) => {
      if (!wallet || found.has(wallet.id) || names.has(wallet.name.toLowerCase())) return
      found.set(wallet.id, wallet)
      names.add(wallet.name.toLowerCase())
    }
    if (root) {
      try {
        const listings = (root as { btc_providers?: unknown }).btc_providers
        if (Array.isArray(listings)) for (const listing of listings.slice(0, 50)) add(wbip004Wallet(root, listing, satsConnect ? { satsConnect } : {}))
      } catch {
        // a hostile global is skipped
      }
      // Wallets with a global of their own: Unisat, Phantom's `phantom.bitcoin`, OKX's `okxwallet.bitcoin`; each read on its own.
      const page = root as { unisat?: unknown; phantom?: { bitcoin?: unknown }; okxwallet?: { bitcoin?: unknown } }
      for (const read of [() => unisatWallet(page.unisat), () => phantomBitcoinWallet(page.phantom?.bitcoin), () => okxBitcoinWallet(page.okxwallet?.bitcoin)]) {
        try {
          add(read())
        } catch {
          // a hostile global is skipped
        }
      }
    }
    if (registry) for (const wallet of registry.get()) add(walletStandardBitcoinWallet(wallet))
    return found
  }

  function refresh(): Map<string, BitcoinWallet> {
    const next = scan()
    const nextSignature = [...next.keys()].join('\n')
    if (nextSignature !== signature) {
      // Keep the wallet objects of unchanged ids, so a connection's wallet stays the same object.
      for (const [id, wallet] of cache) if (next.has(id)) next.set(id, wallet)
      cache = next
      const changed = signature !== '' || next.size > 0
      signature = nextSignature
      if (changed) for (const listener of [...listeners]) listener()
    }
    return cache
  }

  let registry: BitcoinWalletRegistry | undefined
  const offs: (() => void)[] = []
  function attachRegistry(next: BitcoinWalletRegistry) {
    if (registry) return
    registry = next
    offs.push(next.on('register', () => refresh()), next.on('unregister', () => refresh()))
    refresh()
  }
  if (initialRegistry) attachRegistry(initialRegistry)
  const started = Date.now()
  const timer = root && watchMs > 0 ? setInterval(() => (Date.now() - started > watchMs ? clearInterval(timer) : refresh()), pollMs) : undefined

  return {
    wallets: () => [...refresh().values()],
    get: (id) => refresh().get(id),
    async waitFor(id, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const wallet = refresh().get(id)
        if (wallet || Date.now() >= deadline) return wallet
        await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(1, deadline - Date.now()))))
      }
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    attachRegistry,
    dispose() {
      if (timer) clearInterval(timer)
      for (const off of offs.splice(0)) off()
      listeners.clear()
    },
  }
}
