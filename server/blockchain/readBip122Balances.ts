import { formatUnits } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { usdValue } from '../utils/usdValue.js'
import type { BalancesRead } from './Balance.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'

export type ReadBip122BalancesParameters = {
  /** A bip122 chain whose `rpcUrl` is an Esplora REST base (`…/api`). */
  chain: ChainConfig
  /** A Bitcoin address of that chain. */
  address: string
  /** Where the icon URL points. */
  baseUrl: string
  /** How long the Esplora call may take (default `upstreamTimeoutMs`). */
  timeoutMs?: number
}

type TxoStats = { funded_txo_sum?: unknown; spent_txo_sum?: unknown }

const sats = (stats: TxoStats | undefined, key: keyof TxoStats): bigint => {
  const value = stats?.[key]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Error('Esplora address: malformed answer')
  return BigInt(value)
}

/**
 * Reads a Bitcoin address's balance from an Esplora REST API (`GET <rpcUrl>/address/:address`):
 * confirmed plus mempool sats (what wallets show as the balance), as BTC, priced from the
 * configuration.
 *
 * @param parameters the chain, the address and the base URL for the icon
 * @returns one balance, the native currency (bip122 has no tokens here, so nothing is unavailable)
 * @throws HttpError 400 when Esplora refuses the address (another network's, bad checksum)
 * @throws when Esplora does not answer or answers something malformed
 * @example
 * await readBip122Balances({ chain, address: 'bcrt1q…', baseUrl: server.url })
 */
export async function readBip122Balances({ chain, address, baseUrl, timeoutMs = upstreamTimeoutMs }: ReadBip122BalancesParameters): Promise<BalancesRead> {
  const response = await fetch(`${chain.rpcUrl}/address/${encodeURIComponent(address)}`, { signal: AbortSignal.timeout(timeoutMs) })
  if (response.status === 400) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: `address is not a valid address of ${chain.caipNetworkId}` })
  if (!response.ok) throw new Error(`Esplora address: HTTP ${response.status}`)
  const body = (await response.json()) as { chain_stats?: TxoStats; mempool_stats?: TxoStats }
  const total =
    sats(body.chain_stats, 'funded_txo_sum') - sats(body.chain_stats, 'spent_txo_sum') + sats(body.mempool_stats, 'funded_txo_sum') - sats(body.mempool_stats, 'spent_txo_sum')
  const amount = total < 0n ? 0n : total
  const price = chain.nativePriceUsd ?? 0
  const { name, symbol, decimals } = chain.nativeCurrency
  const balances = [
    {
      name,
      symbol,
      chainId: chain.caipNetworkId,
      value: usdValue(amount, decimals, price),
      price,
      quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
      iconUrl: `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`,
    },
  ]
  return { balances, unavailable: [] }
}
