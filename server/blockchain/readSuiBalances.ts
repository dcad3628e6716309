import { formatUnits } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { usdValue } from '../utils/usdValue.js'
import type { Balance, BalancesRead } from './Balance.js'
import { callSuiRpc } from './callSuiRpc.js'

export type ReadSuiBalancesParameters = {
  /** A sui chain whose `rpcUrl` is a full-node JSON-RPC. */
  chain: ChainConfig
  /** `0x` + 64 hex. */
  address: string
  /** Where `iconUrl`s point. */
  baseUrl: string
}

/** `0x2::sui::SUI`, as JSON-RPC names it (either short or long form). */
const isSuiCoinType = (coinType: string) => /^0x0*2::sui::SUI$/.test(coinType)

/**
 * Reads an account's SUI balance and its balance of every configured coin type (`tokens[].address`
 * is the coin type, e.g. `0x…::pusd::PUSD`, answered percent-encoded in the CAIP-10 `address`) with one `suix_getAllBalances`, priced from the
 * configuration. SUI is always listed; other coins only when the account holds some.
 *
 * @param parameters the chain, the address and the base URL for icons
 * @returns the balances, SUI first
 * @throws when the node does not answer or answers something malformed
 * @example
 * await readSuiBalances({ chain, address: '0xc88e…026e', baseUrl: server.url })
 */
export async function readSuiBalances({ chain, address, baseUrl }: ReadSuiBalancesParameters): Promise<BalancesRead> {
  const all = await callSuiRpc<{ coinType?: unknown; totalBalance?: unknown }[]>(chain.rpcUrl, 'suix_getAllBalances', [address.toLowerCase()])
  if (!Array.isArray(all)) throw new Error('suix_getAllBalances: malformed answer')
  const held = new Map<string, bigint>()
  for (const entry of all) {
    if (typeof entry?.coinType !== 'string' || typeof entry.totalBalance !== 'string' || !/^\d{1,40}$/.test(entry.totalBalance)) throw new Error('suix_getAllBalances: malformed answer')
    held.set(isSuiCoinType(entry.coinType) ? '0x2::sui::SUI' : entry.coinType, BigInt(entry.totalBalance))
  }
  const icon = (symbol: string) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
  const entry = (amount: bigint, token: { name: string; symbol: string; decimals: number; priceUsd: number; address?: string; iconUrl?: string }): Balance => ({
    name: token.name,
    symbol: token.symbol,
    chainId: chain.caipNetworkId,
    // CAIP-10 allows only -.%a-zA-Z0-9 in the address: the coin type's `::` and `_` are percent-encoded.
    ...(token.address ? { address: `${chain.caipNetworkId}:${token.address.replace(/[^-.a-zA-Z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}` } : {}),
    value: usdValue(amount, token.decimals, token.priceUsd),
    price: token.priceUsd,
    quantity: { decimals: String(token.decimals), numeric: formatUnits(amount, token.decimals) },
    iconUrl: token.iconUrl ?? icon(token.symbol),
  })
  const balances = [entry(held.get('0x2::sui::SUI') ?? 0n, { ...chain.nativeCurrency, priceUsd: chain.nativePriceUsd ?? 0 })]
  for (const token of chain.tokens ?? []) {
    const amount = held.get(token.address) ?? 0n
    if (amount > 0n) balances.push(entry(amount, token))
  }
  return { balances, unavailable: [] }
}
