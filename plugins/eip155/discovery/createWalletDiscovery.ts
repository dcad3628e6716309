import { injectedWalletRdns } from '../utils/injectedWalletRdns.js'
import { sanitizeProviderInfo } from '../utils/sanitizeProviderInfo.js'
import { type DiscoveredWallet, type Eip155Window, isEip1193Provider } from './Eip1193Provider.js'

export type WalletDiscovery = {
  /** Every wallet found so far: announced ones, then the plain `window.ethereum` when it is not one of them. */
  wallets(): DiscoveredWallet[]
  get(id: string): DiscoveredWallet | undefined
  /** Asks wallets to announce themselves again (`eip6963:requestProvider`). */
  request(): void
  /** Resolves with the wallet once it has announced itself, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<DiscoveredWallet | undefined>
  /** Called whenever a new wallet announces itself. */
  onChange(listener: () => void): () => void
  dispose(): void
}

/**
 * Finds browser-extension wallets: EIP-6963 announcements (each wallet once, by rdns or uuid; one
 * provider object announced under a second identity, as Rabby's "MetaMask mode" does, keeps its
 * first; a hostile announcement is sanitised or ignored) and, when enabled, a plain
 * `window.ethereum` that is not one of the announced wallets: neither one of their provider
 * objects nor, by its flags, a wallet that announced itself (Rabby's `window.ethereum` is a proxy
 * of its own, not the provider it announces; see {@link injectedWalletRdns}).
 *
 * @example
 * const discovery = createWalletDiscovery({ target: window, eip6963: true, injected: true })
 */
export function createWalletDiscovery({ target, eip6963, injected }: { target: Eip155Window | undefined; eip6963: boolean; injected: boolean }): WalletDiscovery {
  const announced = new Map<string, DiscoveredWallet>()
  const listeners = new Set<() => void>()
  const waiters = new Map<string, Set<(wallet: DiscoveredWallet) => void>>()

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail as { info?: unknown; provider?: unknown } | undefined
    if (!detail || !isEip1193Provider(detail.provider)) return
    const info = sanitizeProviderInfo(detail.info)
    if (!info) return
    const id = info.rdns ?? info.uuid
    const existing = announced.get(id)
    if (existing && existing.provider === detail.provider) return
    for (const [otherId, other] of announced) if (other.provider === detail.provider && otherId !== id) return
    const wallet: DiscoveredWallet = { id, name: info.name, type: 'ANNOUNCED', provider: detail.provider, ...(info.icon ? { icon: info.icon } : {}), ...(info.rdns ? { rdns: info.rdns } : {}) }
    announced.set(id, wallet)
    for (const resolve of waiters.get(id) ?? []) resolve(wallet)
    waiters.delete(id)
    for (const listener of [...listeners]) listener()
  }

  if (target && eip6963) target.addEventListener('eip6963:announceProvider', onAnnounce)

  function injectedWallet(): DiscoveredWallet | undefined {
    if (!target || !injected) return undefined
    let provider: unknown
    try {
      provider = target.ethereum
    } catch {
      return undefined
    }
    if (!isEip1193Provider(provider)) return undefined
    for (const wallet of announced.values()) if (wallet.provider === provider) return undefined
    const rdns = injectedWalletRdns(provider)
    if (rdns !== undefined && announced.has(rdns)) return undefined
    return { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', provider }
  }

  const discovery: WalletDiscovery = {
    wallets() {
      const plain = injectedWallet()
      return [...announced.values(), ...(plain ? [plain] : [])]
    },
    get(id) {
      return announced.get(id) ?? (id === 'injected' ? injectedWallet() : undefined)
    },
    request() {
      if (!target || !eip6963) return
      try {
        target.dispatchEvent(new Event('eip6963:requestProvider'))
      } catch {
        // a page without Event support: nothing to ask
      }
    },
    waitFor(id, timeoutMs) {
      const found = discovery.get(id)
      if (found) return Promise.resolve(found)
      discovery.request()
      const again = discovery.get(id)
      if (again) return Promise.resolve(again)
      return new Promise((resolve) => {
        const set = waiters.get(id) ?? new Set()
        const done = (wallet: DiscoveredWallet | undefined) => {
          clearTimeout(timer)
          set.delete(done as (wallet: DiscoveredWallet) => void)
          resolve(wallet)
        }
        const timer = setTimeout(() => done(discovery.get(id)), timeoutMs)
        set.add(done as (wallet: DiscoveredWallet) => void)
        waiters.set(id, set)
      })
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      if (target && eip6963) target.removeEventListener('eip6963:announceProvider', onAnnounce)
      listeners.clear()
      for (const set of waiters.values()) for (const resolve of set) (resolve as (w: DiscoveredWallet | undefined) => void)(undefined)
      waiters.clear()
    },
  }
  return discovery
}
