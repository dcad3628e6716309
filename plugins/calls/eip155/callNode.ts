import { BaseError, NoAnswerError, ProviderRpcError, type Network, type PluginContext } from '../../../kernel/kernel.js'

/**
 * Sends one JSON-RPC request to an eip155 network's nodes, not the wallet, through the eip155
 * chain adapter's RPC client (`context.chains`, its `rpcRequest`: viem's transport with its
 * retries and fallback ranking), and gives the node's result.
 *
 * @throws NoAnswerError when no eip155 adapter answers; the adapter's typed error, else a ProviderRpcError with the node's code, or HttpRequestError when no node could be reached
 * @example
 * await callNode(portico, devnetA, 'eth_getCode', [address, 'latest']) // '0x…'
 */
export async function callNode(portico: Pick<PluginContext, 'chains'>, network: Network, method: string, params: readonly unknown[]): Promise<unknown> {
  let answer
  try {
    answer = await portico.chains.call('eip155', 'rpcRequest', { namespace: 'eip155', network, method, params: [...params] })
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
  if (!answer) throw new NoAnswerError({ hook: 'rpcRequest', namespace: 'eip155' })
  return answer.result
}
