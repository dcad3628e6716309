import type { Network } from '../../../kernel/kernel.js'

/** What the plugin asks of a network's RPC client: one JSON-RPC request, the node's result back. */
export type RpcClient = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/**
 * The plugin's RPC client for a network, with viem (loaded on first use): one URL through `http`
 * (3 retries 150 ms apart, 10 s each), several through `fallback` with ranking (spec §9: ping
 * every 4 s, 10 samples, stability 0.7 / latency 0.3) and batching. A bare client: the plugin
 * sends the JSON-RPC requests itself, without viem's actions and their formatters. The plugin
 * keeps one per network; the ranking pings until `signal` aborts (the plugin's teardown).
 * viem's ranking loop has no stop of its own: after the abort its next ping never settles, so the
 * loop sets no further timer and makes no further request.
 *
 * @param network the network
 * @param options `signal`: stops the ranking
 * @example
 * const client = await createRpcClient(devnetA)
 * await client.request({ method: 'eth_getBalance', params: [address, 'latest'] }) // '0x…'
 */
export async function createRpcClient(network: Network, { signal }: { signal?: AbortSignal } = {}): Promise<RpcClient> {
  const { createClient, fallback, http } = await import('../lazy/viemClient.js')
  const urls = network.rpcUrls.default.http
  const transport =
    urls.length > 1
      ? fallback(urls.map((url) => http(url, { retryCount: 3, retryDelay: 150, timeout: 10_000, batch: { batchSize: 1000 } })), {
          rank: {
            interval: 4_000,
            sampleCount: 10,
            weights: { stability: 0.7, latency: 0.3 },
            ping: ({ transport }) => (signal?.aborted ? new Promise<never>(() => undefined) : transport.request({ method: 'net_listening' })),
          },
        })
      : http(urls[0], { retryCount: 3, retryDelay: 150, timeout: 10_000 })
  return createClient({ transport }) as RpcClient
}
