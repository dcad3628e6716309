import { requireHook, type ConnectRequest, type ConnectResult, type Disposer, type Network, type PluginContext, type View, type WalletConnector } from '../../../kernel/kernel.js'
import { ledgerChainFor, ledgerChainOf } from '../chains/index.js'
import { ledgerConnectorId, ledgerNamespaces, ledgerStorageKey, ledgerView } from '../constants.js'
import type { LedgerControls, LedgerEnvironment, LedgerOptions } from '../ledger.js'
import { ledgerLogo } from '../logo.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { loadLedgerDevice } from '../transport/loadLedgerDevice.js'
import { ledgerVendorId, pickTransport } from '../transport/transportKinds.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const pluginName = 'ledger'

type Stored = { path: string; address: string }

/** The kept value's shape (its path is checked in full by `isConcretePath` before it is used). */
function storedGuard(namespace: string) {
  return (value: unknown): value is Stored => {
    const v = value as Partial<Stored> | null
    if (typeof v !== 'object' || v === null || typeof v.address !== 'string' || typeof v.path !== 'string' || v.path.length > 200) return false
    return ledgerChainOf(namespace).isAddress(v.address)
  }
}

/** The connection work (errors, path checks, channels), loaded with the device code: none of it is needed up front. */
const connection = () => import('../connection/ledgerConnection.js')

const sameAddress = (namespace: string, a: string, b: string) => ledgerChainOf(namespace).sameAddress(a, b)

/** Whether an allowed Ledger is plugged in, asked of the browser without loading Ledger's libraries. */
async function allowedLedgerPresent(kind: 'webhid' | 'webusb'): Promise<boolean> {
  const nav = (globalThis as { navigator?: { hid?: { getDevices(): Promise<{ vendorId: number }[]> }; usb?: { getDevices(): Promise<{ vendorId: number }[]> } } }).navigator
  const api = kind === 'webhid' ? nav?.hid : nav?.usb
  try {
    return Boolean(api && (await api.getDevices()).some((device) => device.vendorId === ledgerVendorId))
  } catch {
    return false
  }
}

/**
 * The ledger plugin's `setup`, loaded with the kernel (`ledger().load()`), not with the page: the
 * `Ledger` connector of each configured namespace it serves, its connect / reconnect / disconnect /
 * switchNetwork taps, the ConnectingLedger view's store and descriptor. Ledger's libraries still
 * load only when the visitor picks Ledger or a kept connection is restored.
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link LedgerOptions}
 * @param environment - test seams, see {@link LedgerEnvironment}
 * @returns the disposer (closes the device)
 * @example
 * const dispose = setupLedger(context, { transport: 'webhid' }, {})
 */
