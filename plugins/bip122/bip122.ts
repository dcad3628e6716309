import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { BitcoinWalletRegistry } from './discovery/createBitcoinWalletDiscovery.js'

export type Bip122Options = {
  /** How long to wait on load for the previous wallet to be injected (default 1500 ms). */
  reconnectTimeoutMs?: number
  /** How long a send is followed until confirmed (default 600 000 ms; 0: do not wait). */
  confirmTimeoutMs?: number
  /** The fee tier of sends (default `normal`). */
  feeTier?: 'slow' | 'normal' | 'fast'
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type Bip122Environment = {
  /** Where `btc_providers`, `unisat`, `phantom.bitcoin` and `okxwallet.bitcoin` are read; default `window` in a browser. */
  root?: object
  /** A Wallet Standard registry; default `getWallets()` of `@wallet-standard/app` in a browser. */
  wallets?: BitcoinWalletRegistry
  /** `fetch` for the Esplora API; default the global one. */
  fetch?: typeof fetch
  /**
   * Reach Xverse through its own client, `sats-connect`: pass `() => import('sats-connect')` (install
   * it yourself; it loads only when Xverse is used). Without it Xverse is called directly through its
   * WBIP004 provider, which speaks the same JSON-RPC.
   */
  satsConnect?: () => Promise<unknown>
}

const namespace = 'bip122'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupBip122.js'))

/**
 * The bip122 (Bitcoin) chain plugin: discovery of WBIP004 `btc_providers`, `window.unisat`,
 * `window.phantom.bitcoin`, `window.okxwallet.bitcoin` and Wallet Standard `bitcoin:connect`
 * wallets (late ones too), payment and ordinal accounts (payment first), BTC balances from the network's Esplora API, BTC sends by a PSBT the plugin builds and
 * the wallet signs, message signing, a BIP-322 / BIP-137 sign-in verifier, address validation and
 * mempool.space-style explorer links. Built only on Portico's public plugin API.
 *
 * @param options - see {@link Bip122Options}
 * @param environment - see {@link Bip122Environment}
 * @returns the plugin
 * @example
 * import { bip122, bitcoinMainnet } from 'portico/bip122'
 * createPortico({ networks: [bitcoinMainnet], plugins: [bip122()] })
 */
export function bip122(options: Bip122Options = {}, environment: Bip122Environment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    messages: { [`${namespace}.chainName`]: 'Bitcoin' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupBip122(portico, options, environment),
  })
}
