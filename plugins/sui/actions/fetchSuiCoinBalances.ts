import type { Network, TokenBalance } from '../../../kernel/kernel.js'
import { SuiRpcRequestError } from '../errors.js'
import { encodeSuiCoinType } from '../utils/encodeSuiCoinType.js'
import { formatSuiUnits } from '../utils/formatSuiUnits.js'
import { callSuiRpc } from './callSuiRpc.js'

/**
 * Reads an account's coin balances other than SUI from the network's node (`suix_getAllBalances`
 * and `suix_getCoinMetadata` for symbols and decimals), unpriced: the fallback when the blockchain
 * API does not serve the chain. Coins without metadata are left out.
 *
 * @returns the coin balances as `TokenBalance`s (CAIP-10 `sui:<ref>:<percent-encoded coin type>`)
 * @throws SuiRpcRequestError when the node fails
 * @example
 * await fetchSuiCoinBalances({ network: suiLocalnet, address })
 */
export async function fetchSuiCoinBalances({ network, address, fetch }: { network: Network; address: string; fetch?: typeof globalThis.fetch | undefined }): Promise<TokenBalance[]> {
  const all = await callSuiRpc<{ coinType?: unknown; totalBalance?: unknown }[]>({ network, fetch, method: 'suix_getAllBalances', params: [address] })
  if (!Array.isArray(all)) throw new SuiRpcRequestError({ method: 'suix_getAllBalances', message: 'the answer is not a list' })
  const coins = all.filter((c): c is { coinType: string; totalBalance: string } => typeof c?.coinType === 'string' && !/^0x0*2::sui::SUI$/.test(c.coinType) && typeof c.totalBalance === 'string' && /^\d{1,40}$/.test(c.totalBalance))
  const balances = await Promise.all(
    coins.map(async (coin): Promise<TokenBalance | undefined> => {
      const metadata = await callSuiRpc<{ symbol?: unknown; name?: unknown; decimals?: unknown } | null>({ network, fetch, method: 'suix_getCoinMetadata', params: [coin.coinType] }).catch(() => null)
      if (!metadata || typeof metadata.decimals !== 'number' || !Number.isInteger(metadata.decimals) || metadata.decimals < 0 || metadata.decimals > 38) return undefined
      const symbol = typeof metadata.symbol === 'string' ? metadata.symbol.slice(0, 16) : ''
      return {
        name: typeof metadata.name === 'string' ? metadata.name.slice(0, 64) : symbol,
        symbol,
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${encodeSuiCoinType(coin.coinType)}`,
        price: 0,
        quantity: { decimals: String(metadata.decimals), numeric: formatSuiUnits(BigInt(coin.totalBalance), metadata.decimals) },
        iconUrl: '',
      }
    }),
  )
  return balances.filter((b): b is TokenBalance => b !== undefined)
}
