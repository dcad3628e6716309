import type { CaipAddress, Network, TokenBalance } from '../../../kernel/kernel.js'
import { formatStacksUnits } from '../utils/formatStacksUnits.js'
import { callStacksApi } from './callStacksApi.js'

/** A SIP-010 asset id: `<contract address>.<contract name>::<asset name>`. */
const assetIdPattern = /^(S[0-9A-Z]{27,40})\.([a-zA-Z][a-zA-Z0-9-]{0,39})::([a-zA-Z][a-zA-Z0-9-]{0,39})$/

/** CAIP-10 allows only `-.%a-zA-Z0-9` in the address: the asset id's `::` is percent-encoded (as the Portico server answers it). */
const caipAsset = (id: string) => id.replace(/[^-.a-zA-Z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)

type Metadata = { name?: unknown; symbol?: unknown; decimals?: unknown }

/**
 * The SIP-010 token balances of an address from the blockchain API
 * (`/extended/v1/address/{principal}/balances`, `fungible_tokens`), named and scaled by the token
 * metadata API (`/metadata/v1/ft/{contract}`); a token without metadata keeps its asset name and
 * base units (0 decimals). Prices are unknown here: sites behind a blockchain API that knows the
 * tokens (the Portico server) get them priced there.
 *
 * @returns one `TokenBalance` per token held, `address` = `<caip2>:<asset id, percent-encoded>`
 * @example
 * await fetchStacksTokenBalances({ network, address: 'SP…' })
 */
export async function fetchStacksTokenBalances({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof globalThis.fetch }): Promise<TokenBalance[]> {
  const options = fetchFn ? { fetch: fetchFn } : {}
  const body = await callStacksApi<{ fungible_tokens?: Record<string, { balance?: unknown }> }>({ network, path: `/extended/v1/address/${encodeURIComponent(address)}/balances`, ...options })
  const tokens = body?.fungible_tokens && typeof body.fungible_tokens === 'object' ? Object.entries(body.fungible_tokens) : []
  const held = tokens.slice(0, 50).flatMap(([id, entry]) => {
    const match = assetIdPattern.exec(id)
    const balance = entry?.balance
    if (!match || typeof balance !== 'string' || !/^\d{1,40}$/.test(balance) || balance === '0') return []
    return [{ id, contract: `${match[1]}.${match[2]}`, assetName: match[3] as string, balance: BigInt(balance) }]
  })
  return Promise.all(
    held.map(async (token): Promise<TokenBalance> => {
      const meta = await callStacksApi<Metadata>({ network, path: `/metadata/v1/ft/${token.contract}`, allow: [404], ...options }).catch(() => undefined)
      const decimals = typeof meta?.decimals === 'number' && Number.isSafeInteger(meta.decimals) && meta.decimals >= 0 && meta.decimals <= 30 ? meta.decimals : 0
      return {
        name: typeof meta?.name === 'string' ? meta.name.slice(0, 64) : token.assetName,
        symbol: (typeof meta?.symbol === 'string' ? meta.symbol : token.assetName).slice(0, 16),
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${caipAsset(token.id)}` as CaipAddress,
        price: 0,
        quantity: { decimals: String(decimals), numeric: formatStacksUnits(token.balance, decimals) },
        iconUrl: '',
      }
    }),
  )
}
