import { toHexChainId, type CaipNetworkId, type PluginContext } from '../../../kernel/kernel.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'
import { readDeployed } from '../accountType/readDeployed.js'
import { parseCapabilities } from './parseCapabilities.js'

const namespace = 'eip155'

/**
 * Taps `getCapabilities` (EIP-5792 `wallet_getCapabilities`, which account types read too),
 * `smartAccount` (deployment from `eth_getCode`) and `selectAccount` (an EVM wallet signs for any
 * account it shared when asked with `from`) for the eip155 namespace. The batches themselves
 * (`sendCalls`, `getCallsStatus`, `showCallsStatus`) are `portico/calls`'s taps. An injected wallet
 * is asked directly; a channel (WalletConnect) only for methods its session approved, otherwise
 * the tap passes (`undefined`) and the kernel decides.
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
  hooks.smartAccount.for(namespace).tapPromise(namespace, async (request) => readDeployed(request.network, request.address))
  hooks.selectAccount.for(namespace).tapPromise(namespace, async () => true)
}
