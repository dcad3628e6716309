import { BaseError, type Network, type WaitForTransactionResult } from '../../../kernel/kernel.js'

/**
 * Waits for a transaction's receipt over the network's first RPC URL: viem's
 * `getTransactionReceipt` (loaded on first use), asked again every `pollingIntervalMs` while the
 * node does not know the receipt yet. `confirmed` when it succeeded, `failed` when it reverted.
 * (viem's `waitForTransactionReceipt` also follows a replaced transaction, with a block watcher
 * and its formatters: 2–3 KB gzip more in every EVM site for what the toast does not show.)
 *
 * @throws viem's errors when the RPC fails, and a timeout error when no receipt arrives within `timeoutMs` (default 120 s)
 * @example
 * await waitForReceipt(devnetA, '0xabc…') // { status: 'confirmed' }
 */
export async function waitForReceipt(network: Network, hash: string, { timeoutMs = 120_000, pollingIntervalMs = 500 } = {}): Promise<WaitForTransactionResult> {
  const { createClient, getTransactionReceipt, http, TransactionReceiptNotFoundError } = await import('../lazy/viemClient.js')
  const client = createClient({ transport: http(network.rpcUrls.default.http[0], { retryCount: 3, retryDelay: 150, timeout: 10_000 }) })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const receipt = await getTransactionReceipt(client, { hash: hash as `0x${string}` })
      return { status: receipt.status === 'success' ? 'confirmed' : 'failed' }
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error
    }
    if (Date.now() + pollingIntervalMs > deadline) throw new BaseError('The transaction has no receipt yet', { metaMessages: [`Hash: ${hash}`, `Waited ${timeoutMs} ms`] })
    await new Promise((resolve) => setTimeout(resolve, pollingIntervalMs))
  }
}
