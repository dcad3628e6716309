import {
  definePlugin,
  version,
  type BalanceResult,
  type CaipNetworkId,
  type ConnectRequest,
  type ConnectResult,
  type Network,
  type Plugin,
  type View,
  type PluginContext,
  type WalletConnector,
} from '../../kernel/kernel.js'
import { ledgerApps, ledgerConnectorId, ledgerNamespaces, ledgerStorageKey, ledgerView, type LedgerNamespace } from './constants.js'
import { ledgerLogo } from './logo.js'
import { messages } from './messages.js'
import { meta } from './meta.js'
import type { LedgerApp, LedgerDevice, LedgerDeviceOptions } from './transport/LedgerDevice.js'
import { loadLedgerDevice } from './transport/loadLedgerDevice.js'
import { ledgerVendorId, pickTransport, type LedgerTransportOption } from './transport/transportKinds.js'
import type { Eip155ChannelParameters } from './eip155/createEip155Channel.js'

export type LedgerOptions = {
  /** Where the connector is offered (default: every configured one of `eip155`, `solana`). */
  namespaces?: readonly LedgerNamespace[]
  /** `auto` (default): WebHID, else WebUSB. */
  transport?: LedgerTransportOption
  /** Accounts per page in the picker (default 5). */
  pageSize?: number
}

/** Not options: what the plugin runs against (tests pass their own). */
export type LedgerEnvironment = {
  /** Opens a transport instead of WebHID / WebUSB (see {@link LedgerDeviceOptions}). */
  openTransport?: LedgerDeviceOptions['openTransport']
  /** The eip155 channel's public client per network (default: viem over the network's RPC URL). */
  publicClient?: Eip155ChannelParameters['publicClient']
  /** Solana JSON-RPC `fetch` (default: the page's). */
  fetch?: typeof globalThis.fetch
  /** Whether the page can reach a device (default: it has `navigator.hid` or `navigator.usb`). */
  supported?: boolean
}

/** What the ConnectingLedger view reads and calls (`portico.getStore('ledger')`). */
export type LedgerControls = Readonly<{
  pageSize: number
  /** Whether this browser can reach a Ledger at all. */
  supported(): boolean
  /** Opens the device; call it in the visitor's click (the browser's chooser). */
  open(): Promise<void>
  /** The open app (`B0 01`). */
  app(): Promise<LedgerApp>
  /** The app a namespace needs (`Ethereum`, `Solana`). */
  appFor(namespace: string): string
  /** The address of a concrete path, read from the device. */
  address(namespace: string, path: string): Promise<string>
  /** The native balance of an address on the namespace's active network (the chain plugin's `fetchBalance`). */
  balance(namespace: string, address: string): Promise<BalanceResult | undefined>
  /** Connects the namespace with this account. */
  choose(namespace: string, path: string, address: string): Promise<void>
  /** Replaces the current view (after connecting, the `redirectView` the view was opened with). */
  replaceView(view: View): void
}>

type Stored = { path: string; address: string }

const pluginName = 'ledger'

/** The kept value's shape (its path is checked in full by `isConcretePath` before it is used). */
function storedGuard(namespace: string) {
  return (value: unknown): value is Stored => {
    const v = value as Partial<Stored> | null
    if (typeof v !== 'object' || v === null || typeof v.address !== 'string' || typeof v.path !== 'string' || v.path.length > 200) return false
    return namespace === 'eip155' ? /^0x[0-9a-fA-F]{40}$/.test(v.address) : /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(v.address)
  }
}

/** The connection work (errors, path checks, channels), loaded with the device code: none of it is needed up front. */
const connection = () => import('./connection/ledgerConnection.js')

const sameAddress = (namespace: string, a: string, b: string) => (namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b)

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
 * The Ledger connector plugin (issue 25, docs/guides/hardware-wallets.md): a `Ledger` connector
 * for eip155 and solana whose ConnectingLedger view walks the visitor through plugging in,
 * opening the chain's app and picking an account (derivation path, paged addresses with
 * balances). The connection is a channel: the chain plugins encode requests as for WalletConnect,
 * and the device signs them. Ledger's libraries load behind `await import()` only when the visitor
 * picks Ledger, or a kept Ledger connection is restored with the device already allowed.
 *
 * @param options - see {@link LedgerOptions}
 * @param environment - test seams, see {@link LedgerEnvironment}
 * @example
 * import { ledger } from 'portico/ledger'
 * createPortico({ networks: [mainnet, solanaMainnet], plugins: [eip155(), solana(), ledger()] })
 */
export function ledger(options: LedgerOptions = {}, environment: LedgerEnvironment = {}): Plugin<PluginContext> {
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
        const d = await deviceNow()
        return namespace === 'solana' ? d.solanaAddress(path) : d.ethAddress(path)
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
          ...(environment.publicClient ? { publicClient: environment.publicClient } : {}),
          ...(environment.fetch ? { fetch: environment.fetch } : {}),
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
        appFor: (namespace: string) => ledgerApps[namespace as LedgerNamespace] ?? 'Ethereum',
        address: addressOf,
        async balance(namespace: string, address: string) {
          const network = portico.stores.networks.activeOf(namespace) ?? networksOf(namespace)[0]
          if (!network) return undefined
          return portico.readBalance({ chainId: network.caipNetworkId, address })
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
        registry.register({ id: ledgerView, title: 'ledger.title', load: () => import('./views/ConnectingLedgerView.js').then((m) => m.ConnectingLedgerView), owner: pluginName })
      })

      return async () => {
        if (device) await device.close()
      }
    },
  })
}
