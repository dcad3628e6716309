import type { RawBlock, RawReceipt } from './rawEvm.js'

/** One row of `chain_transactions`. Addresses are lower-case. */
export type TransactionRow = {
  hash: string
  blockNumber: number
  txIndex: number
  minedAt: number
  from: string
  to: string | null
  createdContract: string | null
  nonce: number
  /** 1 success, 0 failed. */
  status: 0 | 1
  methodId: string | null
}

/** One row of `chain_transfers`. `logIndex` -1 is the native value, -2 a transfer decoded from a failed call. */
export type TransferRow = {
  txHash: string
  blockNumber: number
  logIndex: number
  kind: 'native' | 'erc20' | 'erc721'
  contract: string | null
  from: string
  to: string
  /** Base units as a decimal string (1 for an ERC-721). */
  amount: string
  tokenId: string | null
  /** 0 when the transaction failed and nothing moved. */
  executed: 0 | 1
}

export type BlockRows = {
  number: number
  hash: string
  transactions: TransactionRow[]
  transfers: TransferRow[]
  /** Who took part in which transaction (lower-case address → tx index and hash). */
  participants: { address: string; txIndex: number; txHash: string }[]
  /** Token contracts seen in logs, with the kind their log looked like. */
  contracts: { address: string; kind: 'erc20' | 'erc721' }[]
}

export type ExtractBlockRowsParameters = {
  block: RawBlock
  /** The block's receipts (any order; matched by hash). */
  receipts: RawReceipt[]
  /** Lower-case addresses of the ERC-721 collections the server knows (to decode failed `transferFrom`s). */
  knownNfts: ReadonlySet<string>
}

/** keccak256("Transfer(address,address,uint256)"), the same event for ERC-20 and ERC-721. */
export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const zeroAddress = '0x0000000000000000000000000000000000000000'

const hex = /^0x[0-9a-fA-F]*$/
const hash32 = /^0x[0-9a-fA-F]{64}$/
const address20 = /^0x[0-9a-fA-F]{40}$/
const word = /^0x[0-9a-fA-F]{64}$/

/** A hex quantity → a safe integer; throws on anything else, so a malformed block is never half-stored. */
function quantity(value: unknown, what: string): number {
  if (typeof value !== 'string' || !hex.test(value) || value.length > 18) throw new Error(`malformed ${what}`)
  const n = Number.parseInt(value.slice(2) || '0', 16)
  if (!Number.isSafeInteger(n)) throw new Error(`malformed ${what}`)
  return n
}

function bigQuantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !hex.test(value) || value.length > 66) throw new Error(`malformed ${what}`)
  return BigInt(value === '0x' ? 0 : value)
}

function addressOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || !address20.test(value)) throw new Error(`malformed ${what}`)
  return value.toLowerCase()
}

/** The address in the low 20 bytes of a 32-byte topic or word, or undefined when the high bytes are not zero. */
function wordAddress(topic: string): string | undefined {
  if (!word.test(topic) || !/^0x0{24}/.test(topic)) return undefined
  return `0x${topic.slice(26)}`.toLowerCase()
}

/** Decodes a plain token transfer call (`transfer`, `transferFrom`, `safeTransferFrom`) from calldata. */
function decodeTransferCall(input: string, sender: string, contract: string, knownNfts: ReadonlySet<string>) {
  const selector = input.slice(0, 10).toLowerCase()
  const words: string[] = []
  for (let i = 10; i + 64 <= input.length && words.length < 3; i += 64) words.push(`0x${input.slice(i, i + 64)}`)
  if (selector === '0xa9059cbb' && words.length >= 2) {
    const to = wordAddress(words[0] as string)
    return to ? { kind: 'erc20' as const, from: sender, to, value: BigInt(words[1] as string) } : undefined
  }
  if ((selector === '0x23b872dd' || selector === '0x42842e0e' || selector === '0xb88d4fde') && words.length >= 3) {
    const from = wordAddress(words[0] as string)
    const to = wordAddress(words[1] as string)
    if (!from || !to) return undefined
    const isNft = selector !== '0x23b872dd' || knownNfts.has(contract)
    return { kind: isNft ? ('erc721' as const) : ('erc20' as const), from, to, value: BigInt(words[2] as string) }
  }
  return undefined
}

/**
 * Turns one block and its receipts into the indexer's rows: every transaction (status from its
 * receipt), its native value, the ERC-20 and ERC-721 `Transfer` logs it emitted, and for a failed
 * token transfer call the transfer it attempted (marked not executed). Logs that are not
 * well-formed transfers are ignored; a malformed block or a missing receipt throws.
 *
 * @param parameters - the raw block (with transactions), its receipts and the known NFT collections
 * @returns the rows to store
 * @throws Error when the block or a receipt is malformed or a receipt is missing
 * @example
 * const rows = extractBlockRows({ block, receipts, knownNfts: new Set() })
 */
