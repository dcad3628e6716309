import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { ChainNotSupportedError, NotConnectedError } from '../errors/connection.js'
import { NoAnswerError, NoPluginForHookError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ConnectionRequest } from '../types/connection.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'
import { requireMethodName } from './requireMethodName.js'
import type { RequestParameters } from '../types/actions.js'


/**
 * Sends one wallet request over a namespace's connection (the namespace is the `chainId`'s
 * unless given). A connector that returned a `channel` (WalletConnect, …) carries it; any other
 * connection goes to the wallet's provider through the namespace's chain adapter (`request`: the
 * chain plugin that holds it sends it as it is). Chain plugins encode their requests with it, and
 * bridges such as `portico/wagmi` reach the wallet with it. Nothing is sent for a malformed
 * request, a namespace that is not connected, or a chain the wallet did not approve.
 *
 * @returns the wallet's raw answer (the caller decodes it)
 * @throws NotConnectedError, ChainNotSupportedError, NoPluginForHookError, ProviderRpcError (the wallet's code), or the connector's typed error
 * @example
 * await portico.request({ method: 'personal_sign', params: [hex, address], chainId: 'eip155:1' })
 */
export async function request(portico: PorticoBase, parameters: RequestParameters): Promise<unknown> {
  const { method, params, chainId } = parameters ?? ({} as RequestParameters)
  requireMethodName(method)
  const parsed = parseCaipNetworkId(chainId)
  const namespace = parameters.namespace ?? parsed.namespace
  if (parsed.namespace !== namespace) throw new ChainNotSupportedError({ caipNetworkId: parsed.caipNetworkId })
  const channel = portico.stores.connections.channel(namespace)
  if (channel) {
    if (channel.chains && !channel.chains().includes(parsed.caipNetworkId)) throw new ChainNotSupportedError({ caipNetworkId: parsed.caipNetworkId })
    return channel.request({ method, params, chainId: parsed.caipNetworkId })
  }
  const connection = portico.stores.connections.get(namespace)
  if (connection.status !== 'connected' || !connection.connectorId) throw new NotConnectedError({ namespace })
  if (!portico.chains.has(namespace, 'request')) throw new NoPluginForHookError({ hook: 'request', namespace })
  let answer
  try {
    answer = await portico.chains.call(namespace, 'request', { namespace, connectorId: connection.connectorId, method, ...(params === undefined ? {} : { params }), chainId: parsed.caipNetworkId })
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
  if (!answer) throw new NoAnswerError({ hook: 'request', namespace })
  return answer.result
}
export type { RequestParameters } from '../types/actions.js'
