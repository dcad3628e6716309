import { definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import type { CallsApi } from '../../kernel/plugin/callsApi.js'
import { meta } from './meta.js'

/** The calls plugin takes no options: `calls()`. */
export type CallsOptions = Record<string, never>

const actions = () => import('./callsActions.js')
const walletCalls = () => import('./eip155/walletCalls.js')

/**
 * The EIP-5792 plugin: the handle's `getCapabilities`, `sendCalls`, `getCallsStatus`,
 * `waitForCallsStatus`, `showCallsStatus` and `fetchUserOperationReceipt` (and the React hooks on
 * them: `useSendCalls`, `useCallsStatus` …) work once it is installed; their code loads with
 * `await import()` on the first call. It taps eip155's `sendCalls`, `getCallsStatus` and
 * `showCallsStatus` (`wallet_sendCalls` …, sent through the eip155 plugin's `request` tap or the
 * connection's channel; their code loads on the first batch); `getCapabilities` is the eip155
 * plugin's own (account types read it). Without it the actions throw `PluginRequiredError`.
 *
 * @example
 * import { calls } from 'portico/calls'
 * const portico = createPortico({ networks, plugins: [eip155(), calls()] })
 * const { id } = await portico.sendCalls({ calls: [{ to, data }], atomicRequired: true })
 */
export function calls(options: CallsOptions = {}): Plugin<PluginContext> {
  return definePlugin({
    name: 'calls',
    kind: 'feature',
    version,
    meta,
    options,
    setup(portico) {
      portico.registerStore('calls', {
        getCapabilities: async (instance, parameters) => (await actions()).getCapabilities(instance, parameters),
        sendCalls: async (instance, parameters) => (await actions()).sendCalls(instance, parameters),
        getCallsStatus: async (instance, id, parameters) => (await actions()).getCallsStatus(instance, id, parameters),
        waitForCallsStatus: async (instance, id, parameters) => (await actions()).waitForCallsStatus(instance, id, parameters),
        showCallsStatus: async (instance, id, parameters) => (await actions()).showCallsStatus(instance, id, parameters),
        fetchUserOperationReceipt: async (instance, userOpHash, parameters) => (await actions()).fetchUserOperationReceipt(instance, userOpHash, parameters),
      } satisfies CallsApi)
      // EIP-5792 for EVM wallets (plugins/calls/eip155): the requests' code loads on the first batch.
      const { hooks } = portico
      hooks.sendCalls.for('eip155').tapPromise('calls', async (request) => (await walletCalls()).sendCalls(portico, request))
      hooks.getCallsStatus.for('eip155').tapPromise('calls', async (request) => (await walletCalls()).getCallsStatus(portico, request))
      hooks.showCallsStatus.for('eip155').tapPromise('calls', async (request) => (await walletCalls()).showCallsStatus(portico, request))
    },
  })
}
