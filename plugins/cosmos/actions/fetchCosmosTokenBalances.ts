import type { CaipAddress, Network, TokenBalance } from '../../../kernel/kernel.js'
import { cosmosDataOf } from '../utils/cosmosDataOf.js'
import { formatCosmosUnits } from '../utils/formatCosmosUnits.js'
import { callCosmosRest } from './callCosmosRest.js'

type Metadata = { base?: unknown; display?: unknown; name?: unknown; symbol?: unknown; denom_units?: { denom?: unknown; exponent?: unknown }[] }

/**
 * The non-native bank balances of an address from the REST gateway, named and scaled by the chain's
 * denom metadata (a denom without metadata: its base name, 0 decimals). Prices are unknown here.
 *
 * @returns one `TokenBalance` per denom, `address` = `<caip2>:<denom>`
 * @example
 * await fetchCosmosTokenBalances({ network, address: 'cosmos1…' })
 */
export async function fetchCosmosTokenBalances({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof globalThis.fetch }): Promise<TokenBalance[]> {
  const { denom: native } = cosmosDataOf(network)
  const call = <T,>(path: string) => callCosmosRest<T>({ network, path, ...(fetchFn ? { fetch: fetchFn } : {}) })
  const [balances, metadata] = await Promise.all([
    call<{ balances?: { denom?: unknown; amount?: unknown }[] }>(`/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}`),
    call<{ metadatas?: Metadata[] }>('/cosmos/bank/v1beta1/denoms_metadata').catch(() => undefined),
  ])
  const meta = new Map((Array.isArray(metadata?.metadatas) ? metadata.metadatas : []).filter((m) => typeof m?.base === 'string').map((m) => [m.base as string, m]))
  return (Array.isArray(balances?.balances) ? balances.balances : [])
    .filter((c): c is { denom: string; amount: string } => typeof c?.denom === 'string' && c.denom !== native && typeof c.amount === 'string' && /^\d{1,60}$/.test(c.amount))
    .map((coin) => {
      const m = meta.get(coin.denom)
      const exponent = m?.denom_units?.find((u) => u.denom === m.display)?.exponent
      const decimals = typeof exponent === 'number' && Number.isSafeInteger(exponent) && exponent >= 0 && exponent <= 30 ? exponent : 0
      const symbol = typeof m?.symbol === 'string' ? m.symbol.slice(0, 16) : coin.denom.slice(0, 16)
      return {
        name: typeof m?.name === 'string' ? m.name.slice(0, 64) : coin.denom,
        symbol,
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${coin.denom}` as CaipAddress,
        price: 0,
        quantity: { decimals: String(decimals), numeric: formatCosmosUnits(BigInt(coin.amount), decimals) },
        iconUrl: '',
      }
    })
}
