import { formatUnits } from 'viem'

import type { Network } from '../../kernel/kernel.js'
import { decodeSs58, readPolkadotAccount } from '../../plugins/polkadot/server/index.js'
import type { ChainConfig } from '../createServer.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import type { BalancesRead } from './Balance.js'

/**
 * The chain as the polkadot plugin's node readers take it: a network whose first RPC URL is the
 * server's upstream node.
 *
 * @example
 * asPolkadotNetwork(chain).rpcUrls.default.http[0] === chain.rpcUrl // true
 */
export function asPolkadotNetwork(chain: ChainConfig): Network {
  return { id: chain.caipNetworkId, caipNetworkId: chain.caipNetworkId, chainNamespace: 'polkadot', name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } } as unknown as Network
}

/**
 * Reads an account's native balance on a Substrate chain from its node (`System.Account`): the free
 * balance is the quantity, priced from the configuration; Portico's `breakdown` adds the reserved
 * and transferable parts (Substrate balances are not all spendable).
 *
 * @param parameters the chain, the SS58 address and the base URL for icons
 * @returns the balance
 * @throws a 400 for an address that is not SS58; otherwise when the node fails
 * @example
 * await readPolkadotBalances({ chain, address: '5Grw…utQY', baseUrl: server.url })
 */
export async function readPolkadotBalances({ chain, address, baseUrl }: { chain: ChainConfig; address: string; baseUrl: string }): Promise<BalancesRead> {
  const decoded = decodeSs58(address)
  if (!decoded) throw badRequest('address is not a valid SS58 address')
  const account = await readPolkadotAccount({ network: asPolkadotNetwork(chain), publicKey: decoded.publicKey })
  const { name, symbol, decimals } = chain.nativeCurrency
  const price = chain.nativePriceUsd ?? 0
  return {
    balances: [
      {
        name,
        symbol,
        chainId: chain.caipNetworkId,
        value: usdValue(account.free, decimals, price),
        price,
        quantity: { decimals: String(decimals), numeric: formatUnits(account.free, decimals) },
        iconUrl: `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`,
        breakdown: { reserved: formatUnits(account.reserved, decimals), frozen: formatUnits(account.frozen, decimals), transferable: formatUnits(account.transferable, decimals) },
      },
    ],
    unavailable: [],
  }
}
