import { ProviderRpcError, type CaipNetworkId, type PluginContext } from '../../../kernel/kernel.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'
import { readDeployed } from '../accountType/readDeployed.js'
import { parseCallsStatus } from './parseCallsStatus.js'
import { parseCapabilities } from './parseCapabilities.js'
import { parseSendCallsResult } from './parseSendCallsResult.js'
import { readSequentialStatus } from './readSequentialStatus.js'
import { toHexChainId } from './toHexChainId.js'
import { toSendCallsParams } from './toSendCallsParams.js'

const namespace = 'eip155'

/**
 * Taps the EIP-5792 hooks (`getCapabilities`, `sendCalls`, `getCallsStatus`, `showCallsStatus`),
 * `smartAccount` (deployment from `eth_getCode`) and `selectAccount` (an EVM wallet signs for any
 * account it shared when asked with `from`) for the eip155 namespace. An injected wallet is asked
 * directly; a channel (WalletConnect) only for methods its session approved, otherwise the tap
 * passes (`undefined`) and the kernel decides (fallback, bundler route or the contract's error).
 *
 * @param providerFor - the injected wallet's provider for a connector id, if it is one
 * @example
 * tapCalls(portico, (connectorId) => discovery.get(connectorId)?.provider)
 */
export function tapCalls(portico: PluginContext, providerFor: (connectorId: string) => Eip1193Provider | undefined): void {
  /** The provider that can carry `method` on `chainId` for this connection, or undefined. */
  function carrier(connectorId: string, chainId: CaipNetworkId, method: string): Eip1193Provider | undefined {
    const injected = providerFor(connectorId)
    if (injected) return injected
    const channel = portico.channel(namespace)
    if (!channel || channel.connectorId !== connectorId || !channel.supports(method, chainId)) return undefined
    return { request: ({ method: m, params }) => portico.request({ namespace, method: m, params, chainId }) }
  }

  const { hooks } = portico
  hooks.getCapabilities.for(namespace).tapPromise(namespace, async (request) => {
    const provider = carrier(request.connectorId, request.network.caipNetworkId, 'wallet_getCapabilities')
    if (!provider) return undefined
    const chainIds = request.caipNetworkIds?.map(toHexChainId)
    const all = parseCapabilities(await provider.request({ method: 'wallet_getCapabilities', params: chainIds ? [request.address, chainIds] : [request.address] }))
    if (!request.caipNetworkIds) return all
    return Object.fromEntries(Object.entries(all).filter(([id]) => request.caipNetworkIds!.includes(id as CaipNetworkId)))
  })
  hooks.sendCalls.for(namespace).tapPromise(namespace, async (request) => {
    const provider = carrier(request.connectorId, request.network.caipNetworkId, 'wallet_sendCalls')
    if (!provider) return undefined
    return parseSendCallsResult(await provider.request({ method: 'wallet_sendCalls', params: toSendCallsParams(request) }))
  })
  hooks.getCallsStatus.for(namespace).tapPromise(namespace, async (request) => {
    if (request.id.startsWith('sequential:')) return readSequentialStatus(request.network, request.id)
    const provider = carrier(request.connectorId, request.network.caipNetworkId, 'wallet_getCallsStatus')
    if (!provider) return undefined
    return parseCallsStatus(await provider.request({ method: 'wallet_getCallsStatus', params: [request.id] }), request.id, request.network.caipNetworkId)
  })
  hooks.showCallsStatus.for(namespace).tapPromise(namespace, async (request) => {
    if (request.id.startsWith('sequential:')) throw new ProviderRpcError({ code: 4200, message: 'A batch sent call by call has no wallet view' })
    const provider = carrier(request.connectorId, request.network.caipNetworkId, 'wallet_showCallsStatus')
    if (!provider) return undefined
    await provider.request({ method: 'wallet_showCallsStatus', params: [request.id] })
    return true
  })
  hooks.smartAccount.for(namespace).tapPromise(namespace, async (request) => readDeployed(request.network, request.address))
  hooks.selectAccount.for(namespace).tapPromise(namespace, async () => true)
}
