import type { CaipAddress, Network, TokenBalance } from '../../../kernel/index.js'
import { callStacksApi } from './callStacksApi.js'

/** A SIP-010 asset id: `<contract address>.<contract name>::<asset name>`. */
const assetIdPattern = /^(S[0-9A-Z]{27,40})\.([a-zA-Z][a-zA-Z0-9-]{0,39})::([a-zA-Z][a-zA-Z0-9-]{0,39})$/

/**
 * The SIP-010 token balances of an address from the blockchain API
 * (`/extended/v1/address/{principal}/balances`, `fungible_tokens`). The API gives no decimals or
 * price: amounts are in the token's base units (0 decimals) and the symbol is the asset name.
 * Sites behind a blockchain API that knows the tokens (the Portico server) get them named and priced there.
 *
 * @returns one `TokenBalance` per token held, `address` = `<caip2>:<asset id>`
 * @example
 * await fetchStacksTokenBalances({ network, address: 'SP…' })
 */
export async function fetchStacksTokenBalances({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof globalThis.fetch }): Promise<TokenBalance[]> {
  const body = await callStacksApi<{ fungible_tokens?: Record<string, { balance?: unknown }> }>({ network, path: `/extended/v1/address/${encodeURIComponent(address)}/balances`, ...(fetchFn ? { fetch: fetchFn } : {}) })
  const tokens = body?.fungible_tokens && typeof body.fungible_tokens === 'object' ? Object.entries(body.fungible_tokens) : []
  return tokens.slice(0, 200).flatMap(([id, entry]) => {
    const match = assetIdPattern.exec(id)
    const balance = entry?.balance
    if (!match || typeof balance !== 'string' || !/^\d{1,40}$/.test(balance) || balance === '0') return []
    return [
      {
        name: match[2] as string,
        symbol: (match[3] as string).slice(0, 16),
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${id}` as CaipAddress,
        price: 0,
        quantity: { decimals: '0', numeric: balance },
        iconUrl: '',
      },
    ]
  })
}
