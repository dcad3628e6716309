import { formatUnits } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import type { Transaction } from './Transaction.js'

export type ReadBip122HistoryParameters = {
  /** A bip122 chain whose `rpcUrl` is an Esplora REST base (`…/api`). */
  chain: ChainConfig
  /** A Bitcoin address of that chain. */
  address: string
  /** The `next` of the previous page (the last confirmed txid it listed); absent for the first page. */
  cursor?: string
  /** Where the icon URL points. */
  baseUrl: string
  /** How long the Esplora call may take (default `upstreamTimeoutMs`). */
  timeoutMs?: number
  /** The time given to mempool transactions as `minedAt` (default now). */
  now?: () => Date
}

/** Confirmed transactions per Esplora page: a shorter page is the last one. */
const esploraChainPage = 25
const txidPattern = /^[0-9a-f]{64}$/

type EsploraOutput = { scriptpubkey_address?: unknown; value?: unknown }
type EsploraTx = {
  txid?: unknown
  vin?: { prevout?: EsploraOutput | null; is_coinbase?: unknown }[]
  vout?: EsploraOutput[]
  status?: { confirmed?: unknown; block_time?: unknown }
}

const malformed = () => new Error('Esplora address txs: malformed answer')
const satsOf = (output: EsploraOutput): bigint => {
  if (typeof output.value !== 'number' || !Number.isSafeInteger(output.value) || output.value < 0) throw malformed()
  return BigInt(output.value)
}
const addressOf = (output: EsploraOutput | null | undefined): string | undefined =>
  typeof output?.scriptpubkey_address === 'string' ? output.scriptpubkey_address : undefined

/**
 * One page of a Bitcoin address's activity from an Esplora REST API, in the `Transaction` shape of
 * eip155 history: the first page is `GET <rpcUrl>/address/:a/txs` (mempool transactions, `pending`,
 * then the newest 25 confirmed), later pages `…/txs/chain/:last_seen_txid`. Each transaction is seen
 * from the address: a `send` when it spent the address's outputs (quantity: what went to other
 * addresses, change and fee left out; `self` when everything came back), otherwise a `receive` (quantity:
 * what the address got). `sentFrom`/`sentTo` name the counterparty (the first other output's address,
 * or the first input's). Bitcoin has no nonce (`0`); a mempool transaction's `minedAt` is the time of the read.
 *
 * @param parameters the chain, address, cursor and base URL for the icon
 * @returns `{ data, next }`, `next` the cursor of the next page or null
 * @throws HttpError 400 for a cursor that is not a txid, or an address Esplora refuses
 * @throws when Esplora does not answer or answers something malformed
 * @example
 * await readBip122History({ chain, address: 'bcrt1q…', baseUrl: server.url })
 */
export async function readBip122History({ chain, address, cursor, baseUrl, timeoutMs = upstreamTimeoutMs, now = () => new Date() }: ReadBip122HistoryParameters): Promise<{ data: Transaction[]; next: string | null }> {
  if (cursor !== undefined && !txidPattern.test(cursor)) throw badRequest('cursor is not one this server gave out')
  const path = `${chain.rpcUrl}/address/${encodeURIComponent(address)}/txs${cursor ? `/chain/${cursor}` : ''}`
  const response = await fetch(path, { signal: AbortSignal.timeout(timeoutMs) })
  if (response.status === 400) throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: `address is not a valid address of ${chain.caipNetworkId}` })
  if (!response.ok) throw new Error(`Esplora address txs: HTTP ${response.status}`)
  const body = (await response.json()) as unknown
  if (!Array.isArray(body)) throw malformed()
  const { name, symbol, decimals } = chain.nativeCurrency
  const price = chain.nativePriceUsd ?? 0
  const icon = { url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}` }

  const data = (body as EsploraTx[]).map((tx): Transaction => {
    if (typeof tx.txid !== 'string' || !txidPattern.test(tx.txid) || !Array.isArray(tx.vin) || !Array.isArray(tx.vout)) throw malformed()
    const confirmed = tx.status?.confirmed === true
    if (confirmed && (typeof tx.status?.block_time !== 'number' || !Number.isSafeInteger(tx.status.block_time))) throw malformed()
    let spent = 0n
    for (const input of tx.vin) if (!input.is_coinbase && addressOf(input.prevout) === address) spent += satsOf(input.prevout as EsploraOutput)
    let received = 0n
    let toOthers = 0n
    for (const output of tx.vout) {
      if (addressOf(output) === address) received += satsOf(output)
      else toOthers += satsOf(output)
    }
    const sending = spent > 0n
    const direction = sending ? (toOthers === 0n ? 'self' : 'out') : 'in'
    const amount = direction === 'out' ? toOthers : received
    const otherOutput = tx.vout.map(addressOf).find((a) => a !== undefined && a !== address)
    const otherInput = tx.vin.map((input) => addressOf(input.prevout)).find((a) => a !== undefined && a !== address)
    return {
      id: tx.txid,
      metadata: {
        operationType: sending ? 'send' : 'receive',
        hash: tx.txid,
        chain: chain.caipNetworkId,
        minedAt: confirmed ? new Date((tx.status?.block_time as number) * 1000).toISOString() : now().toISOString(),
        sentFrom: sending ? address : (otherInput ?? ''),
        sentTo: sending ? (otherOutput ?? address) : address,
        status: confirmed ? 'confirmed' : 'pending',
        nonce: 0,
      },
      transfers: [
        {
          fungible_info: { name, symbol, icon, flags: { is_spam: false } },
          direction,
          quantity: { numeric: formatUnits(amount, decimals) },
          value: usdValue(amount, decimals, price),
          price,
        },
      ],
    }
  })
  const confirmedIds = data.filter((tx) => tx.metadata.status === 'confirmed').map((tx) => tx.id)
  const last = confirmedIds[confirmedIds.length - 1]
  return { data, next: confirmedIds.length >= esploraChainPage && last ? last : null }
}
