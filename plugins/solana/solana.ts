import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { SolanaKnownToken } from './actions/fetchTokenBalances.js'
import type { WalletRegistry } from './discovery/WalletStandardTypes.js'
import type { SolanaMobileWalletAdapter } from './mobile/mobileWalletAdapter.js'

export type SolanaOptions = {
  /** How long to wait on load for the previous wallet to register (default 1500 ms). */
  reconnectTimeoutMs?: number
  /** How long a send waits for confirmation (default 60 000 ms; 0: do not wait). */
  confirmTimeoutMs?: number
  /** SPL tokens the site names: CAIP-2 network, mint address, symbol. */
  tokens?: readonly SolanaKnownToken[]
  /**
   * Solana Mobile Wallet Adapter on Android: `mobileWalletAdapter` from `portico/solana/mobile`
   * (optional peer `@solana-mobile/wallet-standard-mobile`). Default: none.
   */
  mobileWalletAdapter?: SolanaMobileWalletAdapter
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type SolanaEnvironment = {
  /** The Wallet Standard registry; default `getWallets()` of `@wallet-standard/app`. */
  wallets?: WalletRegistry
  /** `fetch` for the JSON-RPC calls; default the global one. */
  fetch?: typeof fetch
  /** The browser's user agent (default `navigator.userAgent`): Mobile Wallet Adapter loads only on Android. */
  userAgent?: string
}

const namespace = 'solana'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupSolana.js'))

/**
 * The solana chain plugin: Wallet Standard discovery (wallets that register late too), connect and
 * silent reconnect, the wallet's change events, SOL and SPL token balances, SOL and SPL sends
 * (built by hand, signed by the wallet), `solana:signMessage`, an ed25519 sign-in verifier,
 * address validation and explorer links. Built only on Portico's public plugin API.
 *
 * @param options - see {@link SolanaOptions}
 * @example
 * import { solana, solanaMainnet } from 'portico/solana'
 * createPortico({ networks: [solanaMainnet], plugins: [solana()] })
 */
export function solana(options: SolanaOptions = {}, environment: SolanaEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    // The chain's name on a multi-chain wallet's badges and chain choice (the UI's `chainBadges`).
    messages: { [`${namespace}.chainName`]: 'Solana' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 27).
    code,
    setup: (loaded, portico) => loaded.setupSolana(portico, options, environment),
  })
}
