import type { Network, WaitForTransactionResult } from '../../../kernel/kernel.js'

/**
 * Waits for a transaction's receipt over the network's first RPC URL with viem's
 * `waitForTransactionReceipt` (loaded on first use): `confirmed` when it succeeded, `failed` when
 * it reverted.
 *
 * @throws viem's errors when the RPC fails or no receipt arrives within `timeoutMs` (default 120 s)
 * @example
 * await waitForReceipt(devnetA, '0xabc…') // { status: 'confirmed' }
 */
export async function waitForReceipt(network: Network, hash: string, { timeoutMs = 120_000, pollingIntervalMs = 500 } = {}): Promise<WaitForTransactionResult> {
  const { createClient, http, waitForTransactionReceipt } = await import('../lazy/viemClient.js')
  const client = createClient({ transport: http(network.rpcUrls.default.http[0], { retryCount: 3, retryDelay: 150, timeout: 10_000 }), pollingInterval: pollingIntervalMs })
  const receipt = await waitForTransactionReceipt(client, { hash: hash as `0x${string}`, timeout: timeoutMs })
  return { status: receipt.status === 'success' ? 'confirmed' : 'failed' }
}