export function setupLedger(portico: PluginContext, options: LedgerOptions, environment: LedgerEnvironment): Disposer {
  const configured = new Set(portico.stores.networks.namespaces)
  const namespaces = (options.namespaces ?? ledgerNamespaces).filter((ns) => configured.has(ns))
  const transportOption = options.transport ?? 'auto'
  const isBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined'
  const supported = () => environment.supported ?? pickTransport(transportOption) !== undefined

  let device: LedgerDevice | undefined
  let loading: Promise<LedgerDevice> | undefined
  const deviceNow = (): Promise<LedgerDevice> =>
    (loading ??= loadLedgerDevice({ transport: transportOption, ...(environment.openTransport ? { openTransport: environment.openTransport } : {}) }).then(
      (loaded) => (device = loaded),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  /** The account the view chose, waiting for the `connect` tap, per namespace. */
  const picks = new Map<string, Stored>()
  /** Namespaces with a live Ledger connection: the transport closes when none is left. */
  const inUse = new Set<string>()

  const networksOf = (namespace: string): readonly Network[] => portico.stores.networks.networks.filter((n) => n.chainNamespace === namespace)
  const addressOf = async (namespace: string, path: string): Promise<string> => {
    // The device first: it installs the global `Buffer` the namespace's Ledger library needs.
    const d = await deviceNow()
    return (await ledgerChainOf(namespace).load()).address(d, path, portico.stores.networks.activeOf(namespace) ?? networksOf(namespace)[0])
  }

  async function resultFor(namespace: string, { path, address }: Stored, request: ConnectRequest): Promise<ConnectResult> {
    const network = request.network ?? portico.stores.networks.activeOf(namespace) ?? networksOf(namespace)[0]
    const [d, { ledgerConnectResult }] = await Promise.all([deviceNow(), connection()])
    const result = await ledgerConnectResult({
      namespace,
      device: d,
      path,
      address,
      network,
      networks: () => networksOf(namespace),
      environment: { ...(environment.publicClient ? { publicClient: environment.publicClient } : {}), ...(environment.fetch ? { fetch: environment.fetch } : {}) },
    })
    portico.services.storage.set(ledgerStorageKey(namespace), { path, address })
    inUse.add(namespace)
    return result
  }

  const controls: LedgerControls = Object.freeze({
    pageSize: options.pageSize ?? 5,
    supported,
    async open() {
      const [d, { openInClick }] = await Promise.all([deviceNow(), connection()])
      await openInClick(d, supported())
    },
    app: async () => (await deviceNow()).app(),
    appFor: (namespace: string) => ledgerChainFor(namespace, portico.stores.networks.activeOf(namespace) ?? networksOf(namespace)[0]).app,
    address: addressOf,
    async balance(namespace: string, address: string) {
      const network = portico.stores.networks.activeOf(namespace) ?? networksOf(namespace)[0]
      if (!network) return undefined
      return requireHook(portico.hooks.fetchBalance, 'fetchBalance', namespace).promise({ namespace, address, network })
    },
    replaceView: (view: View) => portico.replaceView(view),
    async choose(namespace: string, path: string, address: string) {
      picks.set(namespace, { path, address })
      try {
        await portico.connect({ namespace, connectorId: ledgerConnectorId })
      } finally {
        picks.delete(namespace)
      }
    },
  })
  portico.registerStore(pluginName, controls)

  const ours = (request: { connectorId: string }) => request.connectorId === ledgerConnectorId
  const connectors: WalletConnector[] = namespaces.map((namespace) => ({ id: ledgerConnectorId, name: 'Ledger', namespace, type: 'EXTERNAL', imageUrl: ledgerLogo, view: ledgerView }))

  const { hooks } = portico
  for (const namespace of namespaces) {
    const connector = connectors.find((c) => c.namespace === namespace) as WalletConnector
    // Offered in a browser only (a server-side render has no device to reach); the view says
    // so when the browser has neither WebHID nor WebUSB.
    hooks.discoverWallets.for(namespace).tapPromise(pluginName, async (context) => {
      if (environment.supported !== undefined || isBrowser) context.add(connector)
    })
    const tap = { name: pluginName, stage: -10 }
    hooks.connect.for(namespace).tapPromise(tap, async (request) => {
      if (!ours(request)) return undefined
      const pick = picks.get(namespace)
      if (!pick) return (await connection()).accountNotChosen()
      return resultFor(namespace, pick, request)
    })
    hooks.reconnect.for(namespace).tapPromise(tap, async (request) => {
      if (!ours(request)) return undefined
      // Never a prompt here: a kept path, an already allowed device, the same address, or no answer.
      const stored = portico.services.storage.get(ledgerStorageKey(namespace), storedGuard(namespace))
      const kind = pickTransport(transportOption)
      if (!stored || !kind) return undefined
      try {
        if (!device?.isOpen && !(await allowedLedgerPresent(kind))) return undefined
        const d = await deviceNow()
        if (!(await connection()).isKeptPath(namespace, stored.path)) return undefined
        if (!d.isOpen && !(await d.open({ prompt: false }))) return undefined
        const address = await addressOf(namespace, stored.path)
        if (!sameAddress(namespace, address, stored.address)) return undefined
        return await resultFor(namespace, stored, request)
      } catch {
        return undefined
      }
    })
    hooks.disconnect.for(namespace).tapPromise(tap, async (request) => {
      if (!ours(request)) return
      portico.services.storage.remove(ledgerStorageKey(namespace))
      inUse.delete(namespace)
      if (inUse.size === 0 && device) await device.close()
    })
    // After the chain plugin's tap (which asks the channel to switch, answered at once): the page moves.
    hooks.switchNetwork.for(namespace).tapPromise({ name: pluginName, stage: 10 }, async (request) => (ours(request) ? { caipNetworkId: request.network.caipNetworkId } : undefined))
  }
  hooks.registerViews.tap(pluginName, (registry) => {
    registry.register({ id: ledgerView, title: 'ledger.title', load: () => import('../views/ConnectingLedgerView.js').then((m) => m.ConnectingLedgerView), owner: pluginName })
  })

  return async () => {
    if (device) await device.close()
  }
}
