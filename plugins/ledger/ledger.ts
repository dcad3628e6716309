import { defineLazyPlugin, lazyCode, type BalanceResult, type Plugin, type PluginContext, type View } from '../../kernel/index.js'
import type { LedgerNamespace } from './constants.js'
import type { LedgerApp, LedgerDeviceOptions } from './transport/LedgerDevice.js'
import type { LedgerTransportOption } from './transport/transportKinds.js'
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

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupLedger.js'))

/**
 * The Ledger connector plugin (issue 25, docs/guides/hardware-wallets.md): a `Ledger` connector
 * for eip155 and solana whose ConnectingLedger view walks the visitor through plugging in,
 * opening the chain's app and picking an account (derivation path, paged addresses with
 * balances). The connection is a channel: the chain plugins encode requests as for WalletConnect,
 * and the device signs them. Ledger's libraries load behind `await import()` only when the visitor
 * picks Ledger, or a kept Ledger connection is restored with the device already allowed. Its setup
 * (the connectors and taps) loads with the kernel (`load()`), not with the page.
 *
 * @param options - see {@link LedgerOptions}
 * @param environment - test seams, see {@link LedgerEnvironment}
 * @example
 * import { ledger } from 'portico/ledger'
 * createPortico({ networks: [mainnet, solanaMainnet], plugins: [eip155(), solana(), ledger()] })
 */
export function ledger(options: LedgerOptions = {}, environment: LedgerEnvironment = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'ledger',
    kind: 'connector',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupLedger(portico, options, environment),
  })
}
