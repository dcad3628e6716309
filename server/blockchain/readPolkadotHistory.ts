import { Blake2256, Twox128, u64 } from '@polkadot-api/substrate-bindings'
import { bytesToHex as toHex, formatUnits, hexToBytes, isHex } from 'viem'

import { callPolkadotRpc, decodeSs58, encodeSs58, readPolkadotRuntime } from '../../plugins/polkadot/server/index.js'
import type { ChainConfig } from '../createServer.js'
import { badRequest } from '../utils/badRequest.js'
import { usdValue } from '../utils/usdValue.js'
import { asPolkadotNetwork } from './readPolkadotBalances.js'
import type { Transaction } from './Transaction.js'

/** How many blocks one history request reads at most (the node is asked block by block; no indexer). */
const scanDepth = 500
/** The node's `0x` hex as bytes; anything else is a malformed answer. */
const fromHex = (value: string): Uint8Array => {
  if (!isHex(value, { strict: true }) || value.length % 2 !== 0) throw new Error('the node answered something that is not 0x-prefixed hex bytes')
  return hexToBytes(value)
}
const pageSize = 20
const storageKey = (pallet: string, item: string) => toHex(new Uint8Array([...Twox128(new TextEncoder().encode(pallet)), ...Twox128(new TextEncoder().encode(item))]))
const eventsKey = storageKey('System', 'Events')
const nowKey = storageKey('Timestamp', 'Now')

/** A balance transfer found in a block: both sides as public keys (hex), the amount in planck. */
type BlockTransfer = { hash: string; from: string; to: string; amount: bigint; success: boolean; minedAt: string }
type EventRecord = { phase?: { type?: string; value?: unknown }; event?: { type?: string; value?: { type?: string; value?: Record<string, unknown> } } }

/** Blocks never change once built: what was read of each is kept (by block hash). */
const blocks = new Map<string, BlockTransfer[]>()

const keyOf = (address: unknown): string | undefined => {
  const decoded = decodeSs58(address)
  return decoded ? toHex(decoded.publicKey) : undefined
}

async function readBlock(chain: ChainConfig, blockHash: string): Promise<BlockTransfer[]> {
  const cached = blocks.get(blockHash)
  if (cached) return cached
  const network = asPolkadotNetwork(chain)
  const runtime = await readPolkadotRuntime({ network })
  const [block, rawEvents, rawNow] = await Promise.all([
    callPolkadotRpc<{ block?: { extrinsics?: unknown } }>({ network, method: 'chain_getBlock', params: [blockHash] }),
    callPolkadotRpc<string | null>({ network, method: 'state_getStorage', params: [eventsKey, blockHash] }),
    callPolkadotRpc<string | null>({ network, method: 'state_getStorage', params: [nowKey, blockHash] }).catch(() => null),
  ])
  const extrinsics = Array.isArray(block?.block?.extrinsics) ? (block.block.extrinsics as unknown[]) : []
  const records = typeof rawEvents === 'string' ? (runtime.builder.buildStorage('System', 'Events').value.dec(rawEvents) as EventRecord[]) : []
  const minedAt = new Date(typeof rawNow === 'string' ? Number(u64.dec(fromHex(rawNow))) : Date.now()).toISOString()
  const outcome = new Map<number, boolean>()
  for (const r of records) {
    if (r.phase?.type === 'ApplyExtrinsic' && r.event?.type === 'System' && typeof r.phase.value === 'number') {
      if (r.event.value?.type === 'ExtrinsicSuccess') outcome.set(r.phase.value, true)
      if (r.event.value?.type === 'ExtrinsicFailed') outcome.set(r.phase.value, false)
    }
  }
  const found: BlockTransfer[] = []
  for (const r of records) {
    if (r.phase?.type !== 'ApplyExtrinsic' || typeof r.phase.value !== 'number' || r.event?.type !== 'Balances' || r.event.value?.type !== 'Transfer') continue
    const data = r.event.value.value ?? {}
    const extrinsic = extrinsics[r.phase.value]
    const from = keyOf(data.from)
    const to = keyOf(data.to)
    if (typeof extrinsic !== 'string' || !from || !to || typeof data.amount !== 'bigint') continue
    found.push({ hash: toHex(Blake2256(fromHex(extrinsic))), from, to, amount: data.amount, success: outcome.get(r.phase.value) ?? true, minedAt })
  }
  blocks.set(blockHash, found)
  if (blocks.size > 5_000) blocks.delete(blocks.keys().next().value as string)
  return found
}

/**
 * An account's balance transfers on a Substrate chain, newest first, read from the node's recent
 * blocks (`System.Events` decoded with the runtime's metadata: `Balances.Transfer`), 20 a page; the
 * cursor is the block to continue below. Only the last 500 blocks are read: a public chain's full
 * history needs an indexer this server does not run.
 *
 * @param parameters the chain, the SS58 address, the cursor and the base URL for icons
 * @returns one page
 * @throws a 400 for a bad address or cursor; otherwise when the node fails
 * @example
 * await readPolkadotHistory({ chain, address: '5Grw…utQY', baseUrl })
 */
export async function readPolkadotHistory({ chain, address, cursor, baseUrl }: { chain: ChainConfig; address: string; cursor?: string; baseUrl: string }): Promise<{ data: Transaction[]; next: string | null }> {
  const who = keyOf(address)
  if (!who) throw badRequest('address is not a valid SS58 address')
  if (cursor !== undefined && !/^\d{1,10}$/.test(cursor)) throw badRequest('cursor is not one this server gave out')
  const network = asPolkadotNetwork(chain)
  const header = await callPolkadotRpc<{ number?: unknown }>({ network, method: 'chain_getHeader', params: [] })
  const head = typeof header?.number === 'string' ? Number.parseInt(header.number, 16) : Number.NaN
  if (!Number.isSafeInteger(head)) throw new Error('chain_getHeader: malformed answer')
  const start = cursor === undefined ? head : Math.min(head, Number(cursor))
  const floor = Math.max(1, head - scanDepth)
  const prefix = decodeSs58(address)?.prefix ?? 42
  const shown = (key: string) => encodeSs58(fromHex(key), prefix)
  const { name, symbol, decimals } = chain.nativeCurrency
  const price = chain.nativePriceUsd ?? 0
  const data: Transaction[] = []
  let number = start
  for (; number >= floor && data.length < pageSize; number--) {
    const blockHash = await callPolkadotRpc<string>({ network, method: 'chain_getBlockHash', params: [number] })
    if (typeof blockHash !== 'string') continue
    for (const t of await readBlock(chain, blockHash)) {
      if (t.from !== who && t.to !== who) continue
      const direction = t.from === who && t.to === who ? 'self' : t.from === who ? 'out' : 'in'
      data.push({
        id: t.hash,
        metadata: { operationType: direction === 'in' ? 'receive' : 'send', hash: t.hash, chain: chain.caipNetworkId, minedAt: t.minedAt, sentFrom: shown(t.from), sentTo: shown(t.to), status: t.success ? 'confirmed' : 'failed', nonce: 0 },
        transfers: [
          {
            fungible_info: { name, symbol, icon: { url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}` }, flags: { is_spam: false } },
            direction,
            quantity: { numeric: formatUnits(t.amount, decimals) },
            value: usdValue(t.amount, decimals, price),
            price,
            sender: shown(t.from),
            recipient: shown(t.to),
          },
        ],
      })
    }
  }
  return { data, next: number >= floor ? String(number) : null }
}
