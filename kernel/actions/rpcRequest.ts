import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { NetworkNotFoundError } from '../errors/connection.js'
import { NoAnswerError, NoPluginForHookError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { CaipNetworkId } from '../types/caip.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'
import { requireMethodName } from './requireMethodName.js'
import type { RpcRequestParameters } from '../types/actions.js'

export type RpcRequestReturnType = unknown
export type RpcRequestErrorType = NetworkNotFoundError | ProviderRpcError | BaseError

/**
 * Sends one JSON-RPC request to a configured network's nodes (its `rpcUrls`), not to the wallet,
 * through the namespace's chain adapter (its `rpcRequest`, with the plugin's own RPC client:
 * for eip155 viem's transport, its retries and, over several URLs, `fallback` with ranking). A
 * plugin that reads the chain (a receipt, an account's code) uses it instead of an RPC client of
 * its own. Nothing is sent for a malformed request or a network the site did not configure.
 *
 * @returns the node's raw result (the caller checks it)
 * @throws NetworkNotFoundError, NoPluginForHookError, NoAnswerError; the tap's typed error (ProviderRpcError with the node's code, HttpRequestError when no node could be reached), anything else as ProviderRpcError
 * @example
 * await context.rpcRequest({ chainId: 'eip155:1', method: 'eth_getTransactionReceipt', params: [hash] }) // { status: '0x1', … } or null
 */
export async function rpcRequest(portico: PorticoBase, { chainId, method, params }: RpcRequestParameters): Promise<RpcRequestReturnType> {
  requireMethodName(method)
  const { namespace, caipNetworkId } = parseCaipNetworkId(chainId)
  const network = portico.stores.networks.find(caipNetworkId)
  if (!network) throw new NetworkNotFoundError({ caipNetworkId })
  if (!portico.chains.has(namespace, 'rpcRequest')) throw new NoPluginForHookError({ hook: 'rpcRequest', namespace })
  let answer
  try {
    answer = await portico.chains.call(namespace, 'rpcRequest', { namespace, network, method, ...(params === undefined ? {} : { params }) })
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
  if (!answer) throw new NoAnswerError({ hook: 'rpcRequest', namespace })
  return answer.result
}
export type { RpcRequestParameters } from '../types/actions.js'
