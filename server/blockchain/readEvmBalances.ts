import { erc20Abi, formatUnits, getAddress } from 'viem'
import type { PublicClient } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { usdValue } from '../utils/usdValue.js'
import type { Balance, BalancesRead } from './Balance.js'

export type ReadEvmBalancesParameters = {
  chain: ChainConfig
  client: PublicClient
  /** A valid EVM address. */
  address: string
  /** Where `iconUrl`s point when a token has none configured, e.g. `http://127.0.0.1:4700`. */
  baseUrl: string
}

/**
 * Reads an account's native balance and every configured ERC-20 balance from the chain, and
 * prices them from the configuration. The native balance is always listed; tokens only when
 * the account holds some.
 *
 * @param parameters - the chain, its viem client, the address and the base URL for icons
 * @returns the balances, native first, and the CAIP-10 ids of tokens whose read failed (left out
 * of `balances`, so one broken token contract does not hide the rest)
 * @throws when the chain's RPC does not answer the native balance
 * @example
 * await readEvmBalances({ chain, client, address: '0xf39F…', baseUrl: server.url })
 */
export async function readEvmBalances({ chain, client, address, baseUrl }: ReadEvmBalancesParameters): Promise<BalancesRead> {
  const account = getAddress(address)
  const tokens = chain.tokens ?? []
  const [native, tokenReads] = await Promise.all([
    client.getBalance({ address: account }),
    Promise.allSettled(
      tokens.map((token) => client.readContract({ address: getAddress(token.address), abi: erc20Abi, functionName: 'balanceOf', args: [account] })),
    ),
  ])
  const unavailable: string[] = []
  const icon = (symbol: string) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
  const nativePrice = chain.nativePriceUsd ?? 0
  const nativeNumeric = formatUnits(native, chain.nativeCurrency.decimals)
  const balances: Balance[] = [
    {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      chainId: chain.caipNetworkId,
      value: usdValue(native, chain.nativeCurrency.decimals, nativePrice),
      price: nativePrice,
      quantity: { decimals: String(chain.nativeCurrency.decimals), numeric: nativeNumeric },
      iconUrl: icon(chain.nativeCurrency.symbol),
    },
  ]
  tokens.forEach((token, index) => {
    const read = tokenReads[index]
    if (read?.status !== 'fulfilled') {
      unavailable.push(`${chain.caipNetworkId}:${getAddress(token.address)}`)
      return
    }
    const amount = read.value
    if (amount === 0n) return
    const numeric = formatUnits(amount, token.decimals)
    balances.push({
      name: token.name,
      symbol: token.symbol,
      chainId: chain.caipNetworkId,
      address: `${chain.caipNetworkId}:${getAddress(token.address)}`,
      value: usdValue(amount, token.decimals, token.priceUsd),
      price: token.priceUsd,
      quantity: { decimals: String(token.decimals), numeric },
      iconUrl: token.iconUrl ?? icon(token.symbol),
    })
  })
  return { balances, unavailable }
}
