import { formatUnits } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { callRpcBatch } from '../indexer/callRpcBatch.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import { callSolanaRpc } from './callSolanaRpc.js'
import type { Transaction, TransactionTransfer } from './Transaction.js'

export type ReadSolanaHistoryParameters = {
  /** A solana chain whose `rpcUrl` is a Solana JSON-RPC node. */
  chain: ChainConfig
  /** A base58 Solana address (the wallet, not a token account). */
  address: string
  /** The `next` of the previous page (the last signature it listed); absent for the first page. */
  cursor?: string
  /** Transactions per page (default 20). */
  pageSize?: number
  /** Where icon URLs point. */
  baseUrl: string
  /** How long one RPC call may take (default `upstreamTimeoutMs`). */
  timeoutMs?: number
}

/** Signatures read per account: the newest 1,000 (one `getSignaturesForAddress` call, its maximum). */
const signaturesPerAccount = 1000
const signaturePattern = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/
const nativeMint = 'SOL'

type SignatureInfo = { signature?: unknown; slot?: unknown; blockTime?: unknown; err?: unknown }
type TokenBalanceJson = { accountIndex?: unknown; mint?: unknown; owner?: unknown; uiTokenAmount?: { amount?: unknown } }
type TransactionJson = {
  slot?: unknown
  blockTime?: unknown
  transaction?: { signatures?: unknown; message?: { accountKeys?: unknown; header?: { numRequiredSignatures?: unknown } } }
  meta?: {
    err?: unknown
    preBalances?: unknown
    postBalances?: unknown
    preTokenBalances?: unknown
    postTokenBalances?: unknown
    loadedAddresses?: { writable?: unknown; readonly?: unknown }
  } | null
}

const malformed = (method: string) => new Error(`${method}: malformed answer`)

const isSlot = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
/** Lamports: a JSON number, which past 2^53 (a faucet's balance) JSON parsing rounds; only the address's own change is reported. */
const isLamports = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0
const isDigits = (value: unknown): value is string => typeof value === 'string' && /^\d{1,40}$/.test(value)
const strings = (value: unknown, method: string): string[] => {
  if (value === undefined) return []
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw malformed(method)
  return value as string[]
}

/** Token balance changes per owner and mint: `owner mint` → post − pre. */
function tokenDeltas(pre: unknown, post: unknown): Map<string, { owner: string; mint: string; delta: bigint }> {
  const deltas = new Map<string, { owner: string; mint: string; delta: bigint }>()
  const add = (list: unknown, sign: 1n | -1n) => {
    if (list === undefined || list === null) return
    if (!Array.isArray(list)) throw malformed('getTransaction')
    for (const entry of list as TokenBalanceJson[]) {
      if (typeof entry?.mint !== 'string' || typeof entry.owner !== 'string' || !isDigits(entry.uiTokenAmount?.amount)) throw malformed('getTransaction')
      const key = `${entry.owner} ${entry.mint}`
      const current = deltas.get(key) ?? { owner: entry.owner, mint: entry.mint, delta: 0n }
      current.delta += sign * BigInt(entry.uiTokenAmount.amount as string)
      deltas.set(key, current)
    }
  }
  add(pre, -1n)
  add(post, 1n)
  return deltas
}

/**
 * One page of a Solana address's activity, newest first, in the `Transaction` shape of eip155
 * history, read from the chain's JSON-RPC as a wallet does: the signatures of the address itself
 * and of its token accounts for the configured mints (`getTokenAccountsByOwner`, then
 * `getSignaturesForAddress`, newest 1,000 each: an SPL transfer into an existing token account
 * does not name the wallet), merged by slot; then `getTransaction` for the page, in one batch.
 * Each transaction is seen from the address through its balance changes (`pre/postBalances` and
 * the token balances the address owns; token transfers listed before the SOL change, each with
 * its `sender` and `recipient`): a `mint` or `burn` when tokens came from or went to no one, else
 * a `send` when the address signed it (quantity: what left the address, fee included, for SOL),
 * a `receive` otherwise; the counterparty is the first other account whose balance moved the
 * other way, else the fee payer. Mints the chain does not configure are spam.
 *
 * @param parameters the chain, the address, the cursor, the page size and the base URL
 * @returns `{ data, next }`
 * @throws HttpError 400 for a cursor that is not a signature this server gave out; Error when the
 *   node fails or answers something malformed (the route turns it into a 502)
 * @example
 * await readSolanaHistory({ chain, address: 'oeYf6KAJ…', baseUrl: server.url })
 */
