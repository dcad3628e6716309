import type { Network, WaitForTransactionResult } from '../../../kernel/kernel.js'
import { esplora } from './esplora.js'

/**
 * Polls Esplora `/tx/:id/status` until the transaction is in a block.
 *
 * @param parameters - network, txid, timeout, fetch, poll interval
 * @returns `{ status: 'confirmed' }`, or `undefined` when still unconfirmed at the deadline
 * @example
 * await waitForBitcoinTransaction({ network, txid, timeoutMs: 60_000 })
 */
export async function waitForBitcoinTransaction({ network, txid, timeoutMs, fetch: fetchFn, intervalMs = 1_000 }: { network: Network; txid: string; timeoutMs: number; fetch?: typeof fetch; intervalMs?: number }): Promise<WaitForTransactionResult | undefined> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const status = await esplora<{ confirmed?: unknown }>({ network, path: `/tx/${encodeURIComponent(txid)}/status`, fetch: fetchFn })
      if (status.confirmed === true) return { status: 'confirmed' }
    } catch {
      // not indexed yet, or a transient failure: ask again until the deadline
    }
    if (Date.now() >= deadline) return undefined
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(1, deadline - Date.now()))))
  }
}
