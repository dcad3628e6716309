import type { Transaction, TransactionTransfer } from '../types/account.js'
import { isCaipNetworkId } from './isCaipNetworkId.js'

/**
 * Reads a `/v1/account/{address}/history` answer defensively and drops what the activity list must
 * not show (spec §5): transactions on another chain, and those whose transfers are all spam.
 *
 * @returns the transactions to show and the next cursor
 */
export function parseTransactions(response: unknown, chainId: string): { data: Transaction[]; next: string | null } {
  const body = response as { data?: unknown; next?: unknown } | null
  if (!body || !Array.isArray(body.data)) throw new Error('The history answer has no data list')
  const data: Transaction[] = []
  for (const raw of body.data.slice(0, 200)) {
    const t = raw as Transaction
    if (!t || typeof t.id !== 'string' || typeof t.metadata !== 'object' || t.metadata === null) continue
    if (!isCaipNetworkId(t.metadata.chain) || t.metadata.chain !== chainId) continue
    const transfers = Array.isArray(t.transfers) ? t.transfers.filter((x) => x && typeof x === 'object') : null
    const isSpam = (x: TransactionTransfer) => x.nft_info?.flags?.is_spam === true || x.fungible_info?.flags?.is_spam === true
    if (transfers && transfers.length > 0 && transfers.every(isSpam)) continue
    data.push({ ...t, transfers })
  }
  const next = typeof body.next === 'string' && body.next.length <= 512 ? body.next : null
  return { data, next }
}
