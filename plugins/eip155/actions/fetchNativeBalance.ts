import { formatDecimalUnits, type BalanceResult, type Network } from '../../../kernel/kernel.js'
import type { RpcClient } from './createRpcClient.js'

/**
 * Reads an account's native balance through the plugin's RPC client for the network
 * ({@link createRpcClient}: `http`, or `fallback` with ranking over several URLs).
 *
 * @example
 * await fetchNativeBalance(client, devnetA, '0xf39F…') // { balance: '10000', symbol: 'ETH', decimals: 18 }
 */
export async function fetchNativeBalance(client: RpcClient, network: Network, address: string): Promise<BalanceResult> {
  // The bare request, not viem's getBalance action (which brings `call` and the ABI coder for a
  // multicall path a bare client never takes); the transport still ranks, retries and batches.
  const wei = BigInt(await client.request({ method: 'eth_getBalance', params: [address, 'latest'] }) as string)
  const { decimals, symbol } = network.nativeCurrency
  return { balance: formatDecimalUnits(wei, decimals), symbol, decimals }
}
