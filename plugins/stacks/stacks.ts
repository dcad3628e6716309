import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { StacksInjectedWallet } from './discovery/createStacksWalletDiscovery.js'

export type StacksOptions = {
  /** How long to wait on load for the previous wallet to be injected (default 1500 ms). */
  reconnectTimeoutMs?: number
  /** How long a send is followed until it is in a block (default 120 000 ms). */
  confirmTimeoutMs?: number
  /** More SIP-030 wallets to look for, before Leather, Xverse and the `wbip_providers` list. */
  wallets?: readonly StacksInjectedWallet[]
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type StacksEnvironment = {
  /** Where wallets inject themselves; default `window`. */
  window?: EventTarget & Record<string, unknown>
  /** `fetch` for the Stacks API; default the global one. */
  fetch?: typeof fetch
}

const namespace = 'stacks'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupStacks.js'))

/**
 * The stacks chain plugin: SIP-030 wallets (`window.LeatherProvider`, Xverse's `stx_*` methods on
 * `window.XverseProviders.BitcoinProvider`, the WBIP004 `wbip_providers` list and the `btc_providers`
 * entries naming `stx_` methods, late injection too, each once) called directly — never through
 * `@stacks/connect`, which brings its own modal; connect with `getAddresses` and silent reconnect from
 * the addresses the wallet shared; Xverse-style account changes; c32check address validation per
 * network; STX balances from the node API and SIP-010 balances from the blockchain API; STX sends
 * with `stx_transferStx` and SIP-010 sends with `stx_callContract`, each with an optional memo (`meta.sendMemo`: 34 bytes) (fee per speed from the node's estimator, shown before the wallet is asked,
 * followed to its block); `stx_signMessage`; a signer for the site's own contract calls, deploys, STX transfers and
 * SIP-030 `stx_signTransaction` over every connector (`portico.getSigner('stacks')`, loaded when first asked for); a sign-in verifier that recovers the secp256k1 key
 * from the signature over the Stacks message hash (@noble); Hiro explorer links; and the
 * WalletConnect `stacks` namespace. Built only on Portico's public plugin API.
 *
 * @param options see {@link StacksOptions}
 * @param environment see {@link StacksEnvironment}
 * @returns the plugin
 * @example
 * import { stacks, stacksMainnet } from 'portico/stacks'
 * createPortico({ networks: [stacksMainnet], plugins: [stacks()] })
 */
export function stacks(options: StacksOptions = {}, environment: StacksEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    messages: { [`${namespace}.chainName`]: 'Stacks' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupStacks(portico, options, environment),
  })
}
