import type { Network } from '../../../kernel/kernel.js'
import { CosmosRestRequestError } from '../errors.js'
import { formatCosmosUnits } from '../utils/formatCosmosUnits.js'
import { cosmosDataOf } from '../utils/cosmosDataOf.js'
import { callCosmosRest } from './callCosmosRest.js'

/**
 * The native balance of an address from the REST gateway (`/cosmos/bank/v1beta1/balances/:a/by_denom`).
 *
 * @returns `{ balance, symbol, decimals }`, the balance a decimal string in display units
 * @example
 * await fetchCosmosBalance({ network: cosmosHub, address: 'cosmos1…' })
 */
export async function fetchCosmosBalance({ network, address, fetch: fetchFn }: { network: Network; address: string; fetch?: typeof globalThis.fetch }): Promise<{ balance: string; symbol: string; decimals: number }> {
  const { denom } = cosmosDataOf(network)
  const path = `/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}/by_denom?denom=${encodeURIComponent(denom)}`
  const body = await callCosmosRest<{ balance?: { amount?: unknown } }>({ network, path, ...(fetchFn ? { fetch: fetchFn } : {}) })
  const amount = body?.balance?.amount
  if (typeof amount !== 'string' || !/^\d{1,60}$/.test(amount)) throw new CosmosRestRequestError({ path: '/cosmos/bank/v1beta1/balances', message: 'malformed balance' })
  const { symbol, decimals } = network.nativeCurrency
  return { balance: formatCosmosUnits(BigInt(amount), decimals), symbol, decimals }
}
