import type { Wallet } from '@wallet-standard/base'

/** What a discovery needs of `getWallets()` from `@wallet-standard/app` (tests may pass their own). */
export type WalletStandardRegistry = {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void
}

/** A Wallet Standard wallet a chain plugin can use, with a stable connector id (its cleaned name). */
export type DiscoveredStandardWallet = { id: string; name: string; icon: string | undefined; wallet: Wallet }

export type CreateWalletStandardDiscoveryParameters = {
  registry: WalletStandardRegistry
  /** Whether the chain plugin can use the wallet (its chains and features); a throw counts as no. */
  accept(wallet: Wallet): boolean
}
export type CreateWalletStandardDiscoveryReturnType = {
  wallets(): DiscoveredStandardWallet[]
  get(id: string): DiscoveredStandardWallet | undefined
  /** Resolves with the wallet once it registers, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<DiscoveredStandardWallet | undefined>
  /** Calls `listener` when a wallet registers or unregisters. */
  onChange(listener: () => void): () => void
  dispose(): void
}

const iconPattern = /^data:image\/(?:svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/=]+$/
const maxIconLength = 200_000

function usable(wallet: Wallet, accept: (wallet: Wallet) => boolean): DiscoveredStandardWallet | undefined {
  try {
    const connect = (wallet.features as Record<string, { connect?: unknown } | undefined> | undefined)?.['standard:connect']
    if (typeof connect?.connect !== 'function' || !Array.isArray(wallet.chains) || !accept(wallet)) return undefined
    // Control and bidi-override characters are dropped: the name is shown to the visitor.
    const name = typeof wallet.name === 'string' ? wallet.name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64) : ''
    if (!name) return undefined
    const icon = typeof wallet.icon === 'string' && wallet.icon.length <= maxIconLength && iconPattern.test(wallet.icon) ? wallet.icon : undefined
    return { id: name, name, icon, wallet }
  } catch {
    return undefined // a wallet whose getters throw is not offered
  }
}

/**
 * Watches a Wallet Standard registry for the wallets a chain plugin accepts (with
 * `standard:connect`), also those that register late. A wallet is listed once per name (the first
 * one wins), its name cleaned and its icon kept only when it is a base64 `data:image/…` URI.
 *
 * @param parameters the registry and the plugin's acceptance rule
 * @returns the live list and helpers
 * @example
 * const discovery = createWalletStandardDiscovery({ registry: getWallets(), accept: (w) => w.chains.some((c) => c.startsWith('mychain:')) })
 */
export function createWalletStandardDiscovery({ registry, accept }: CreateWalletStandardDiscoveryParameters): CreateWalletStandardDiscoveryReturnType {
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const offs = [registry.on('register', notify), registry.on('unregister', notify)]
  const wallets = () => {
    const found = new Map<string, DiscoveredStandardWallet>()
    for (const wallet of registry.get()) {
      const entry = usable(wallet, accept)
      if (entry && !found.has(entry.id)) found.set(entry.id, entry)
    }
    return [...found.values()]
  }
  const get = (id: string) => wallets().find((w) => w.id === id)
  return {
    wallets,
    get,
    waitFor(id, timeoutMs) {
      const now = get(id)
      if (now || timeoutMs <= 0) return Promise.resolve(now)
      return new Promise((resolve) => {
        const check = () => {
          const wallet = get(id)
          if (!wallet) return
          clearTimeout(timer)
          listeners.delete(check)
          resolve(wallet)
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          resolve(undefined)
        }, timeoutMs)
        listeners.add(check)
      })
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      for (const off of offs) off()
      listeners.clear()
    },
  }
}
