import { BaseError, type WaitForTransactionResult } from '../../../kernel/kernel.js'
import type { RpcClient } from './createRpcClient.js'

/**
 * Waits for a transaction's receipt: `eth_getTransactionReceipt` through the plugin's RPC client
 * for the network ({@link createRpcClient}: every RPC URL, with retries; the bare request, not
 * viem's action and its receipt, log and transaction formatters), asked again every
 * `pollingIntervalMs` while the node answers `null`. `confirmed` when it succeeded (`status`
 * 0x1), `failed` when it reverted. (viem's `waitForTransactionReceipt` also follows a replaced
 * transaction, with a block watcher and its formatters: 2–3 KB gzip more in every EVM site for
 * what the toast does not show.)
 *
 * @throws the client's errors when the RPC fails, a BaseError for a receipt without a status, and a timeout error when no receipt arrives within `timeoutMs` (default 120 s)
 * @example
 * await waitForReceipt(await createRpcClient(devnetA), '0xabc…') // { status: 'confirmed' }
 */
export async function waitForReceipt(client: RpcClient, hash: string, { timeoutMs = 120_000, pollingIntervalMs = 500 } = {}): Promise<WaitForTransactionResult> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = (await client.request({ method: 'eth_getTransactionReceipt', params: [hash as `0x${string}`] })) as { status?: unknown } | null
    if (receipt !== null && receipt !== undefined) {
      if (receipt.status !== '0x1' && receipt.status !== '0x0') throw new BaseError('The node returned a receipt without a status', { metaMessages: [`Hash: ${hash}`] })
      return { status: receipt.status === '0x1' ? 'confirmed' : 'failed' }
    }
    if (Date.now() + pollingIntervalMs > deadline) throw new BaseError('The transaction has no receipt yet', { metaMessages: [`Hash: ${hash}`, `Waited ${timeoutMs} ms`] })
    await new Promise((resolve) => setTimeout(resolve, pollingIntervalMs))
  }
}
