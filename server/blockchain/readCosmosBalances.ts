import { formatUnits } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { usdValue } from '../utils/usdValue.js'
import type { Balance, BalancesRead } from './Balance.js'
import { readCosmosDenoms } from './readCosmosDenoms.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'

export type ReadCosmosBalancesParameters = {
  /** A cosmos chain whose `rpcUrl` serves the REST gateway (`/cosmos/bank/v1beta1/…`). */
  chain: ChainConfig
  /** A bech32 address of that chain. */
  address: string
  /** Where the icon URL points. */
  baseUrl: string
  /** How long each REST call may take (default `upstreamTimeoutMs`). */
  timeoutMs?: number
}

const isAmount = (value: unknown): value is string => typeof value === 'string' && /^\d{1,60}$/.test(value)

/**
 * Reads a Cosmos address's bank balances from the chain's REST gateway
 * (`GET /cosmos/bank/v1beta1/balances/:address`): the native denom (listed even when zero) and every
 * other denom the address holds (its CAIP-19-style `address` is `<caip2>:<denom>`), named, scaled and
 * priced by {@link readCosmosDenoms}. A denom without metadata is reported in base units, unpriced.
 *
 * @param parameters the chain, the address and the base URL for the icons
 * @returns the balances, native first
 * @throws HttpError 400 when the chain refuses the address
 * @throws when the REST gateway does not answer or answers something malformed
 * @example
 * await readCosmosBalances({ chain, address: 'cosmos1…', baseUrl: server.url })
 */
export async function readCosmosBalances({ chain, address, baseUrl, timeoutMs = upstreamTimeoutMs }: ReadCosmosBalancesParameters): Promise<BalancesRead> {
  const get = async (path: string) => {
    const response = await fetch(`${chain.rpcUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 400) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: `address is not a valid address of ${chain.caipNetworkId}` })
    if (!response.ok) throw new Error(`Cosmos REST ${path.split('/').slice(0, 5).join('/')}: HTTP ${response.status}`)
    return (await response.json()) as Record<string, unknown>
  }
  const [balancesBody, denomOf] = await Promise.all([get(`/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}?pagination.limit=200`), readCosmosDenoms(chain, timeoutMs)])
  const coins = balancesBody.balances
  if (!Array.isArray(coins) || !coins.every((c) => typeof c?.denom === 'string' && isAmount(c?.amount))) throw new Error('Cosmos REST balances: malformed answer')
  const held = (coins as { denom: string; amount: string }[]).map((coin) => ({ ...denomOf(coin.denom), amount: BigInt(coin.amount) }))
  const { name, symbol, decimals } = chain.nativeCurrency
  const native = held.find((coin) => coin.native) ?? { name, symbol, decimals, priceUsd: chain.nativePriceUsd ?? 0, amount: 0n, native: true, denom: '', iconUrl: undefined }
  const balances: Balance[] = [native, ...held.filter((coin) => !coin.native)].map((coin) => ({
    name: coin.name,
    symbol: coin.symbol,
    chainId: chain.caipNetworkId,
    ...(coin.native ? {} : { address: `${chain.caipNetworkId}:${coin.denom}` }),
    value: usdValue(coin.amount, coin.decimals, coin.priceUsd),
    price: coin.priceUsd,
    quantity: { decimals: String(coin.decimals), numeric: formatUnits(coin.amount, coin.decimals) },
    iconUrl: coin.iconUrl ?? `${baseUrl}/public/getTokenImage/${encodeURIComponent(coin.symbol)}`,
  }))
  return { balances, unavailable: [] }
}
