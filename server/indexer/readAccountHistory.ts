import { formatUnits, getAddress } from 'viem'
import type { Transaction, TransactionTransfer } from '../blockchain/Transaction.js'
import type { ChainConfig } from '../createServer.js'
import type { SqlStorage } from '../storage/SqlStorage.js'
import { badRequest } from '../utils/badRequest.js'
import { encodeHistoryCursor } from '../utils/encodeHistoryCursor.js'
import { nftUrls } from '../utils/nftUrls.js'
import { usdValue } from '../utils/usdValue.js'
import { zeroAddress } from './extractBlockRows.js'

export type ReadAccountHistoryParameters = {
  storage: SqlStorage
  chain: ChainConfig
  /** A valid EVM address (any case). */
  address: string
  /** Where the previous page ended; absent for the first page. */
  cursor?: { block: number; index: number }
  pageSize: number
  /** The server's origin, for icon and image URLs. */
  baseUrl: string
}

export type ReadAccountHistoryReturnType = { data: Transaction[]; next: string | null }

type TxRow = {
  hash: string
  block_number: number
  tx_index: number
  mined_at: number
  from_addr: string
  to_addr: string | null
  created_contract: string | null
  nonce: number
  status: number
  method_id: string | null
}
type TransferRow = { kind: 'native' | 'erc20' | 'erc721'; contract: string | null; from_addr: string; to_addr: string; amount: string; token_id: string | null; log_index: number }
type ContractRow = { name: string | null; symbol: string | null; decimals: number | null }

const approveSelectors = new Set(['0x095ea7b3', '0xa22cb465'])

function checksum(address: string): string {
  try {
    return getAddress(address)
  } catch {
    return address
  }
}

/**
 * One page of an account's activity on an eip155 chain, newest first, from the indexer's tables:
 * each transaction the account took part in, with the transfers that moved its funds (direction
 * seen from the account), names, symbols, icons and prices of known tokens, and `is_spam` on
 * transfers of tokens the server does not know. The cursor is stable: new blocks never shift a page.
 *
 * @param parameters - database, chain, address, cursor, page size and the server's origin
 * @returns `{ data, next }` (`next` null on the last page)
 * @throws HttpError 400 for a cursor that names no transaction of this account
 * @example
 * await readAccountHistory({ storage, chain, address, pageSize: 20, baseUrl })
 */
