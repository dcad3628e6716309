import { formatDecimalUnits, type BalanceResult, type Network } from '../../../kernel/kernel.js'

/**
 * Reads an account's native balance over the network's RPC URLs with viem (loaded on first use):
 * one URL through `http`, several through `fallback` with ranking (spec §9: ping every 4 s,
 * 10 samples, stability 0.7 / latency 0.3).
 *
 * @example
 * await fetchNativeBalance(devnetA, '0xf39F…') // { balance: '10000', symbol: 'ETH', decimals: 18 }
 */
export async function fetchNativeBalance(network: Network, address: string): Promise<BalanceResult> {
  const { createClient, fallback, http } = await import('../lazy/viemClient.js')
  const urls = network.rpcUrls.default.http
  const transport =
    urls.length > 1
      ? fallback(urls.map((url) => http(url, { retryCount: 3, retryDelay: 150, timeout: 10_000, batch: { batchSize: 1000 } })), {
          rank: { interval: 4_000, sampleCount: 10, weights: { stability: 0.7, latency: 0.3 } },
        })
      : http(urls[0], { retryCount: 3, retryDelay: 150, timeout: 10_000 })
  const client = createClient({ transport })
  // The bare request, not viem's getBalance action (which brings `call` and the ABI coder for a
  // multicall path a bare client never takes); the transport still ranks, retries and batches.
  const wei = BigInt(await client.request({ method: 'eth_getBalance', params: [address as `0x${string}`, 'latest'] }))
  const { decimals, symbol } = network.nativeCurrency
  return { balance: formatDecimalUnits(wei, decimals), symbol, decimals }
}
