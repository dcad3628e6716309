import type { Network } from '../../../kernel/kernel.js'
import { callCosmosRest } from './callCosmosRest.js'

/**
 * Polls the REST gateway for a transaction until it is in a block or `timeoutMs` passes.
 *
 * @returns `confirmed` (code 0), `failed` (another code) or `pending` at the deadline
 * @example
 * await waitForCosmosTx({ network, hash, timeoutMs: 60_000 })
 */
export async function waitForCosmosTx({ network, hash, timeoutMs, intervalMs = 500, fetch: fetchFn }: { network: Network; hash: string; timeoutMs: number; intervalMs?: number; fetch?: typeof globalThis.fetch }): Promise<{ status: 'confirmed' | 'failed' | 'pending' }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const body = await callCosmosRest<{ tx_response?: { code?: unknown } }>({ network, path: `/cosmos/tx/v1beta1/txs/${encodeURIComponent(hash)}`, allow: [404, 400], ...(fetchFn ? { fetch: fetchFn } : {}) }).catch(() => undefined)
    const code = body?.tx_response?.code
    if (typeof code === 'number') return { status: code === 0 ? 'confirmed' : 'failed' }
    if (Date.now() + intervalMs > deadline) return { status: 'pending' }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
