import type { Network, SmartAccountResult } from '../../../kernel/kernel.js'

/**
 * Whether an account has code on the network (`eth_getCode` over its RPC, viem loaded on first
 * use): a smart account is deployed once it has; a counterfactual one has none yet.
 *
 * @example
 * await readDeployed(devnetA, smartAccount) // { deployed: false }
 */
export async function readDeployed(network: Network, address: string): Promise<SmartAccountResult> {
  const { createClient, http } = await import('../lazy/viemClient.js')
  const client = createClient({ transport: http(network.rpcUrls.default.http[0], { retryCount: 2, retryDelay: 150, timeout: 10_000 }) })
  // The bare request through viem's transport, not its getCode action (block-parameter formatting).
  const code = await client.request({ method: 'eth_getCode', params: [address as `0x${string}`, 'latest'] })
  return { deployed: typeof code === 'string' && code !== '0x' && code.length > 2 }
}
