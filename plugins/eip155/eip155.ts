import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { Eip155Window } from './discovery/Eip1193Provider.js'

export type Eip155Options = {
  /** Discover EIP-6963 wallets (default true). */
  enableEIP6963?: boolean
  /** Offer a plain `window.ethereum` as "Browser Wallet" (default true). */
  enableInjected?: boolean
  /** How long to wait on load for the previous wallet to announce itself (default 1500 ms). */
  reconnectTimeoutMs?: number
  /**
   * Detect a Safe{Wallet} host when the page runs in its iframe and the `portico/safe` plugin is
   * installed (default true): the plugin asks the parent window `getSafeInfo` (Safe Apps protocol, at most 500 ms, the Safe code loaded only
   * when framed) and, when a Safe on one of the site's networks answers, offers the connector
   * `safe` ("Safe") and connects it with no prompt. Its sends become Safe transactions: the hash a
   * send returns is the **safeTxHash**, and following it waits until the Safe's owners executed it,
   * then for the real transaction's receipt. `false` turns detection off.
   */
  safe?: boolean
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type Eip155Environment = { window?: (Eip155Window & { parent?: unknown }) | null }

const namespace = 'eip155'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupEip155.js'))

/**
 * The eip155 (EVM) chain plugin: wallet discovery by EIP-6963 and a plain `window.ethereum`,
 * connect / reconnect / disconnect, the wallet's accountsChanged, chainChanged and disconnect
 * events, network switch with the add-chain fallback, native balances through viem,
 * `personal_sign`, ETH and ERC-20 sends, address validation and explorer links. In a page framed by
 * a Safe{Wallet} host it finds the Safe (Safe Apps protocol) and connects it as the connector `safe`
 * with no prompt (with the `portico/safe` plugin; option `safe`, default on; docs/guides/smart-accounts.md §5).
 *
 * @param options - see {@link Eip155Options}
 * @example
 * import { eip155, mainnet } from 'portico/eip155'
 * createPortico({ networks: [mainnet], plugins: [eip155()] })
 */
export function eip155(options: Eip155Options = {}, environment: Eip155Environment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    // The chain's name on a multi-chain wallet's badges and chain choice (the UI's `chainBadges`).
    messages: { [`${namespace}.chainName`]: 'EVM' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 27).
    code,
    setup: (loaded, portico) => loaded.setupEip155(portico, options, environment),
  })
}
