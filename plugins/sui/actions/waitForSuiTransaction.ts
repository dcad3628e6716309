import type { Network } from '../../../kernel/kernel.js'
import { createSuiNodeClient } from './createSuiNodeClient.js'

/**
 * Follows a transaction digest on the network's node (GraphQL RPC `transaction`, or
 * `sui_getTransactionBlock` on a site's JSON-RPC) until it is known: `confirmed` when its effects
 * say success, `failed` otherwise, `pending` at the deadline.
 *
 * @returns the outcome
 * @example
 * await waitForSuiTransaction({ network, digest, timeoutMs: 60_000 })
 */
export async function waitForSuiTransaction({ network, digest, timeoutMs, fetch, intervalMs = 500 }: { network: Network; digest: string; timeoutMs: number; fetch?: typeof globalThis.fetch | undefined; intervalMs?: number }): Promise<'confirmed' | 'failed' | 'pending'> {
  const deadline = Date.now() + timeoutMs
  const node = await createSuiNodeClient({ network, fetch })
  for (;;) {
    const status = await node.getTransactionStatus(digest)
    if (status === 'success') return 'confirmed'
    if (status === 'failure') return 'failed'
    if (Date.now() + intervalMs > deadline) return 'pending'
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
