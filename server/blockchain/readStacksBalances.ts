import { formatUnits } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { usdValue } from '../utils/usdValue.js'
import type { Balance, BalancesRead } from './Balance.js'
import { callStacksApi } from './callStacksApi.js'

export type ReadStacksBalancesParameters = {
  /** A stacks chain whose `rpcUrl` serves the Stacks blockchain API (`/extended/v1/…`). */
  chain: ChainConfig
  /** A c32check address (`SP…`, `ST…`). */
  address: string
  /** Where `iconUrl`s point. */
  baseUrl: string
}

const digits = /^\d{1,40}$/

/**
 * Reads an account's STX balance (less what is locked in stacking) and its balance of every
 * configured SIP-010 token (`tokens[].address` is the asset id, `<contract>::<asset>`, answered
 * percent-encoded in the CAIP-10 `address`) with one `/extended/v1/address/{principal}/balances`,
 * priced from the configuration. STX is always listed; tokens only when the account holds some.
 *
 * @param parameters the chain, the address and the base URL for icons
 * @returns the balances, STX first
 * @throws when the API does not answer or answers something malformed
 * @example
 * await readStacksBalances({ chain, address: 'ST…', baseUrl: server.url })
 */
export async function readStacksBalances({ chain, address, baseUrl }: ReadStacksBalancesParameters): Promise<BalancesRead> {
  const body = await callStacksApi<{ stx?: { balance?: unknown; locked?: unknown }; fungible_tokens?: Record<string, { balance?: unknown }> }>(chain.rpcUrl, `/extended/v1/address/${encodeURIComponent(address)}/balances`)
  const stx = body?.stx
  if (typeof stx?.balance !== 'string' || !digits.test(stx.balance) || (stx.locked !== undefined && (typeof stx.locked !== 'string' || !digits.test(stx.locked)))) throw new Error('/extended/v1/address/balances: malformed answer')
  const locked = typeof stx.locked === 'string' ? BigInt(stx.locked) : 0n
  const total = BigInt(stx.balance)
  const icon = (symbol: string) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
  const entry = (amount: bigint, token: { name: string; symbol: string; decimals: number; priceUsd: number; address?: string; iconUrl?: string }): Balance => ({
    name: token.name,
    symbol: token.symbol,
    chainId: chain.caipNetworkId,
    // CAIP-10 allows only -.%a-zA-Z0-9 in the address: the asset id's `::` is percent-encoded.
    ...(token.address ? { address: `${chain.caipNetworkId}:${token.address.replace(/[^-.a-zA-Z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}` } : {}),
    value: usdValue(amount, token.decimals, token.priceUsd),
    price: token.priceUsd,
    quantity: { decimals: String(token.decimals), numeric: formatUnits(amount, token.decimals) },
    iconUrl: token.iconUrl ?? icon(token.symbol),
  })
  const balances = [entry(total > locked ? total - locked : 0n, { ...chain.nativeCurrency, priceUsd: chain.nativePriceUsd ?? 0 })]
  const held = body.fungible_tokens && typeof body.fungible_tokens === 'object' ? body.fungible_tokens : {}
  for (const token of chain.tokens ?? []) {
    const raw = Object.hasOwn(held, token.address) ? held[token.address]?.balance : undefined
    if (typeof raw === 'string' && digits.test(raw) && BigInt(raw) > 0n) balances.push(entry(BigInt(raw), token))
  }
  return { balances, unavailable: [] }
}
