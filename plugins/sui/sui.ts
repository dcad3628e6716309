import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { SuiWalletRegistry } from './discovery/SuiWalletTypes.js'

export type SuiOptions = {
  /** How long to wait on load for the previous wallet to register (default 1500 ms). */
  reconnectTimeoutMs?: number
  /** How long the send toast follows a transaction (default 60 000 ms). */
  confirmTimeoutMs?: number
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type SuiEnvironment = {
  /** The Wallet Standard registry; default `getWallets()` of `@wallet-standard/app`. */
  wallets?: SuiWalletRegistry
  /** `fetch` for the node calls (GraphQL RPC or a site's JSON-RPC); default the global one. */
  fetch?: typeof fetch
}

const namespace = 'sui'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupSui.js'))

/**
 * The sui chain plugin: Wallet Standard discovery (late registrations too), connect and silent
 * reconnect, the wallet's change events, SUI and coin balances (Sui's GraphQL RPC, or a site's
 * JSON-RPC), SUI and coin sends (built with `@mysten/sui` behind `await import()`, gas from a
 * simulation, executed by the wallet),
 * `sui:signPersonalMessage`, a sign-in verifier (ed25519, secp256k1, secp256r1 with @noble),
 * address validation and explorer links, and the WalletConnect `sui` namespace. Built only on
 * Portico's public plugin API.
 *
 * @param options see {@link SuiOptions}
 * @example
 * import { sui, suiMainnet } from 'portico/sui'
 * createPortico({ networks: [suiMainnet], plugins: [sui()] })
 */
export function sui(options: SuiOptions = {}, environment: SuiEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    // The chain's name on a multi-chain wallet's badges and chain choice (the UI's `chainBadges`).
    messages: { [`${namespace}.chainName`]: 'Sui' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupSui(portico, options, environment),
  })
}
