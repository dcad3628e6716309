import { runInAction } from 'mobx'
import { definePlugin, version, type Plugin, type PluginContext, type WalletConnectNamespace, type WalletConnector } from '../../kernel/kernel.js'
import { isSessionTopic, pairingWindowMs, sessionTopicKey, walletConnectConnectorId } from './constants.js'
import type { WalletConnectController, WalletConnectControllerConfig } from './controller/WalletConnectController.js'
import { messages } from './messages.js'
import { meta } from './meta.js'
import { WalletConnectStore } from './store/WalletConnectStore.js'
import type { WalletConnectKeyValueStorage } from './types.js'
import { walletConnectLogo } from './logo.js'

export type WalletConnectOptions = {
  /** The relay (`ws://` or `wss://`); default: the site's `endpoints.relay`. */
  relayUrl?: string
  /** Sent to the relay; default: `createPortico`'s `projectId`. */
  projectId?: string
  /** Register proposals with the WalletConnect Verify service (default false: no iframe from another host). */
  verify?: boolean
  /** The dapp as wallets show it; default: `createPortico`'s `metadata`, else the page title and origin. */
  metadata?: { name?: string; description?: string; url?: string; icons?: string[] }
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

function pageMetadata(): { name: string; url: string } {
  const doc = (globalThis as { document?: { title?: unknown } }).document
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin
  return {
    name: typeof doc?.title === 'string' && doc.title.trim() ? doc.title.trim().slice(0, 200) : 'Portico site',
    url: typeof origin === 'string' && origin !== 'null' ? origin : 'http://127.0.0.1',
  }
}

/** The chain plugins that declare a WalletConnect namespace, limited to namespaces the site configured. */
function declaredNamespaces(portico: PluginContext): Record<string, WalletConnectNamespace> {
  const configured = new Set(portico.stores.networks.namespaces)
  const out: Record<string, WalletConnectNamespace> = {}
  for (const plugin of portico.plugins) {
    const wc = plugin.meta?.walletConnect
    if (plugin.kind !== 'chain' || typeof plugin.namespace !== 'string' || !wc || !configured.has(plugin.namespace)) continue
    out[plugin.namespace] = { methods: [...wc.methods], events: [...wc.events] }
  }
  return out
}

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
  return definePlugin({
    name: pluginName,
    kind: 'connector',
    version,
    meta,
    messages,
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    setup(portico) {
      const declared = declaredNamespaces(portico)
      const page = pageMetadata()
      const siteMetadata = portico.options.metadata
      let controller: WalletConnectController | undefined
      let loading: Promise<WalletConnectController> | undefined
      const store = portico.registerStore(pluginName, new WalletConnectStore(() => controller?.cancel(), portico))
      const config: WalletConnectControllerConfig = {
        relayUrl: options.relayUrl ?? portico.endpoints.relay,
        projectId: options.projectId ?? portico.options.projectId,
        verify: options.verify === true,
        metadata: {
          name: options.metadata?.name ?? siteMetadata?.name ?? page.name,
          description: options.metadata?.description ?? siteMetadata?.description ?? '',
          url: options.metadata?.url ?? siteMetadata?.url ?? page.url,
          icons: [...(options.metadata?.icons ?? siteMetadata?.icons ?? [])],
        },
        connectTimeoutMs: options.connectTimeoutMs ?? 20_000,
        pairingWindowMs: environment.pairingWindowMs ?? pairingWindowMs,
        storagePrefix: environment.storagePrefix ?? 'portico',
        ...(environment.storage ? { storage: environment.storage } : {}),
        declared,
      }
      // The engine (and with it the sign-client) loads only when WalletConnect is used.
      const engine = (): Promise<WalletConnectController> =>
        (loading ??= import('./controller/WalletConnectController.js').then(({ WalletConnectController }) => {
          controller = new WalletConnectController(portico, store, config)
          return controller
        }))
      const ours = (request: { connectorId: string }) => request.connectorId === walletConnectConnectorId
      const connectors: WalletConnector[] = Object.keys(declared).map((namespace) => ({
        id: walletConnectConnectorId,
        name: 'WalletConnect',
        namespace,
        type: 'WALLET_CONNECT',
        imageUrl: walletConnectLogo,
        view: 'ConnectingWalletConnect',
        shared: true,
        connectsDirectoryWallets: true,
        // A QR code on screen is not "Connecting…": the status waits for the wallet's answer.
        pairing: true,
      }))
      // Listed from the start (no request is made): the kernel then knows a WalletConnect
      // connection is shared, and disconnecting one namespace ends all of them.
      portico.addConnectors(connectors)

      const { hooks } = portico
      for (const namespace of Object.keys(declared)) {
        const connector = connectors.find((c) => c.namespace === namespace) as WalletConnector
        hooks.discoverWallets.for(namespace).tapPromise(pluginName, async (context) => context.add(connector))
        // Before the chain plugins' taps: a `walletConnect` connection is answered at once (a chain
        // plugin's reconnect may otherwise wait for its wallet to announce itself first).
        const tap = { name: pluginName, stage: -10 }
        hooks.connect.for(namespace).tapPromise(tap, async (request) => (ours(request) ? (await engine()).connect(request) : undefined))
        hooks.reconnect.for(namespace).tapPromise(tap, async (request) => {
          // Nothing is loaded when no session is stored.
          if (!ours(request) || !portico.services.storage.get(sessionTopicKey, isSessionTopic)) return undefined
          return (await engine()).reconnect(request)
        })
        hooks.disconnect.for(namespace).tapPromise(tap, async (request) => {
          if (ours(request) && loading) await (await engine()).disconnect(request)
        })
        // After the chain plugin's tap, which may ask the wallet to switch over the channel first.
        hooks.switchNetwork.for(namespace).tapPromise({ name: pluginName, stage: 10 }, async (request) => (ours(request) && loading ? (await engine()).switchNetwork(request) : undefined))
        // Signing and sending are the chain plugins': they encode requests over the connection's channel.
      }
      hooks.registerViews.tap(pluginName, (registry) => {
        const load = () => import('./views/ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView)
        registry.register({ id: 'ConnectingWalletConnect', title: 'view.connect.group.walletConnect', load, owner: pluginName })
        registry.register({ id: 'ConnectingWalletConnectBasic', title: 'view.connect.group.walletConnect', load, owner: pluginName, manualPairing: true })
      })
      // Closing the modal while the QR code waits ends that pairing.
      hooks.modalClosed.tap(pluginName, () => store.cancel())

      return async () => {
        if (loading) await (await loading).dispose()
      }
    },
  })
}
