import { formatUnits } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import { callSuiRpc } from './callSuiRpc.js'
import type { Transaction, TransactionTransfer } from './Transaction.js'

export type ReadSuiHistoryParameters = {
  /** A sui chain whose `rpcUrl` is a full-node JSON-RPC. */
  chain: ChainConfig
  /** `0x` + 64 hex. */
  address: string
  /** The `next` of the previous page (the last digest it listed); absent for the first page. */
  cursor?: string
  /** Where icon URLs point. */
  baseUrl: string
}

const pageSize = 20
const digestPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

type SuiTransactionResponse = {
  digest?: unknown
  timestampMs?: unknown
  effects?: { status?: { status?: unknown } }
  transaction?: { data?: { sender?: unknown } }
  balanceChanges?: { owner?: { AddressOwner?: unknown }; coinType?: unknown; amount?: unknown }[]
}

const malformed = () => new Error('suix_queryTransactionBlocks: malformed answer')

/**
 * One page of a Sui address's activity (`suix_queryTransactionBlocks` with `FromOrToAddress`,
 * newest first), in the `Transaction` shape of eip155 history. Each transaction is seen from the
 * address through its balance changes: a `send` when the address signed it (quantity: what left the
 * address, gas included, for SUI; the coin's change otherwise), a `receive` otherwise; `sentTo` is
 * the first other owner whose balance grew. Coin types the chain does not configure are spam.
 *
 * @param parameters the chain, the address, the cursor and the base URL
 * @returns `{ data, next }`
 * @throws HttpError 400 for a cursor that is not a digest, 502 when the node does not answer
 * @example
 * await readSuiHistory({ chain, address, baseUrl: server.url })
 */
export async function readSuiHistory({ chain, address, cursor, baseUrl }: ReadSuiHistoryParameters): Promise<{ data: Transaction[]; next: string | null }> {
  if (cursor !== undefined && !digestPattern.test(cursor)) throw badRequest('cursor is not one this server gave out')
  const who = address.toLowerCase()
  let page: { data?: unknown; nextCursor?: unknown; hasNextPage?: unknown }
  try {
    page = await callSuiRpc(chain.rpcUrl, 'suix_queryTransactionBlocks', [
      { filter: { FromOrToAddress: { addr: who } }, options: { showInput: true, showEffects: true, showBalanceChanges: true } },
      cursor ?? null,
      pageSize,
      true,
    ])
  } catch (cause) {
    throw new HttpError({ status: 502, code: 'UPSTREAM_UNAVAILABLE', message: `Could not read history from ${chain.caipNetworkId}`, cause })
  }
  if (!Array.isArray(page?.data)) throw malformed()
  const coins = new Map<string, { name: string; symbol: string; decimals: number; priceUsd: number }>([
    ['0x2::sui::SUI', { ...chain.nativeCurrency, priceUsd: chain.nativePriceUsd ?? 0 }],
    ...(chain.tokens ?? []).map((t): [string, { name: string; symbol: string; decimals: number; priceUsd: number }] => [t.address, t]),
  ])
  const data = (page.data as SuiTransactionResponse[]).map((tx): Transaction => {
    if (typeof tx.digest !== 'string' || !Array.isArray(tx.balanceChanges)) throw malformed()
    const sender = typeof tx.transaction?.data?.sender === 'string' ? tx.transaction.data.sender.toLowerCase() : ''
    const sending = sender === who
    const changes = tx.balanceChanges.map((c) => {
      if (typeof c.owner?.AddressOwner !== 'string' || typeof c.coinType !== 'string' || typeof c.amount !== 'string' || !/^-?\d{1,40}$/.test(c.amount)) throw malformed()
      return { owner: c.owner.AddressOwner.toLowerCase(), coinType: c.coinType.replace(/^0x0*2::/, '0x2::'), amount: BigInt(c.amount) }
    })
    const counterparty = changes.find((c) => c.owner !== who && (sending ? c.amount > 0n : c.amount < 0n))?.owner ?? (sending ? who : sender)
    const transfers = changes
      .filter((c) => c.owner === who)
      .map((c): TransactionTransfer => {
        const coin = coins.get(c.coinType)
        const amount = c.amount < 0n ? -c.amount : c.amount
        const decimals = coin?.decimals ?? 0
        return {
          fungible_info: { name: coin?.name ?? c.coinType, symbol: coin?.symbol ?? c.coinType.split('::').pop() ?? '?', ...(coin ? { icon: { url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(coin.symbol)}` } } : {}), flags: { is_spam: !coin } },
          direction: c.amount < 0n ? 'out' : 'in',
          quantity: { numeric: formatUnits(amount, decimals) },
          ...(coin ? { value: usdValue(amount, decimals, coin.priceUsd), price: coin.priceUsd } : {}),
        }
      })
    const timestamp = typeof tx.timestampMs === 'string' && /^\d{1,16}$/.test(tx.timestampMs) ? Number(tx.timestampMs) : Date.now()
    return {
      id: tx.digest,
      metadata: {
        operationType: sending ? 'send' : 'receive',
        hash: tx.digest,
        chain: chain.caipNetworkId,
        minedAt: new Date(timestamp).toISOString(),
        sentFrom: sending ? who : sender,
        sentTo: sending ? counterparty : who,
        status: tx.effects?.status?.status === 'success' ? 'confirmed' : 'failed',
        nonce: 0,
      },
      transfers,
    }
  })
  const next = page.hasNextPage === true && typeof page.nextCursor === 'string' ? page.nextCursor : null
  return { data, next }
}
