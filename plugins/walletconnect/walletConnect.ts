import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import { isPendingPairing, pendingPairingKey } from './constants.js'
import type { WalletConnectKeyValueStorage } from './types.js'

export type WalletConnectOptions = {
  /** The relay (`ws://` or `wss://`); default: the site's `endpoints.relay`. */
  relayUrl?: string
  /** Sent to the relay; default: `createPortico`'s `projectId`. */
  projectId?: string
  /** Register proposals with the WalletConnect Verify service (default false: no iframe from another host). */
  verify?: boolean
  /** The dapp as wallets show it; default: `createPortico`'s `metadata`, else the page title and origin. */
  metadata?: { name?: string; description?: string; url?: string; icons?: string[]; redirect?: { native?: string; universal?: string } }
  /** How long to wait for the relay to accept a pairing (default 20000 ms). */
  connectTimeoutMs?: number
}

/** Not options: what the plugin runs against (tests and non-browser hosts pass their own). */
export type WalletConnectEnvironment = {
  /** Where the sign-client keeps sessions and keys (default: IndexedDB in a browser, memory in Node). */
  storage?: WalletConnectKeyValueStorage
  /** The sign-client's storage prefix (default `portico`); two clients in one process need two. */
  storagePrefix?: string
  /** The pairing window (default 4 minutes; a URI counts as expired 10 s before its end). */
  pairingWindowMs?: number
}

const pluginName = 'walletconnect'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupWalletConnect.js'))

/**
 * The WalletConnect connector plugin: one WalletConnect v2 session for every namespace whose
 * chain plugin declares a WalletConnect namespace, through the relay you choose. The
 * sign-client loads only when a visitor picks WalletConnect or a stored session is restored.
 * Its state (pairing URI, expiry, status, error) is `portico.getStore('walletconnect')`; its
 * views are ConnectingWalletConnect and ConnectingWalletConnectBasic (QR code, "Copy link",
 * deep links).
 *
 * @param options - see {@link WalletConnectOptions}
 * @param environment - test and host seams, see {@link WalletConnectEnvironment}
 * @example
 * import { eip155 } from 'portico/eip155'
 * import { walletConnect } from 'portico/walletconnect'
 * createPortico({ projectId: 'demo', networks, plugins: [eip155(), walletConnect({ relayUrl: 'wss://relay.example.com/relay' })] })
 */
export function walletConnect(options: WalletConnectOptions = {}, environment: WalletConnectEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: pluginName,
    kind: 'connector',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code (its MobX store, the taps, the engine's loader) loads with the kernel.
    code,
    setup: (loaded, portico) => loaded.setupWalletConnect(portico, options, environment),
    // Start-time duty (docs/architecture.md): a pairing shown before the page was left, still
    // within its window, may have been approved in the wallet app meanwhile: load now to pick it up.
    startup: ({ storage, now }) => (storage.get(pendingPairingKey, isPendingPairing)?.expiresAt ?? 0) > now(),
  })
}
