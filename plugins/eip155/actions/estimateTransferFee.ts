import { formatDecimalUnits, type SendFeeEstimate, type SendRequest } from '../../../kernel/kernel.js'
import { buildTransfer } from './sendTransfer.js'

/**
 * The network fee of a transfer: `eth_estimateGas` for its call times `eth_gasPrice`, over the
 * network's first RPC URL (viem loaded on first use), in the native currency. The wallet is asked
 * nothing.
 *
 * A node that refuses the estimate gives `undefined`: the review then shows no fee line, and the
 * wallet and the send report the real error.
 *
 * @example
 * await estimateTransferFee(request) // { fee: '0.000039375', symbol: 'ETH' }
 */
export async function estimateTransferFee(request: SendRequest): Promise<SendFeeEstimate | undefined> {
  const { createClient, http } = await import('../lazy/viemClient.js')
  const client = createClient({ transport: http(request.network.rpcUrls.default.http[0], { retryCount: 1, timeout: 10_000 }) })
  const call = await buildTransfer(request)
  try {
    const [gas, price] = await Promise.all([
      client.request({ method: 'eth_estimateGas', params: [call as never] }),
      client.request({ method: 'eth_gasPrice' }),
    ])
    const { decimals, symbol } = request.network.nativeCurrency
    return { fee: formatDecimalUnits(BigInt(gas) * BigInt(price), decimals), symbol }
  } catch {
    return undefined
  }
}
