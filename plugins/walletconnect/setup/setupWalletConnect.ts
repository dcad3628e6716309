import { isPendingPairing, isSessionTopic, pairingWindowMs, pendingPairingKey, sessionTopicKey, walletConnectConnectorId } from '../constants.js'
import type { WalletConnectController, WalletConnectControllerConfig } from '../controller/WalletConnectController.js'
import { walletConnectLogo } from '../logo.js'
import { WalletConnectStore } from '../store/WalletConnectStore.js'
import { safeDeepLink, safeHttpUrl, type Disposer, type PluginContext, type WalletConnectNamespace, type WalletConnector } from '../../../kernel/kernel.js'
import type { WalletConnectEnvironment, WalletConnectOptions } from '../walletConnect.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings come with the setup (one chunk): `walletConnect().messages` reads them after `load()`.
export { messages } from '../messages.js'

const pluginName = 'walletconnect'

function pageMetadata(): { name: string; url: string } {
  const doc = (globalThis as { document?: { title?: unknown } }).document
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin
  return {
    name: typeof doc?.title === 'string' && doc.title.trim() ? doc.title.trim().slice(0, 200) : 'Portico site',
    url: typeof origin === 'string' && origin !== 'null' ? origin : 'http://127.0.0.1',
  }
}

/**
 * The site's `redirect` as WalletConnect metadata carries it (the wallet opens it after each
 * request): `native` only a wallet-style scheme, `universal` only an https (or loopback http) link.
 */
function redirectOf(redirect: { native?: string; universal?: string } | undefined): { redirect?: { native?: string; universal?: string } } {
  const native = safeDeepLink(redirect?.native)
  const universal = safeHttpUrl(redirect?.universal)
  if (!native && !universal) return {}
  return { redirect: { ...(native ? { native } : {}), ...(universal ? { universal } : {}) } }
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
 * The walletconnect plugin's `setup`, loaded with the kernel (`walletConnect().load()`): the
 * store, the connectors, the taps, the views, and the engine (with the sign-client) loaded on
 * first use — or at once for a pairing the visitor may have finished in a wallet app while the
 * page was away (the plugin's start-time duty).
 *
 * @example
 * const dispose = setupWalletConnect(context, {}, {})
 */
export function setupWalletConnect(portico: PluginContext, options: WalletConnectOptions, environment: WalletConnectEnvironment): Disposer {
  const declared = declaredNamespaces(portico)
  const page = pageMetadata()
  const siteMetadata = portico.options.metadata
  let controller: WalletConnectController | undefined
  let loading: Promise<WalletConnectController> | undefined
  const store = portico.registerStore(pluginName, new WalletConnectStore(() => controller?.cancel(), portico))
  const config: WalletConnectControllerConfig = {
    relayUrl: options.relayUrl ?? portico.stores.options.endpoints.relay,
    projectId: options.projectId ?? portico.options.projectId,
    verify: options.verify === true,
    metadata: {
      name: options.metadata?.name ?? siteMetadata?.name ?? page.name,
      description: options.metadata?.description ?? siteMetadata?.description ?? '',
      url: options.metadata?.url ?? siteMetadata?.url ?? page.url,
      icons: [...(options.metadata?.icons ?? siteMetadata?.icons ?? [])],
      ...redirectOf(options.metadata?.redirect ?? siteMetadata?.redirect),
    },
    connectTimeoutMs: options.connectTimeoutMs ?? 20_000,
    pairingWindowMs: environment.pairingWindowMs ?? pairingWindowMs,
    storagePrefix: environment.storagePrefix ?? 'portico',
    ...(environment.storage ? { storage: environment.storage } : {}),
    declared,
  }
  // The engine (and with it the sign-client) loads only when WalletConnect is used.
  const engine = (): Promise<WalletConnectController> =>
    (loading ??= import('../controller/WalletConnectController.js').then(({ WalletConnectController }) => {
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
    const load = () => import('../views/ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView)
    // Titled by the directory wallet the visitor chose, when one opened it (Bramble Safe's QR code
    // reads "Bramble Safe"): the wallet's name alone, the title WalletLinks shows too.
    registry.register({ id: 'ConnectingWalletConnect', title: 'view.connect.group.walletConnect', titleWithWallet: 'view.walletLinks.title', load, owner: pluginName })
    registry.register({ id: 'ConnectingWalletConnectBasic', title: 'view.connect.group.walletConnect', load, owner: pluginName, manualPairing: true })
  })
  // Closing the modal while the QR code waits ends that pairing.
  hooks.modalClosed.tap(pluginName, () => store.cancel())

  // The start-time duty (the probe in walletConnect.ts loaded the kernel for it): a pairing the page
  // showed before it was left — a phone visitor who went to the wallet app — whose session the
  // wallet may have settled meanwhile. The engine picks it up from the relay and connects, no click.
  const pending = portico.services.storage.get(pendingPairingKey, isPendingPairing)
  if (pending && pending.expiresAt > portico.clock.now()) {
    void engine()
      .then((controller) => controller.resumePairing(pending))
      .catch((error: unknown) => portico.reportError(error, { action: 'walletconnect' }))
  } else if (pending) portico.services.storage.remove(pendingPairingKey)

  return async () => {
    if (loading) await (await loading).dispose()
  }
}
