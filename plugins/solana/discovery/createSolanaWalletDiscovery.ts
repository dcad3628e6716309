import type { DiscoveredSolanaWallet, Wallet, WalletRegistry } from './WalletStandardTypes.js'

export type CreateSolanaWalletDiscoveryReturnType = {
  wallets(): DiscoveredSolanaWallet[]
  get(id: string): DiscoveredSolanaWallet | undefined
  /** Resolves with the wallet once it registers, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<DiscoveredSolanaWallet | undefined>
  /** Calls `listener` when a usable wallet registers or unregisters. */
  onChange(listener: () => void): () => void
  dispose(): void
}

const iconPattern = /^data:image\/(?:svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/=]+$/
const maxIconLength = 200_000

function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  // Drop control and bidi-override characters; a wallet name is shown to the visitor.
  const name = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64)
  return name.length ? name : undefined
}

/** Whether a registered wallet can be used for Solana: `standard:connect` and a `solana:*` chain. */
function usable(wallet: Wallet): DiscoveredSolanaWallet | undefined {
  try {
    const features = wallet.features as Record<string, unknown> | undefined
    const connect = features?.['standard:connect'] as { connect?: unknown } | undefined
    if (typeof connect?.connect !== 'function') return undefined
    if (!Array.isArray(wallet.chains) || !wallet.chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))) return undefined
    const name = cleanName(wallet.name)
    if (!name) return undefined
    const icon = typeof wallet.icon === 'string' && wallet.icon.length <= maxIconLength && iconPattern.test(wallet.icon) ? wallet.icon : undefined
    return { id: name, name, icon, wallet }
  } catch {
    return undefined // a wallet whose getters throw is not offered
  }
}

/**
 * Watches a Wallet Standard registry (`getWallets()` of `@wallet-standard/app`) for Solana wallets,
 * also those that register late. A wallet is listed once per name (the first one wins).
 *
 * @param registry - the registry
 * @returns the live list and helpers
 * @example
 * const discovery = createSolanaWalletDiscovery(getWallets())
 */
export function createSolanaWalletDiscovery(registry: WalletRegistry): CreateSolanaWalletDiscoveryReturnType {
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const offRegister = registry.on('register', notify)
  const offUnregister = registry.on('unregister', notify)

  function wallets(): DiscoveredSolanaWallet[] {
    const found = new Map<string, DiscoveredSolanaWallet>()
    for (const wallet of registry.get()) {
      const entry = usable(wallet)
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
        const done = (value: DiscoveredSolanaWallet | undefined) => {
          clearTimeout(timer)
          listeners.delete(check)
          resolve(value)
        }
        const check = () => {
          const wallet = get(id)
          if (wallet) done(wallet)
        }
        const timer = setTimeout(() => done(undefined), timeoutMs)
        listeners.add(check)
      })
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      offRegister()
      offUnregister()
      listeners.clear()
    },
  }
}
