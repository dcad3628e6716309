import { formatUnits } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import { readCosmosDenoms } from './readCosmosDenoms.js'
import type { Transaction, TransactionTransfer } from './Transaction.js'

export type ReadCosmosHistoryParameters = {
  /** A cosmos chain whose `rpcUrl` serves the REST gateway. */
  chain: ChainConfig
  /** A bech32 address of that chain. */
  address: string
  /** The `next` of the previous page (a page number); absent for the first page. */
  cursor?: string
  /** Where the icon URLs point. */
  baseUrl: string
  /** Transactions per page and per direction (default 20). */
  pageSize?: number
  /** How long each REST call may take (default `upstreamTimeoutMs`). */
  timeoutMs?: number
}

type TxResponse = {
  txhash?: unknown
  height?: unknown
  code?: unknown
  timestamp?: unknown
  tx?: { body?: { messages?: { '@type'?: unknown; from_address?: unknown; to_address?: unknown; amount?: { denom?: unknown; amount?: unknown }[] }[] }; auth_info?: { signer_infos?: { sequence?: unknown }[] } }
}

const malformed = () => new Error('Cosmos REST txs: malformed answer')

/**
 * One page of a Cosmos address's bank activity from the chain's REST gateway, newest first, in the
 * `Transaction` shape of eip155 history: `GET /cosmos/tx/v1beta1/txs?query=message.sender='…'` and
 * `…transfer.recipient='…'` (both newest first, merged, each transaction once). Every `MsgSend`
 * touching the address is a transfer (`out`, `in` or `self`) in its denom, named and priced by the
 * chain's bank metadata and the configuration. A transaction that failed in execution (non-zero
 * `code`) is `failed`. `nonce` is the sender's sequence.
 *
 * @param parameters the chain, address, cursor and base URL
 * @returns `{ data, next }`, `next` the next page's cursor or null
 * @throws HttpError 400 for a cursor this server did not give out, or an address the chain refuses
 * @throws when the REST gateway does not answer or answers something malformed
 * @example
 * await readCosmosHistory({ chain, address: 'cosmos1…', baseUrl: server.url })
 */
export async function readCosmosHistory({ chain, address, cursor, baseUrl, pageSize = 20, timeoutMs = upstreamTimeoutMs }: ReadCosmosHistoryParameters): Promise<{ data: Transaction[]; next: string | null }> {
  if (cursor !== undefined && !/^[1-9]\d{0,5}$/.test(cursor)) throw badRequest('cursor is not one this server gave out')
  const page = Number(cursor ?? 1)
  const search = async (condition: string) => {
    const query = new URLSearchParams({ query: condition, order_by: 'ORDER_BY_DESC', limit: String(pageSize), page: String(page) })
    const response = await fetch(`${chain.rpcUrl}/cosmos/tx/v1beta1/txs?${query}`, { signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 400) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: `address is not a valid address of ${chain.caipNetworkId}` })
    if (!response.ok) throw new Error(`Cosmos REST txs: HTTP ${response.status}`)
    const body = (await response.json()) as { tx_responses?: unknown; total?: unknown }
    if (!Array.isArray(body.tx_responses)) throw malformed()
    return { txs: body.tx_responses as TxResponse[], total: Number(body.total ?? 0) }
  }
  const [sent, received, denomOf] = await Promise.all([search(`message.sender='${address}'`), search(`transfer.recipient='${address}'`), readCosmosDenoms(chain, timeoutMs)])
  const seen = new Set<string>()
  const merged = [...sent.txs, ...received.txs].filter((tx) => {
    if (typeof tx.txhash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(tx.txhash) || typeof tx.height !== 'string' || !/^\d+$/.test(tx.height)) throw malformed()
    if (seen.has(tx.txhash)) return false
    seen.add(tx.txhash)
    return true
  })
  merged.sort((a, b) => Number(b.height) - Number(a.height))

  const data = merged.map((tx): Transaction => {
    const sends = (tx.tx?.body?.messages ?? []).filter((m) => m['@type'] === '/cosmos.bank.v1beta1.MsgSend' && (m.from_address === address || m.to_address === address))
    const first = sends[0]
    const sending = sends.some((m) => m.from_address === address)
    const transfers: TransactionTransfer[] = sends.flatMap((m) =>
      (m.amount ?? []).map((coin) => {
        if (typeof coin.denom !== 'string' || typeof coin.amount !== 'string' || !/^\d{1,60}$/.test(coin.amount)) throw malformed()
        const denom = denomOf(coin.denom)
        const amount = BigInt(coin.amount)
        const direction = m.from_address === address ? (m.to_address === address ? 'self' : 'out') : 'in'
        return {
          fungible_info: { name: denom.name, symbol: denom.symbol, icon: { url: denom.iconUrl ?? `${baseUrl}/public/getTokenImage/${encodeURIComponent(denom.symbol)}` }, flags: { is_spam: false } },
          direction,
          quantity: { numeric: formatUnits(amount, denom.decimals) },
          value: usdValue(amount, denom.decimals, denom.priceUsd),
          price: denom.priceUsd,
        } satisfies TransactionTransfer
      }),
    )
    const time = typeof tx.timestamp === 'string' && !Number.isNaN(Date.parse(tx.timestamp)) ? new Date(tx.timestamp).toISOString() : new Date(0).toISOString()
    const sequence = Number(tx.tx?.auth_info?.signer_infos?.[0]?.sequence ?? 0)
    return {
      id: (tx.txhash as string).toUpperCase(),
      metadata: {
        operationType: sending ? 'send' : first ? 'receive' : 'execute',
        hash: (tx.txhash as string).toUpperCase(),
        chain: chain.caipNetworkId,
        minedAt: time,
        sentFrom: typeof first?.from_address === 'string' ? first.from_address : '',
        sentTo: typeof first?.to_address === 'string' ? first.to_address : '',
        status: tx.code === 0 || tx.code === undefined ? 'confirmed' : 'failed',
        nonce: Number.isSafeInteger(sequence) ? sequence : 0,
      },
      transfers,
    }
  })
  const more = page * pageSize < Math.max(sent.total, received.total)
  return { data, next: more ? String(page + 1) : null }
}
