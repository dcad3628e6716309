import type { Keplr } from '@keplr-wallet/types'

import type { CosmosInjectedWallet } from './CosmosInjectedWallet.js'

export type { CosmosInjectedWallet } from './CosmosInjectedWallet.js'

/** A Keplr-compatible wallet found in the page. */
export type DiscoveredCosmosWallet = { id: string; name: string; icon?: string; provider: Keplr }

/** Keplr, Leap and Cosmostation's Keplr-compatible provider, each once. */
export const defaultCosmosWallets: readonly CosmosInjectedWallet[] = [
  { id: 'keplr', name: 'Keplr', path: 'keplr' },
  { id: 'leap', name: 'Leap', path: 'leap' },
  { id: 'cosmostation', name: 'Cosmostation', path: 'cosmostation.providers.keplr' },
]

/**
 * The window events a Keplr-compatible wallet dispatches when the visitor picks another key:
 * Keplr's `keplr_keystorechange`, Leap's `leap_keystorechange`, Cosmostation's
 * `cosmostation_keystorechange` (docs/wallets/keplr.md, leap.md, cosmostation.md).
 */
export const cosmosKeystoreEvents = ['keplr_keystorechange', 'leap_keystorechange', 'cosmostation_keystorechange'] as const

/** How long `waitFor` waits for a page still loading to fire `load`, beyond its own timeout. */
export const loadWaitMs = 10_000

/** The name other wallets also take when Keplr is absent (Leap always, Cosmostation on a setting). */
const sharedPath = 'keplr'

export type CreateCosmosWalletDiscoveryReturnType = {
  wallets(): DiscoveredCosmosWallet[]
  get(id: string): DiscoveredCosmosWallet | undefined
  /**
   * Resolves with the wallet once it is injected, or undefined after `timeoutMs` — counted from the
   * window's `load` while the page is still loading (Keplr's docs promise `window.keplr` only once the
   * document is complete), at most {@link loadWaitMs} more.
   */
  waitFor(id: string, timeoutMs: number): Promise<DiscoveredCosmosWallet | undefined>
  /** Calls `listener` when the list changes (a wallet injected late). */
  onChange(listener: () => void): () => void
  dispose(): void
}

const isProvider = (value: unknown): value is Keplr => {
  try {
    const candidate = value as Record<string, unknown> | null
    return typeof candidate === 'object' && candidate !== null && typeof candidate.enable === 'function' && typeof candidate.getKey === 'function'
  } catch {
    return false
  }
}

const read = (root: unknown, path: string): unknown => {
  let value = root
  for (const part of path.split('.')) {
    try {
      value = (value as Record<string, unknown> | null | undefined)?.[part]
    } catch {
      return undefined
    }
  }
  return value
}

/**
 * Finds Keplr-compatible wallets in the page (`window.keplr`, `window.leap`,
 * `window.cosmostation.providers.keplr`, and the `wallets` a site adds). Extensions inject late and
 * Keplr's API has no announcement, so the page is read again on `load`, on each wallet's keystore
 * event ({@link cosmosKeystoreEvents}) and every `pollMs` for `pollForMs`. A provider object is listed
 * once: under its own wallet's entry when it also answers as `window.keplr` (Leap, Cosmostation in
 * its Keplr mode), else under the first entry that finds it.
 *
 * @param target the window
 * @param wallets the injection paths to read, in order
 * @returns the live list and helpers
 * @example
 * const discovery = createCosmosWalletDiscovery(window, defaultCosmosWallets)
 */
export function createCosmosWalletDiscovery(
  target: (EventTarget & Record<string, unknown>) | undefined,
  wallets: readonly CosmosInjectedWallet[],
  { pollMs = 250, pollForMs = 3_000 }: { pollMs?: number; pollForMs?: number } = {},
): CreateCosmosWalletDiscoveryReturnType {
  const listeners = new Set<() => void>()
  let last = ''
  const list = (): DiscoveredCosmosWallet[] => {
    if (!target) return []
    const present = wallets.map((wallet) => ({ wallet, provider: read(target, wallet.path) })).filter((entry): entry is { wallet: CosmosInjectedWallet; provider: Keplr } => isProvider(entry.provider))
    // One entry per provider object: a wallet found both at its own name and at `window.keplr`
    // (Leap sets `window.keplr = window.leap` when Keplr is absent) is that wallet, not Keplr.
    const owner = new Map<Keplr, CosmosInjectedWallet>()
    for (const { wallet, provider } of present) if (wallet.path !== sharedPath && !owner.has(provider)) owner.set(provider, wallet)
    for (const { wallet, provider } of present) if (!owner.has(provider)) owner.set(provider, wallet)
    return present.filter(({ wallet, provider }) => owner.get(provider) === wallet).map(({ wallet, provider }) => ({ id: wallet.id, name: wallet.name, ...(wallet.icon ? { icon: wallet.icon } : {}), provider }))
  }
  const check = () => {
    const ids = list()
      .map((w) => w.id)
      .join(',')
    if (ids === last) return
    last = ids
    for (const listener of [...listeners]) listener()
  }
  last = list()
    .map((w) => w.id)
    .join(',')
  target?.addEventListener('load', check)
  for (const event of cosmosKeystoreEvents) target?.addEventListener(event, check)
  const started = Date.now()
  const timer = target
    ? setInterval(() => {
        check()
        if (Date.now() - started >= pollForMs) clearInterval(timer)
      }, pollMs)
    : undefined
  const get = (id: string) => list().find((w) => w.id === id)
  const stillLoading = () => {
    const state = read(target, 'document.readyState')
    return typeof state === 'string' && state !== 'complete'
  }
  return {
    wallets: list,
    get,
    waitFor(id, timeoutMs) {
      const now = get(id)
      if (now || timeoutMs <= 0) return Promise.resolve(now)
      return new Promise((resolve) => {
        let timeout: ReturnType<typeof setTimeout> | undefined
        const arm = (ms: number) => {
          clearTimeout(timeout)
          timeout = setTimeout(() => done(undefined), ms)
        }
        const loaded = () => arm(timeoutMs)
        const done = (value: DiscoveredCosmosWallet | undefined) => {
          clearTimeout(timeout)
          clearInterval(poll)
          target?.removeEventListener('load', loaded)
          resolve(value)
        }
        const poll = setInterval(() => {
          const wallet = get(id)
          if (wallet) done(wallet)
        }, 50)
        if (stillLoading()) {
          target?.addEventListener('load', loaded)
          arm(timeoutMs + loadWaitMs)
        } else arm(timeoutMs)
      })
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      if (timer) clearInterval(timer)
      target?.removeEventListener('load', check)
      for (const event of cosmosKeystoreEvents) target?.removeEventListener(event, check)
      listeners.clear()
    },
  }
}
