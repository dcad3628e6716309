import type { TokenBalance } from '../types/account.js'
import { isCaipAddress } from './isCaipAddress.js'
import { isCaipNetworkId } from './isCaipNetworkId.js'
import { safeHttpUrl } from './safeHttpUrl.js'

const decimalString = /^\d{1,78}(\.\d{1,78})?$/

/**
 * Reads a `/v1/account/{address}/balance` answer defensively: malformed entries are dropped, and so
 * are low-quality tokens with zero decimals (spec §5). Throws on an answer that is not a balance list.
 *
 * @example
 * parseTokenBalances({ balances: [...] }) // TokenBalance[]
 */
export function parseTokenBalances(response: unknown): TokenBalance[] {
  const list = (response as { balances?: unknown } | null)?.balances
  if (!Array.isArray(list)) throw new Error('The balance answer has no balances list')
  const out: TokenBalance[] = []
  for (const raw of list.slice(0, 500)) {
    if (typeof raw !== 'object' || raw === null) continue
    const b = raw as Record<string, unknown>
    const quantity = b.quantity as { decimals?: unknown; numeric?: unknown } | undefined
    const decimals = typeof quantity?.decimals === 'string' ? quantity.decimals : typeof quantity?.decimals === 'number' ? String(quantity.decimals) : undefined
    const numeric = typeof quantity?.numeric === 'string' ? quantity.numeric : undefined
    if (typeof b.symbol !== 'string' || typeof b.name !== 'string' || !isCaipNetworkId(b.chainId)) continue
    if (!decimals || !/^\d{1,3}$/.test(decimals) || decimals === '0') continue
    if (!numeric || !decimalString.test(numeric)) continue
    if (b.address !== undefined && !isCaipAddress(b.address)) continue
    const price = typeof b.price === 'number' && Number.isFinite(b.price) && b.price >= 0 ? b.price : 0
    const value = typeof b.value === 'number' && Number.isFinite(b.value) && b.value >= 0 ? b.value : undefined
    out.push({
      name: b.name.slice(0, 64),
      symbol: b.symbol.slice(0, 16),
      chainId: b.chainId,
      ...(b.address !== undefined ? { address: b.address as TokenBalance['address'] } : {}),
      ...(value !== undefined ? { value } : {}),
      price,
      quantity: { decimals, numeric },
      iconUrl: safeHttpUrl(b.iconUrl) ?? '',
    })
  }
  return out
}
