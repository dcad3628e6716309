import { describe, expect, it } from 'vitest'
import { extractBlockRows, transferTopic } from '../../../server/indexer/extractBlockRows.js'
import type { RawBlock, RawReceipt } from '../../../server/indexer/rawEvm.js'

const a = '0x' + '1'.repeat(40)
const b = '0x' + '2'.repeat(40)
const token = '0x' + '3'.repeat(40)
const pad = (address: string) => `0x${'0'.repeat(24)}${address.slice(2)}`
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

function block(transactions: RawBlock['transactions']): RawBlock {
  return { number: '0x5', hash: hash(500), parentHash: hash(499), timestamp: '0x6543', transactions }
}
function tx(n: number, overrides: Partial<RawBlock['transactions'][number]> = {}): RawBlock['transactions'][number] {
  return { hash: hash(n), from: a, to: b, value: '0x0', input: '0x', nonce: '0x1', transactionIndex: `0x${n.toString(16)}`, ...overrides }
}
function receipt(n: number, logs: RawReceipt['logs'] = [], status = '0x1'): RawReceipt {
  return { transactionHash: hash(n), status, contractAddress: null, logs }
}

describe('extractBlockRows', () => {
  it('keeps well-formed ERC-20 and ERC-721 Transfer logs and ignores look-alikes', () => {
    const logs = [
      { address: token, topics: [transferTopic, pad(a), pad(b)], data: hash(1000), logIndex: '0x0' },
      { address: token, topics: [transferTopic, pad(a), pad(b), hash(7)], data: '0x', logIndex: '0x1' },
      // Not transfers, or malformed: another event, dirty high bytes, wrong data length, a non-address emitter.
      { address: token, topics: [hash(9), pad(a), pad(b)], data: hash(1), logIndex: '0x2' },
      { address: token, topics: [transferTopic, `0x${'f'.repeat(24)}${a.slice(2)}`, pad(b)], data: hash(1), logIndex: '0x3' },
      { address: token, topics: [transferTopic, pad(a), pad(b)], data: '0x1234', logIndex: '0x4' },
      { address: 'nope', topics: [transferTopic, pad(a), pad(b)], data: hash(1), logIndex: '0x5' },
    ]
    const rows = extractBlockRows({ block: block([tx(1)]), receipts: [receipt(1, logs)], knownNfts: new Set() })
    expect(rows.transfers.map((t) => [t.kind, t.amount, t.tokenId])).toEqual([
      ['erc20', '1000', null],
      ['erc721', '1', '7'],
    ])
    expect(rows.participants.map((p) => p.address).sort()).toEqual([a, b])
    expect(rows.contracts).toEqual([{ address: token, kind: 'erc721' }])
  })

  it('records the attempted transfer of a failed call, not executed, and no logs of it', () => {
    const input = `0xa9059cbb${pad(b).slice(2)}${hash(5).slice(2)}`
    const rows = extractBlockRows({
      block: block([tx(1, { to: token, input, value: '0x0' })]),
      receipts: [receipt(1, [{ address: token, topics: [transferTopic, pad(a), pad(b)], data: hash(5), logIndex: '0x0' }], '0x0')],
      knownNfts: new Set(),
    })
    expect(rows.transactions[0]).toMatchObject({ status: 0, methodId: '0xa9059cbb' })
    expect(rows.transfers).toEqual([expect.objectContaining({ kind: 'erc20', logIndex: -2, from: a, to: b, amount: '5', executed: 0 })])
  })

  it.each([
    ['a missing receipt', block([tx(1)]), []],
    ['a malformed block number', { ...block([]), number: '5' }, []],
    ['a malformed transaction hash', block([tx(1, { hash: '0x12' })]), [receipt(1)]],
    ['a malformed sender', block([tx(1, { from: '0xnope' })]), [receipt(1)]],
    ['an oversized value', block([tx(1, { value: `0x${'f'.repeat(80)}` })]), [receipt(1)]],
    ['transactions that are not an array', { ...block([]), transactions: 'x' as never }, []],
  ])('throws on %s rather than store half a block', (_label, raw, receipts) => {
    expect(() => extractBlockRows({ block: raw as RawBlock, receipts: receipts as RawReceipt[], knownNfts: new Set() })).toThrow()
  })
})
