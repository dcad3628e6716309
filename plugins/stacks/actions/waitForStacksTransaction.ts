import type { Network } from '../../../kernel/kernel.js'
import { callStacksApi } from './callStacksApi.js'

/**
 * Polls the blockchain API (`/extended/v1/tx/{txid}`) until the transaction is in a block or
 * `timeoutMs` passes.
 *
 * @returns `confirmed` (`success`), `failed` (aborted or dropped) or `pending` at the deadline
 * @example
 * await waitForStacksTransaction({ network, txid: '0x…', timeoutMs: 60_000 })
 */
export async function waitForStacksTransaction({ network, txid, timeoutMs, intervalMs = 1_000, fetch: fetchFn }: { network: Network; txid: string; timeoutMs: number; intervalMs?: number; fetch?: typeof globalThis.fetch }): Promise<{ status: 'confirmed' | 'failed' | 'pending' }> {
  const deadline = Date.now() + timeoutMs
  const id = txid.startsWith('0x') ? txid : `0x${txid}`
  for (;;) {
    const body = await callStacksApi<{ tx_status?: unknown }>({ network, path: `/extended/v1/tx/${encodeURIComponent(id)}`, allow: [404], ...(fetchFn ? { fetch: fetchFn } : {}) }).catch(() => undefined)
    const status = body?.tx_status
    if (status === 'success') return { status: 'confirmed' }
    if (typeof status === 'string' && (status.startsWith('abort') || status.startsWith('dropped'))) return { status: 'failed' }
    if (Date.now() + intervalMs > deadline) return { status: 'pending' }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
