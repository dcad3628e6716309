import { formatEther, getAddress, toHex } from 'viem'

/** One RLP item's header: where its payload starts and how long it is. */
function rlpHeader(bytes: Uint8Array, offset: number): { start: number; length: number; list: boolean } | undefined {
  const first = bytes[offset]
  if (first === undefined) return undefined
  const long = (size: number, list: boolean) => {
    if (offset + 1 + size > bytes.length) return undefined
    let length = 0
    for (let i = 0; i < size; i++) length = length * 256 + bytes[offset + 1 + i]!
    return { start: offset + 1 + size, length, list }
  }
  if (first < 0x80) return { start: offset, length: 1, list: false }
  if (first <= 0xb7) return { start: offset + 1, length: first - 0x80, list: false }
  if (first <= 0xbf) return long(first - 0xb7, false)
  if (first <= 0xf7) return { start: offset + 1, length: first - 0xc0, list: true }
  return long(first - 0xf7, true)
}

/**
 * How many bytes the whole transaction has, read from its start as the Ethereum app does: an
 * optional type byte (0x01, 0x02) then the RLP list's header.
 *
 * @returns the total length; `undefined` while the header is not all there yet; `null` when the bytes cannot start a transaction
 * @example
 * ethereumTransactionLength(bytes) // 312
 */
export function ethereumTransactionLength(bytes: Uint8Array): number | null | undefined {
  const first = bytes[0]
  if (first === undefined) return undefined
  const typed = first < 0x7f
  const header = rlpHeader(bytes, typed ? 1 : 0)
  if (!header) return undefined
  if (!header.list) return null
  return header.start + header.length
}

/** An RLP list's items (bytes, or nested lists as `Uint8Array[]`). */
type RlpItem = Uint8Array | RlpItem[]

function decodeList(bytes: Uint8Array, start: number, end: number): RlpItem[] {
  const items: RlpItem[] = []
  let at = start
  while (at < end) {
    const header = rlpHeader(bytes, at)
    if (!header || header.start + header.length > end) throw new Error('truncated RLP')
    items.push(header.list ? decodeList(bytes, header.start, header.start + header.length) : bytes.slice(header.start, header.start + header.length))
    at = header.start + header.length
  }
  return items
}

/** What the Ethereum app shows of a transaction. */
export type EthereumTransactionSummary = {
  type: 'legacy' | 'eip2930' | 'eip1559'
  /** `undefined` for a pre-EIP-155 legacy transaction. */
  chainId: bigint | undefined
  to: `0x${string}` | undefined
  value: bigint
  data: `0x${string}`
}

const toBigInt = (item: RlpItem | undefined): bigint => (item instanceof Uint8Array && item.length ? BigInt(toHex(item)) : 0n)

/**
 * Decodes an unsigned transaction (legacy with or without EIP-155, EIP-2930 or EIP-1559).
 *
 * @throws {Error} when the bytes are not one such transaction
 * @example
 * readEthereumTransaction(bytes) // { type: 'eip1559', chainId: 31337n, to: '0x…', value: 10n ** 16n, data: '0x' }
 */
export function readEthereumTransaction(bytes: Uint8Array): EthereumTransactionSummary {
  const typeByte = bytes[0]! < 0x7f ? bytes[0]! : undefined
  if (typeByte !== undefined && typeByte !== 1 && typeByte !== 2) throw new Error(`transaction type ${typeByte} is not supported`)
  const header = rlpHeader(bytes, typeByte === undefined ? 0 : 1)
  if (!header?.list || header.start + header.length !== bytes.length) throw new Error('not one RLP list')
  const items = decodeList(bytes, header.start, header.start + header.length)
  const fields = typeByte === 2 ? { chain: 0, to: 5, value: 6, data: 7, count: 9 } : typeByte === 1 ? { chain: 0, to: 4, value: 5, data: 6, count: 8 } : { chain: 6, to: 3, value: 4, data: 5, count: items.length === 6 ? 6 : 9 }
  if (items.length !== fields.count) throw new Error(`${items.length} fields`)
  const to = items[fields.to]
  const data = items[fields.data]
  if (!(to instanceof Uint8Array) || (to.length !== 0 && to.length !== 20) || !(data instanceof Uint8Array)) throw new Error('bad to or data')
  return {
    type: typeByte === 2 ? 'eip1559' : typeByte === 1 ? 'eip2930' : 'legacy',
    chainId: items.length === 6 ? undefined : toBigInt(items[fields.chain]),
    to: to.length ? getAddress(toHex(to)) : undefined,
    value: toBigInt(items[fields.value]),
    data: toHex(data),
  }
}

/**
 * The device screen's text for a transaction.
 *
 * @example
 * describeEthereumTransaction(summary) // "Review transaction · To 0x70997970…79C8 · Value 0.01 ETH · Chain 31337"
 */
export function describeEthereumTransaction(summary: EthereumTransactionSummary): string {
  const to = summary.to ? `To ${summary.to.slice(0, 10)}…${summary.to.slice(-4)}` : 'Contract creation'
  const data = summary.data.length > 2 ? ` · Blind signing · ${(summary.data.length - 2) / 2} bytes of data` : ''
  const chain = summary.chainId === undefined ? '' : ` · Chain ${summary.chainId}`
  return `Review transaction · ${to} · Value ${formatEther(summary.value)} ETH${chain}${data}`
}
