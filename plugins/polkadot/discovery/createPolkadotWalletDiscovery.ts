/** An account an extension shares (`@polkadot/extension-inject`'s `InjectedAccount`). */
export type InjectedAccount = { address: string; name?: string; genesisHash?: string | null; type?: string }
/** What `enable(appName)` resolves: the extension's accounts and signer. */
export type InjectedExtension = {
  accounts: { get(anyType?: boolean): Promise<InjectedAccount[]>; subscribe?(callback: (accounts: InjectedAccount[]) => void): (() => void) | unknown }
  signer: {
    signRaw?(payload: { address: string; data: string; type: 'bytes' }): Promise<{ id?: number; signature: string }>
    /** Signs a transaction described as a `SignerPayloadJSON` (hex fields, the runtime's signed extensions). */
    signPayload?(payload: Record<string, unknown>): Promise<{ id?: number; signature: string; signedTransaction?: string }>
  }
}
/** One entry of `window.injectedWeb3`. */
export type InjectedWeb3Entry = {
  version?: string
  /** Not standard: a name some extensions add; shown for keys Portico does not know. */
  name?: string
  /** Not standard: an icon some extensions add (a `data:image/…` URL); shown as the wallet's icon. */
  icon?: string
  enable(appName: string): Promise<InjectedExtension>
}

/** An extension found in the page. */
export type DiscoveredPolkadotWallet = { id: string; name: string; entry: InjectedWeb3Entry; /** The entry's own icon, when it gives a `data:image/…` URL. */ icon?: string }

/** The names of the extensions that announce themselves in `window.injectedWeb3`, by key. */
export const polkadotWalletNames: Readonly<Record<string, string>> = {
  'polkadot-js': 'Polkadot.js',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  enkrypt: 'Enkrypt',
  'fearless-wallet': 'Fearless',
  polkagate: 'PolkaGate',
}

const keyPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/i

/**
 * Reads `window.injectedWeb3` (Polkadot.js, Talisman, SubWallet, Nova's in-app browser — which
 * announces itself as `polkadot-js` with `walletExtension.isNovaWallet` — and any other): each
 * entry with an `enable` function, once, under its key. Read directly, so nothing of
 * `@polkadot/extension-dapp` (186 KB gzipped) is bundled; hostile getters and malformed entries
 * are skipped.
 *
 * @param root - the window
 * @returns the extensions found now
 * @example
 * listPolkadotWallets(window) // [{ id: 'talisman', name: 'Talisman', entry }]
 */
export function listPolkadotWallets(root: object | undefined): DiscoveredPolkadotWallet[] {
  if (!root) return []
  let injected: unknown
  let nova = false
  try {
    injected = (root as { injectedWeb3?: unknown }).injectedWeb3
    nova = (root as { walletExtension?: { isNovaWallet?: unknown } }).walletExtension?.isNovaWallet === true
  } catch {
    return []
  }
  if (typeof injected !== 'object' || injected === null) return []
  const found: DiscoveredPolkadotWallet[] = []
  let keys: string[]
  try {
    keys = Object.keys(injected).slice(0, 30)
  } catch {
    return []
  }
  for (const key of keys) {
    if (!keyPattern.test(key)) continue
    try {
      const entry = (injected as Record<string, unknown>)[key] as InjectedWeb3Entry | undefined
      if (typeof entry?.enable !== 'function') continue
      // An extension Portico does not know by key may say its name (a plain short string); else its key is shown.
      const own = (entry as { name?: unknown }).name
      const announced = typeof own === 'string' && /^[\p{L}\p{N} ()._-]{1,48}$/u.test(own) ? own : undefined
      const name = key === 'polkadot-js' && nova ? 'Nova Wallet' : (polkadotWalletNames[key] ?? announced ?? key)
      // An icon the entry gives itself (not standard): a data URL only, so showing it asks no server.
      const ownIcon = (entry as { icon?: unknown }).icon
      const icon = typeof ownIcon === 'string' && ownIcon.length <= 100_000 && /^data:image\/(svg\+xml|png|webp);base64,[A-Za-z0-9+/=]+$/.test(ownIcon) ? ownIcon : undefined
      found.push({ id: key, name, entry, ...(icon ? { icon } : {}) })
    } catch {
      // a hostile getter: skipped
    }
  }
  return found
}
