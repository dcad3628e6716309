import { definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import type { CallsApi } from '../../kernel/plugin/callsApi.js'
import { meta } from './meta.js'

/** The calls plugin takes no options: `calls()`. */
export type CallsOptions = Record<string, never>

const actions = () => import('./callsActions.js')

/**
 * The EIP-5792 plugin: the handle's `getCapabilities`, `sendCalls`, `getCallsStatus`,
 * `waitForCallsStatus`, `showCallsStatus` and `fetchUserOperationReceipt` (and the React hooks on
 * them: `useSendCalls`, `useCallsStatus` …) work once it is installed; their code loads with
 * `await import()` on the first call. The wallet is reached through the chain plugin's taps
 * (`getCapabilities`, `sendCalls` … of eip155). Without it they throw `PluginRequiredError`.
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
    },
  })
}
