import type { Keplr } from '@keplr-wallet/types'
import { createInjectedWalletPoller, readInjected } from '../../../chain-kit/index.js'

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
  const list = (): DiscoveredCosmosWallet[] => {
    const present = wallets.map((wallet) => ({ wallet, provider: readInjected(target, wallet.path) })).filter((entry): entry is { wallet: CosmosInjectedWallet; provider: Keplr } => isProvider(entry.provider))
    // One entry per provider object: a wallet found both at its own name and at `window.keplr`
    // (Leap sets `window.keplr = window.leap` when Keplr is absent) is that wallet, not Keplr.
    const owner = new Map<Keplr, CosmosInjectedWallet>()
    for (const { wallet, provider } of present) if (wallet.path !== sharedPath && !owner.has(provider)) owner.set(provider, wallet)
    for (const { wallet, provider } of present) if (!owner.has(provider)) owner.set(provider, wallet)
    return present.filter(({ wallet, provider }) => owner.get(provider) === wallet).map(({ wallet, provider }) => ({ id: wallet.id, name: wallet.name, ...(wallet.icon ? { icon: wallet.icon } : {}), provider }))
  }
  return createInjectedWalletPoller({ target, list, events: cosmosKeystoreEvents, pollMs, pollForMs, loadWaitMs })
}
