import type { DiscoveredSuiWallet, SuiWalletRegistry, Wallet } from './SuiWalletTypes.js'

export type CreateSuiWalletDiscoveryReturnType = {
  wallets(): DiscoveredSuiWallet[]
  get(id: string): DiscoveredSuiWallet | undefined
  /** Resolves with the wallet once it registers, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<DiscoveredSuiWallet | undefined>
  /** Calls `listener` when a wallet registers or unregisters. */
  onChange(listener: () => void): () => void
  dispose(): void
}

const iconPattern = /^data:image\/(?:svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/=]+$/
const maxIconLength = 200_000
/** Features of which a Sui wallet needs one to send (the current ones and the legacy block ones). */
const sendFeatures = ['sui:signAndExecuteTransaction', 'sui:signTransaction', 'sui:signAndExecuteTransactionBlock', 'sui:signTransactionBlock']

/** Whether a registered wallet is a Sui wallet: `standard:connect`, a `sui:*` chain and a way to sign transactions. */
function usable(wallet: Wallet): DiscoveredSuiWallet | undefined {
  try {
    const features = wallet.features as Record<string, { connect?: unknown } | undefined> | undefined
    if (typeof features?.['standard:connect']?.connect !== 'function') return undefined
    if (!sendFeatures.some((f) => features[f] !== undefined)) return undefined
    if (!Array.isArray(wallet.chains) || !wallet.chains.some((c) => typeof c === 'string' && c.startsWith('sui:'))) return undefined
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
 * Watches a Wallet Standard registry for Sui wallets (Slush/Sui Wallet, Suiet, Phantom, Nightly, …),
 * also those that register late. A wallet is listed once per name (the first one wins).
 *
 * @param registry the registry (`getWallets()`)
 * @returns the live list and helpers
 * @example
 * const discovery = createSuiWalletDiscovery(getWallets())
 */
export function createSuiWalletDiscovery(registry: SuiWalletRegistry): CreateSuiWalletDiscoveryReturnType {
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const offs = [registry.on('register', notify), registry.on('unregister', notify)]
  const wallets = () => {
    const found = new Map<string, DiscoveredSuiWallet>()
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
    waitFor: (id, timeoutMs) =>
      new Promise((resolve) => {
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
        }, Math.max(0, timeoutMs))
        listeners.add(check)
        check()
      }),
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
