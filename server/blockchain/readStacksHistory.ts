import { formatUnits } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import { callStacksApi } from './callStacksApi.js'
import type { Transaction, TransactionTransfer } from './Transaction.js'

export type ReadStacksHistoryParameters = {
  /** A stacks chain whose `rpcUrl` serves the Stacks blockchain API. */
  chain: ChainConfig
  address: string
  /** The `next` of the previous page (an offset); absent for the first page. */
  cursor?: string
  pageSize: number
  baseUrl: string
}

type StacksApiTx = {
  tx_id?: unknown
  tx_status?: unknown
  tx_type?: unknown
  sender_address?: unknown
  nonce?: unknown
  fee_rate?: unknown
  block_time?: unknown
  burn_block_time?: unknown
  token_transfer?: { recipient_address?: unknown; amount?: unknown }
  contract_call?: { contract_id?: unknown; function_name?: unknown; function_args?: { name?: unknown; repr?: unknown }[] }
}

const malformed = () => new Error('/extended/v1/address/transactions: malformed answer')
const digits = /^\d{1,40}$/

/**
 * One page of a Stacks address's confirmed activity (`/extended/v1/address/{principal}/transactions`,
 * newest first), in the `Transaction` shape of eip155 history: STX transfers (quantity with the fee
 * for the sender) and SIP-010 `transfer` calls of configured tokens (other contract calls are
 * `execute` with no transfer). The cursor is the offset of the next page.
 *
 * @returns `{ data, next }`
 * @throws HttpError 400 for a cursor that is not an offset, 502 when the API does not answer
 * @example
 * await readStacksHistory({ chain, address: 'ST…', pageSize: 20, baseUrl })
 */
export async function readStacksHistory({ chain, address, cursor, pageSize, baseUrl }: ReadStacksHistoryParameters): Promise<{ data: Transaction[]; next: string | null }> {
  if (cursor !== undefined && !/^\d{1,6}$/.test(cursor)) throw badRequest('cursor is not one this server gave out')
  const offset = cursor === undefined ? 0 : Number(cursor)
  const limit = Math.min(50, pageSize)
  let page: { total?: unknown; results?: unknown }
  try {
    page = await callStacksApi(chain.rpcUrl, `/extended/v1/address/${encodeURIComponent(address)}/transactions?limit=${limit}&offset=${offset}`)
  } catch (cause) {
    throw new HttpError({ status: 502, code: 'UPSTREAM_UNAVAILABLE', message: `Could not read history from ${chain.caipNetworkId}`, cause })
  }
  if (!Array.isArray(page?.results) || typeof page.total !== 'number') throw malformed()
  const native = { ...chain.nativeCurrency, priceUsd: chain.nativePriceUsd ?? 0 }
  const tokens = new Map((chain.tokens ?? []).map((t) => [t.address.split('::')[0] as string, t]))
  const icon = (symbol: string) => ({ url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}` })
  const data = (page.results as StacksApiTx[]).map((tx): Transaction => {
    if (typeof tx.tx_id !== 'string' || typeof tx.sender_address !== 'string' || typeof tx.fee_rate !== 'string' || !digits.test(tx.fee_rate)) throw malformed()
    const sending = tx.sender_address === address
    const time = typeof tx.block_time === 'number' ? tx.block_time : typeof tx.burn_block_time === 'number' ? tx.burn_block_time : 0
    const status = tx.tx_status === 'success' ? 'confirmed' : tx.tx_status === 'pending' ? 'pending' : 'failed'
    const fee = BigInt(tx.fee_rate)
    let sentTo = ''
    const transfers: TransactionTransfer[] = []
    const push = (amount: bigint, token: { name: string; symbol: string; decimals: number; priceUsd: number }, counterparty: string) =>
      transfers.push({
        fungible_info: { name: token.name, symbol: token.symbol, icon: icon(token.symbol), flags: { is_spam: false } },
        direction: sending ? 'out' : 'in',
        quantity: { numeric: formatUnits(amount, token.decimals) },
        value: usdValue(amount, token.decimals, token.priceUsd),
        price: token.priceUsd,
        sender: sending ? address : counterparty,
        recipient: sending ? counterparty : address,
      })
    if (tx.tx_type === 'token_transfer') {
      const recipient = tx.token_transfer?.recipient_address
      const amount = tx.token_transfer?.amount
      if (typeof recipient !== 'string' || typeof amount !== 'string' || !digits.test(amount)) throw malformed()
      sentTo = recipient
      const moved = status === 'confirmed' ? BigInt(amount) : 0n
      push(sending ? moved + fee : moved, native, sending ? recipient : tx.sender_address)
    } else {
      const contract = tx.contract_call?.contract_id
      const token = typeof contract === 'string' ? tokens.get(contract) : undefined
      sentTo = typeof contract === 'string' ? contract : ''
      const args = tx.contract_call?.function_args ?? []
      const amount = args.find((a) => a?.name === 'amount')?.repr
      const recipient = args.find((a) => a?.name === 'recipient')?.repr
      if (token && tx.contract_call?.function_name === 'transfer' && typeof amount === 'string' && /^u\d{1,40}$/.test(amount) && typeof recipient === 'string') {
        sentTo = recipient.replace(/^'/, '')
        if (status === 'confirmed') push(BigInt(amount.slice(1)), token, sending ? sentTo : tx.sender_address)
      }
      if (sending) push(fee, native, sentTo)
    }
    const isTransfer = tx.tx_type === 'token_transfer' || transfers.some((t) => t.fungible_info?.symbol !== native.symbol)
    return {
      id: tx.tx_id,
      metadata: {
        operationType: isTransfer ? (sending ? 'send' : 'receive') : 'execute',
        hash: tx.tx_id,
        chain: chain.caipNetworkId,
        minedAt: new Date(time * 1000).toISOString(),
        sentFrom: tx.sender_address,
        sentTo,
        status,
        nonce: typeof tx.nonce === 'number' ? tx.nonce : 0,
      },
      transfers,
    }
  })
  const next = offset + data.length < page.total && data.length > 0 ? String(offset + data.length) : null
  return { data, next }
}
