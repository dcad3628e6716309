import type { Network } from '../../../kernel/kernel.js'
import { callSuiRpc } from './callSuiRpc.js'

/**
 * Follows a transaction digest on the network's node (`sui_getTransactionBlock` with its effects)
 * until it is known: `confirmed` when its effects say success, `failed` otherwise, `pending` at
 * the deadline.
 *
 * @returns the outcome
 * @example
 * await waitForSuiTransaction({ network, digest, timeoutMs: 60_000 })
 */
export async function waitForSuiTransaction({ network, digest, timeoutMs, fetch, intervalMs = 500 }: { network: Network; digest: string; timeoutMs: number; fetch?: typeof globalThis.fetch | undefined; intervalMs?: number }): Promise<'confirmed' | 'failed' | 'pending'> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const answer = await callSuiRpc<{ effects?: { status?: { status?: unknown } } }>({ network, fetch, method: 'sui_getTransactionBlock', params: [digest, { showEffects: true }] })
      const status = answer?.effects?.status?.status
      if (status === 'success') return 'confirmed'
      if (status === 'failure') return 'failed'
    } catch {
      // not known yet (or the node hiccuped): ask again until the deadline
    }
    if (Date.now() + intervalMs > deadline) return 'pending'
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