export async function readSolanaHistory({ chain, address, cursor, pageSize = 20, baseUrl, timeoutMs = upstreamTimeoutMs }: ReadSolanaHistoryParameters): Promise<{ data: Transaction[]; next: string | null }> {
  if (cursor !== undefined && !signaturePattern.test(cursor)) throw badRequest('cursor is not one this server gave out')
  const tokens = chain.tokens ?? []
  const tokenAccountLists = await Promise.all(
    tokens.map((token) =>
      callSolanaRpc<{ value?: unknown }>(chain.rpcUrl, 'getTokenAccountsByOwner', [address, { mint: token.address }, { encoding: 'base64', commitment: 'confirmed' }], timeoutMs),
    ),
  )
  const accounts = [address]
  for (const list of tokenAccountLists) {
    if (!Array.isArray(list?.value)) throw malformed('getTokenAccountsByOwner')
    for (const entry of list.value as { pubkey?: unknown }[]) {
      if (typeof entry?.pubkey !== 'string') throw malformed('getTokenAccountsByOwner')
      if (!accounts.includes(entry.pubkey)) accounts.push(entry.pubkey)
    }
  }
  const outcomes = await callRpcBatch({
    url: chain.rpcUrl,
    calls: accounts.map((account) => ({ method: 'getSignaturesForAddress', params: [account, { limit: signaturesPerAccount, commitment: 'confirmed' }] })),
    timeoutMs,
  })
  const seen = new Map<string, { signature: string; slot: number; order: number }>()
  let order = 0
  for (const outcome of outcomes) {
    if (!outcome.ok) throw new Error(`getSignaturesForAddress: ${outcome.message} (${outcome.code})`)
    if (!Array.isArray(outcome.result)) throw malformed('getSignaturesForAddress')
    for (const info of outcome.result as SignatureInfo[]) {
      if (typeof info?.signature !== 'string' || !signaturePattern.test(info.signature) || !isSlot(info.slot)) throw malformed('getSignaturesForAddress')
      if (!seen.has(info.signature)) seen.set(info.signature, { signature: info.signature, slot: info.slot, order: order++ })
    }
  }
  // Newest first: higher slot first; within a slot, the order the node listed them in.
  const merged = [...seen.values()].sort((a, b) => b.slot - a.slot || a.order - b.order)
  let start = 0
  if (cursor !== undefined) {
    const index = merged.findIndex((entry) => entry.signature === cursor)
    if (index < 0) throw badRequest('cursor is not one this server gave out')
    start = index + 1
  }
  const page = merged.slice(start, start + pageSize)
  const next = start + pageSize < merged.length ? (page[page.length - 1]?.signature ?? null) : null
  if (page.length === 0) return { data: [], next: null }

  const answers = await callRpcBatch({
    url: chain.rpcUrl,
    calls: page.map(({ signature }) => ({ method: 'getTransaction', params: [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }] })),
    timeoutMs,
  })
  const coins = new Map<string, { name: string; symbol: string; decimals: number; priceUsd: number; iconUrl?: string }>([
    [nativeMint, { ...chain.nativeCurrency, priceUsd: chain.nativePriceUsd ?? 0 }],
    ...tokens.map((t): [string, { name: string; symbol: string; decimals: number; priceUsd: number; iconUrl?: string }] => [t.address, t]),
  ])
  const transfer = (mint: string, delta: bigint): TransactionTransfer => {
    const coin = coins.get(mint)
    const amount = delta < 0n ? -delta : delta
    const decimals = coin?.decimals ?? 0
    const icon = coin ? (coin.iconUrl ?? `${baseUrl}/public/getTokenImage/${encodeURIComponent(coin.symbol)}`) : undefined
    return {
      fungible_info: { name: coin?.name ?? mint, symbol: coin?.symbol ?? `${mint.slice(0, 4)}…`, ...(icon ? { icon: { url: icon } } : {}), flags: { is_spam: !coin } },
      direction: delta < 0n ? 'out' : 'in',
      quantity: { numeric: formatUnits(amount, decimals) },
      ...(coin ? { value: usdValue(amount, decimals, coin.priceUsd), price: coin.priceUsd } : {}),
    }
  }

  const data: Transaction[] = []
  page.forEach(({ signature }, i) => {
    const answer = answers[i]
    if (!answer?.ok) throw new Error(`getTransaction: ${answer ? `${answer.message} (${answer.code})` : 'no answer'}`)
    // A transaction the node no longer keeps (or not yet) is left out rather than guessed at.
    if (answer.result === null) return
    const tx = answer.result as TransactionJson
    const meta = tx?.meta
    if (!meta || typeof meta !== 'object') throw malformed('getTransaction')
    const keys = [
      ...strings(tx.transaction?.message?.accountKeys, 'getTransaction'),
      ...strings(meta.loadedAddresses?.writable, 'getTransaction'),
      ...strings(meta.loadedAddresses?.readonly, 'getTransaction'),
    ]
    const pre = meta.preBalances
    const post = meta.postBalances
    if (!Array.isArray(pre) || !Array.isArray(post) || pre.length !== keys.length || post.length !== keys.length || ![...pre, ...post].every(isLamports)) throw malformed('getTransaction')
    const signers = typeof tx.transaction?.message?.header?.numRequiredSignatures === 'number' ? tx.transaction.message.header.numRequiredSignatures : 1
    const feePayer = keys[0] ?? ''
    const own = keys.indexOf(address)
    const sending = own >= 0 && own < signers
    const lamports = (index: number) => BigInt(post[index] as number) - BigInt(pre[index] as number)
    // Token transfers first: in a token transaction the SOL change is the fee (and rent), not the point.
    // Each names the other party (as eip155 transfers do): the owner whose balance of the same mint
    // moved the other way, for SOL the first other account whose lamports did; '' when there is
    // none (tokens minted or burnt).
    const transfers: TransactionTransfer[] = []
    const deltas = [...tokenDeltas(meta.preTokenBalances, meta.postTokenBalances).values()]
    for (const { owner, mint, delta } of deltas) {
      if (owner !== address || delta === 0n) continue
      const other = deltas.find((d) => d.mint === mint && d.owner !== address && (delta < 0n ? d.delta > 0n : d.delta < 0n))?.owner ?? ''
      transfers.push({ ...transfer(mint, delta), ...(delta < 0n ? { sender: address, recipient: other } : { sender: other, recipient: address }) })
    }
    if (own >= 0 && lamports(own) !== 0n) {
      const delta = lamports(own)
      const other = keys.find((key, index) => key !== address && (delta < 0n ? lamports(index) > 0n : lamports(index) < 0n)) ?? (delta < 0n ? '' : feePayer)
      transfers.push({ ...transfer(nativeMint, delta), ...(delta < 0n ? { sender: address, recipient: other } : { sender: other, recipient: address }) })
    }
    const tokenIns = transfers.filter((t) => t.direction === 'in' && t.fungible_info?.symbol !== chain.nativeCurrency.symbol)
    const tokenOuts = transfers.filter((t) => t.direction === 'out' && t.fungible_info?.symbol !== chain.nativeCurrency.symbol)
    const headline = transfers[0]
    const operationType =
      tokenIns.some((t) => t.sender === '') && tokenOuts.length === 0 ? 'mint' : tokenOuts.some((t) => t.recipient === '') && tokenIns.length === 0 ? 'burn' : sending ? 'send' : 'receive'
    const sentFrom = sending ? address : (headline?.sender || feePayer)
    const sentTo = sending ? (headline?.direction === 'out' && headline.recipient ? headline.recipient : (keys.find((key, index) => key !== address && lamports(index) > 0n) ?? address)) : address
    const blockTime = typeof tx.blockTime === 'number' && Number.isSafeInteger(tx.blockTime) && tx.blockTime > 0 ? tx.blockTime * 1000 : Date.now()
    data.push({
      id: signature,
      metadata: {
        operationType,
        hash: signature,
        chain: chain.caipNetworkId,
        minedAt: new Date(blockTime).toISOString(),
        sentFrom,
        sentTo,
        status: meta.err === null || meta.err === undefined ? 'confirmed' : 'failed',
        nonce: 0,
      },
      transfers,
    })
  })
  return { data, next }
}
