import { formatDecimalUnits, type SendFeeEstimate, type SendRequest } from '../../../kernel/kernel.js'
import type { RpcClient } from './createRpcClient.js'
import { buildTransfer } from './sendTransfer.js'

/**
 * The network fee of a transfer: `eth_estimateGas` for its call times `eth_gasPrice`, through the
 * plugin's RPC client for the network ({@link createRpcClient}), in the native currency. The
 * wallet is asked nothing.
 *
 * A node that refuses the estimate gives `undefined`: the review then shows no fee line, and the
 * wallet and the send report the real error.
 *
 * @example
 * await estimateTransferFee(await createRpcClient(request.network), request) // { fee: '0.000039375', symbol: 'ETH' }
 */
export async function estimateTransferFee(client: RpcClient, request: SendRequest): Promise<SendFeeEstimate | undefined> {
  const call = await buildTransfer(request)
  try {
    const [gas, price] = await Promise.all([client.request({ method: 'eth_estimateGas', params: [call] }), client.request({ method: 'eth_gasPrice' })])
    // Quantities are hex strings; anything else is a node's mistake, and then there is no fee line.
    if (typeof gas !== 'string' || typeof price !== 'string' || !/^0x[0-9a-f]+$/i.test(gas) || !/^0x[0-9a-f]+$/i.test(price)) return undefined
    const { decimals, symbol } = request.network.nativeCurrency
    return { fee: formatDecimalUnits(BigInt(gas) * BigInt(price), decimals), symbol }
  } catch {
    return undefined
  }
}