export async function readAccountHistory({ storage, chain, address, cursor, pageSize, baseUrl }: ReadAccountHistoryParameters): Promise<ReadAccountHistoryReturnType> {
  const chainId = chain.caipNetworkId
  const account = address.toLowerCase()
  const tokens = new Map((chain.tokens ?? []).map((token) => [token.address.toLowerCase(), token]))
  const nfts = new Map((chain.nfts ?? []).map((nft) => [nft.address.toLowerCase(), nft]))
  const icon = (symbol: string) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`

  // A cursor names the last transaction of a page this server gave out for this account.
  if (cursor) {
    const known = await storage.query('SELECT 1 AS one FROM account_transactions WHERE chain_id = ? AND address = ? AND block_number = ? AND tx_index = ? LIMIT 1', [
      chainId,
      account,
      cursor.block,
      cursor.index,
    ])
    if (known.length === 0) throw badRequest('cursor is not one this server gave out')
  }
  const before = cursor ?? { block: Number.MAX_SAFE_INTEGER, index: 0 }
  const rows = await storage.query<TxRow>(
      `SELECT t.hash, t.block_number, t.tx_index, t.mined_at, t.from_addr, t.to_addr, t.created_contract, t.nonce, t.status, t.method_id
       FROM account_transactions a JOIN chain_transactions t ON t.chain_id = a.chain_id AND t.hash = a.tx_hash
       WHERE a.chain_id = ? AND a.address = ? AND (a.block_number < ? OR (a.block_number = ? AND a.tx_index < ?))
       ORDER BY a.block_number DESC, a.tx_index DESC LIMIT ?`,
      [chainId, account, before.block, before.block, cursor ? before.index : 0, pageSize + 1],
    )
  const page = rows.slice(0, pageSize)
  // The page's transfers that moved the account's funds, and what unknown contracts call themselves, read up front.
  const transfersByTx = new Map<string, TransferRow[]>()
  if (page.length > 0) {
    const transferRows = await storage.query<TransferRow & { tx_hash: string }>(
      `SELECT tx_hash, kind, contract, from_addr, to_addr, amount, token_id, log_index FROM chain_transfers
       WHERE chain_id = ? AND tx_hash IN (${page.map(() => '?').join(', ')}) AND (from_addr = ? OR to_addr = ?) ORDER BY log_index`,
      [chainId, ...page.map((tx) => tx.hash), account, account],
    )
    for (const row of transferRows) transfersByTx.set(row.tx_hash, [...(transfersByTx.get(row.tx_hash) ?? []), row])
  }
  const unknownContracts = [...new Set([...transfersByTx.values()].flat().map((t) => t.contract ?? '').filter((c) => c !== '' && !tokens.has(c) && !nfts.has(c)))]
  const contracts = new Map<string, ContractRow>()
  if (unknownContracts.length > 0) {
    const found = await storage.query<ContractRow & { address: string }>(
      `SELECT address, name, symbol, decimals FROM chain_contracts WHERE chain_id = ? AND address IN (${unknownContracts.map(() => '?').join(', ')})`,
      [chainId, ...unknownContracts],
    )
    for (const row of found) contracts.set(row.address, row)
  }
  const lookUp = (contract: string): ContractRow | undefined => contracts.get(contract)

  const data = page.map((tx): Transaction => {
    const transferRows = transfersByTx.get(tx.hash) ?? []
    const transfers = transferRows.map((t): TransactionTransfer => {
      const direction = t.from_addr === account && t.to_addr === account ? 'self' : t.from_addr === account ? 'out' : 'in'
      if (t.kind === 'native') {
        const { name, symbol, decimals } = chain.nativeCurrency
        const price = chain.nativePriceUsd ?? 0
        return {
          fungible_info: { name, symbol, icon: { url: icon(symbol) }, flags: { is_spam: false } },
          direction,
          quantity: { numeric: formatUnits(BigInt(t.amount), decimals) },
          value: usdValue(BigInt(t.amount), decimals, price),
          price,
        }
      }
      const contract = t.contract ?? ''
      if (t.kind === 'erc721') {
        const tokenId = t.token_id ?? '0'
        const known = nfts.get(contract)
        if (known) {
          const { imageUrl } = nftUrls(baseUrl, chainId, checksum(contract), tokenId)
          return {
            nft_info: { name: `${known.name} #${tokenId}`, content: { preview: { url: imageUrl }, detail: { url: imageUrl } }, flags: { is_spam: false } },
            direction,
            quantity: { numeric: '1' },
          }
        }
        const found = lookUp(contract)
        return { nft_info: { name: `${found?.name ?? found?.symbol ?? 'Unknown collection'} #${tokenId}`, flags: { is_spam: true } }, direction, quantity: { numeric: '1' } }
      }
      const known = tokens.get(contract)
      if (known) {
        return {
          fungible_info: { name: known.name, symbol: known.symbol, icon: { url: known.iconUrl ?? icon(known.symbol) }, flags: { is_spam: false } },
          direction,
          quantity: { numeric: formatUnits(BigInt(t.amount), known.decimals) },
          value: usdValue(BigInt(t.amount), known.decimals, known.priceUsd),
          price: known.priceUsd,
        }
      }
      const found = lookUp(contract)
      return {
        fungible_info: { ...(found?.name ? { name: found.name } : {}), ...(found?.symbol ? { symbol: found.symbol } : {}), flags: { is_spam: true } },
        direction,
        quantity: { numeric: formatUnits(BigInt(t.amount), found?.decimals ?? 0) },
      }
    })

    // Who sent and who received each transfer: the counterparty the activity list shows (for a
    // token transfer the transaction's own `to` is the token contract, not the other party).
    transfers.forEach((transfer, index) => {
      const row = transferRows[index] as TransferRow
      transfer.sender = checksum(row.from_addr)
      transfer.recipient = checksum(row.to_addr)
    })

    let operationType = 'execute'
    if (tx.to_addr === null) operationType = 'deploy'
    else if (transfers.length > 0) {
      const ins = transferRows.filter((t) => t.to_addr === account && t.from_addr !== account)
      const outs = transferRows.filter((t) => t.from_addr === account && t.to_addr !== account)
      if (ins.some((t) => t.from_addr === zeroAddress) && outs.length === 0) operationType = 'mint'
      else if (outs.some((t) => t.to_addr === zeroAddress) && ins.length === 0) operationType = 'burn'
      else if (ins.length > 0 && outs.length > 0) operationType = 'trade'
      else if (ins.length > 0) operationType = 'receive'
      else operationType = 'send'
    } else if (tx.method_id && approveSelectors.has(tx.method_id)) operationType = 'approve'

    return {
      id: tx.hash,
      metadata: {
        operationType,
        hash: tx.hash,
        chain: chainId,
        minedAt: new Date(tx.mined_at * 1000).toISOString(),
        sentFrom: checksum(tx.from_addr),
        sentTo: checksum(tx.to_addr ?? tx.created_contract ?? zeroAddress),
        status: tx.status === 1 ? 'confirmed' : 'failed',
        nonce: tx.nonce,
      },
      transfers,
    }
  })
  const last = page[page.length - 1]
  return { data, next: rows.length > pageSize && last ? encodeHistoryCursor({ block: last.block_number, index: last.tx_index }) : null }
}
