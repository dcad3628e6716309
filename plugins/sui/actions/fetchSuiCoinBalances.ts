import type { Network, TokenBalance } from '../../../kernel/kernel.js'
import { encodeSuiCoinType } from '../utils/encodeSuiCoinType.js'
import { formatSuiUnits } from '../utils/formatSuiUnits.js'
import { createSuiNodeClient } from './createSuiNodeClient.js'

/**
 * Reads an account's coin balances other than SUI from the network's node (all balances, then
 * each coin type's metadata for symbols and decimals; GraphQL RPC or a site's JSON-RPC), unpriced:
 * the fallback when the blockchain API does not serve the chain. Coins without metadata are left out.
 *
 * @returns the coin balances as `TokenBalance`s (CAIP-10 `sui:<ref>:<percent-encoded coin type>`)
 * @throws SuiRpcRequestError when the node fails
 * @example
 * await fetchSuiCoinBalances({ network: suiMainnet, address })
 */
export async function fetchSuiCoinBalances({ network, address, fetch }: { network: Network; address: string; fetch?: typeof globalThis.fetch | undefined }): Promise<TokenBalance[]> {
  const node = await createSuiNodeClient({ network, fetch })
  const coins = (await node.getAllBalances(address)).filter((c) => !/^0x0*2::sui::SUI$/.test(c.coinType)).slice(0, 50)
  const balances = await Promise.all(
    coins.map(async (coin): Promise<TokenBalance | undefined> => {
      const metadata = await node.getCoinMetadata(coin.coinType).catch(() => null)
      if (!metadata) return undefined
      return {
        name: metadata.name,
        symbol: metadata.symbol,
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${encodeSuiCoinType(coin.coinType)}`,
        price: 0,
        quantity: { decimals: String(metadata.decimals), numeric: formatSuiUnits(coin.balance, metadata.decimals) },
        iconUrl: '',
      }
    }),
  )
  return balances.filter((b): b is TokenBalance => b !== undefined)
}