export function extractBlockRows({ block, receipts, knownNfts }: ExtractBlockRowsParameters): BlockRows {
  if (typeof block !== 'object' || block === null || !Array.isArray(block.transactions)) throw new Error('malformed block')
  const number = quantity(block.number, 'block number')
  if (typeof block.hash !== 'string' || !hash32.test(block.hash)) throw new Error('malformed block hash')
  const minedAt = quantity(block.timestamp, 'block timestamp')
  const byHash = new Map<string, RawReceipt>()
  for (const receipt of Array.isArray(receipts) ? receipts : []) {
    if (receipt && typeof receipt.transactionHash === 'string') byHash.set(receipt.transactionHash.toLowerCase(), receipt)
  }
  const rows: BlockRows = { number, hash: block.hash.toLowerCase(), transactions: [], transfers: [], participants: [], contracts: [] }
  const contracts = new Map<string, 'erc20' | 'erc721'>()

  for (const tx of block.transactions) {
    if (typeof tx !== 'object' || tx === null || typeof tx.hash !== 'string' || !hash32.test(tx.hash)) throw new Error('malformed transaction')
    const txHash = tx.hash.toLowerCase()
    const receipt = byHash.get(txHash)
    if (!receipt) throw new Error(`no receipt for ${txHash}`)
    const txIndex = quantity(tx.transactionIndex, 'transaction index')
    const from = addressOf(tx.from, 'sender')
    const to = tx.to === null || tx.to === undefined ? null : addressOf(tx.to, 'recipient')
    const createdContract = to === null && receipt.contractAddress ? addressOf(receipt.contractAddress, 'contract address') : null
    const status: 0 | 1 = quantity(receipt.status, 'receipt status') === 1 ? 1 : 0
    const input = typeof tx.input === 'string' && hex.test(tx.input) ? tx.input : '0x'
    const value = bigQuantity(tx.value, 'value')
    rows.transactions.push({
      hash: txHash,
      blockNumber: number,
      txIndex,
      minedAt,
      from,
      to,
      createdContract,
      nonce: quantity(tx.nonce, 'nonce'),
      status,
      methodId: input.length >= 10 ? input.slice(0, 10).toLowerCase() : null,
    })
    const parties = new Set<string>([from])
    const target = to ?? createdContract
    if (target) parties.add(target)

    if (value > 0n && target) {
      rows.transfers.push({ txHash, blockNumber: number, logIndex: -1, kind: 'native', contract: null, from, to: target, amount: value.toString(), tokenId: null, executed: status })
    }
    if (status === 1) {
      for (const log of Array.isArray(receipt.logs) ? receipt.logs : []) {
        if (!log || !Array.isArray(log.topics) || typeof log.topics[0] !== 'string' || log.topics[0].toLowerCase() !== transferTopic) continue
        if (typeof log.address !== 'string' || !address20.test(log.address)) continue
        const contract = log.address.toLowerCase()
        const logIndex = quantity(log.logIndex, 'log index')
        const fromAddress = wordAddress(log.topics[1] ?? '')
        const toAddress = wordAddress(log.topics[2] ?? '')
        if (!fromAddress || !toAddress) continue
        if (log.topics.length === 3 && typeof log.data === 'string' && word.test(log.data)) {
          rows.transfers.push({ txHash, blockNumber: number, logIndex, kind: 'erc20', contract, from: fromAddress, to: toAddress, amount: BigInt(log.data).toString(), tokenId: null, executed: 1 })
          if (!contracts.has(contract)) contracts.set(contract, 'erc20')
        } else if (log.topics.length === 4 && word.test(log.topics[3] ?? '') && (log.data === '0x' || log.data === '')) {
          rows.transfers.push({ txHash, blockNumber: number, logIndex, kind: 'erc721', contract, from: fromAddress, to: toAddress, amount: '1', tokenId: BigInt(log.topics[3] as string).toString(), executed: 1 })
          contracts.set(contract, 'erc721')
        } else continue
        parties.add(fromAddress)
        parties.add(toAddress)
      }
    } else if (to !== null) {
      const attempted = decodeTransferCall(input, from, to, knownNfts)
      if (attempted) {
        rows.transfers.push({
          txHash,
          blockNumber: number,
          logIndex: -2,
          kind: attempted.kind,
          contract: to,
          from: attempted.from,
          to: attempted.to,
          amount: attempted.kind === 'erc721' ? '1' : attempted.value.toString(),
          tokenId: attempted.kind === 'erc721' ? attempted.value.toString() : null,
          executed: 0,
        })
        parties.add(attempted.from)
        parties.add(attempted.to)
        if (!contracts.has(to)) contracts.set(to, attempted.kind)
      }
    }
    parties.delete(zeroAddress)
    for (const address of parties) rows.participants.push({ address, txIndex, txHash })
  }
  rows.contracts = [...contracts].map(([address, kind]) => ({ address, kind }))
  return rows
}
