import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'

export type PolkadotOptions = {
  /** The name extensions show when asking to share accounts; default the site's metadata name, else its host. */
  appName?: string
  reconnectTimeoutMs?: number
  /** How long the send toast follows a transaction (default 60 000 ms). */
  confirmTimeoutMs?: number
}

/**
 * Not options: what the plugin runs against (tests and non-browser hosts pass their own window,
 * fetch and WebSocket class; a page's own are used otherwise). Without a WebSocket class the
 * plugin talks to a network's HTTP endpoints only.
 */
export type PolkadotEnvironment = { window?: object; fetch?: typeof globalThis.fetch; WebSocket?: typeof globalThis.WebSocket }

const namespace = 'polkadot'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupPolkadot.js'))

/**
 * The polkadot chain plugin: discovery of every extension in `window.injectedWeb3` (read
 * directly), connect and silent reconnect with the accounts the visitor shares (ethereum-type
 * accounts left out), SS58 addresses re-encoded for the network's prefix, the extension's account
 * changes followed, message signing with `signRaw` and a sign-in verifier (sr25519, ed25519,
 * ecdsa). Built only on Portico's public plugin API.
 *
 * @example
 * import { polkadot, polkadotAssetHub } from 'portico/polkadot'
 * createPortico({ networks: [polkadotAssetHub], plugins: [polkadot()] })
 */
export function polkadot(options: PolkadotOptions = {}, environment: PolkadotEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    messages: { [`${namespace}.chainName`]: 'Polkadot' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupPolkadot(portico, options, environment),
  })
}
