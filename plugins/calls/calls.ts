import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'

/** The calls plugin takes no options: `calls()`. */
export type CallsOptions = Record<string, never>

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupCalls.js'))

/**
 * The EIP-5792 and smart-account plugin. The handle's `getCapabilities`, `sendCalls`,
 * `getCallsStatus`, `waitForCallsStatus`, `showCallsStatus`, `fetchUserOperationReceipt` and
 * `switchAccountType` (and the React hooks on them: `useSendCalls`, `useCallsStatus` …) work once
 * it is installed; their code loads with `await import()` on the first call. For EVM wallets it
 * taps eip155's `getCapabilities`, `sendCalls`, `getCallsStatus` and `showCallsStatus`
 * (`wallet_getCapabilities` …, sent through the eip155 plugin's `request` tap or the connection's
 * channel) and `smartAccount` (`eth_getCode` through the eip155 plugin's RPC client), and tells the
 * eip155 plugin each account's type (`wallet_getCapabilities`). The Account view shows a smart
 * account's type and deployment (badges) and, where the connection offers both types, a switch.
 * After a connection, a connector that creates accounts gets the default account type. Without it
 * the actions throw `PluginRequiredError` and EVM accounts carry no type (`eoa`). Its setup loads
 * with the kernel (`load()`), not with the page.
 *
 * @example
 * import { calls } from 'portico/calls'
 * const portico = createPortico({ networks, plugins: [eip155(), calls()] })
 * const { id } = await portico.sendCalls({ calls: [{ to, data }], atomicRequired: true })
 */
export function calls(options: CallsOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'calls',
    kind: 'feature',
    // The actions it lends the instance and the handle, each a member of its store.
  actions: ['getCapabilities', 'sendCalls', 'getCallsStatus', 'waitForCallsStatus', 'showCallsStatus', 'fetchUserOperationReceipt', 'switchAccountType'],
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    code,
    setup: (loaded, portico) => loaded.setupCalls(portico),
  })
}
