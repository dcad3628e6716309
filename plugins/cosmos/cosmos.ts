import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { CosmosInjectedWallet } from './discovery/CosmosInjectedWallet.js'

export type CosmosOptions = {
  /** How long to wait on load for the previous wallet to be injected (default 1500 ms). */
  reconnectTimeoutMs?: number
  /** How long a send waits for its block (default 60 000 ms; 0: do not wait). */
  confirmTimeoutMs?: number
  /** The simulated gas is multiplied by this (default 1.4). */
  gasAdjustment?: number
  /** More Keplr-compatible wallets to look for, before Keplr, Leap and Cosmostation. */
  wallets?: readonly CosmosInjectedWallet[]
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type CosmosEnvironment = {
  /** Where wallets inject themselves and fire their keystore events (`keplr_keystorechange`, …); default `window`. */
  window?: EventTarget & Record<string, unknown>
  /** `fetch` for the REST gateway; default the global one. */
  fetch?: typeof fetch
}

const namespace = 'cosmos'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupCosmos.js'))

/**
 * The cosmos chain plugin: Keplr-compatible wallets (`window.keplr`, `window.leap`,
 * `window.cosmostation.providers.keplr`, late injection included), chains suggested with
 * `experimentalSuggestChain` when the wallet does not know them, connect and silent reconnect, the
 * wallet's key changes, one connection per chain id with the network button moving between them,
 * bank balances from the REST gateway, `MsgSend` sends (direct signing, amino JSON for hardware
 * wallets, fee from simulation), ADR-36 message signatures and a secp256k1 sign-in verifier, bech32
 * address validation, and the WalletConnect `cosmos` namespace. Built only on Portico's public plugin API.
 *
 * @param options see {@link CosmosOptions}
 * @example
 * import { cosmos, cosmosHub } from 'portico/cosmos'
 * createPortico({ networks: [cosmosHub], plugins: [cosmos()] })
 */
export function cosmos(options: CosmosOptions = {}, environment: CosmosEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    messages: { [`${namespace}.chainName`]: 'Cosmos' },
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupCosmos(portico, options, environment),
  })
}
