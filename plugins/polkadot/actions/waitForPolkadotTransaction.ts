import { Blake2256, Twox128 } from '@polkadot-api/substrate-bindings'
import type { Network } from '../../../kernel/kernel.js'
import { fromHex, toHex } from '../utils/toHex.js'
import { callPolkadotRpc, type PolkadotWebSocketClass } from './callPolkadotRpc.js'
import { readPolkadotRuntime } from './readPolkadotRuntime.js'

/** How many recent blocks a follow that starts cold (after a reload) looks back through. */
const lookBack = 50
const eventsKey = toHex(new Uint8Array([...Twox128(new TextEncoder().encode('System')), ...Twox128(new TextEncoder().encode('Events'))]))

type EventRecord = { phase?: { type?: string; value?: unknown }; event?: { type?: string; value?: { type?: string } } }

async function blockNumber(network: Network, fetch: typeof globalThis.fetch | undefined, WebSocket: PolkadotWebSocketClass | undefined): Promise<number> {
  const header = await callPolkadotRpc<{ number?: unknown }>({ network, fetch, WebSocket, method: 'chain_getHeader', params: [] })
  return typeof header?.number === 'string' ? Number.parseInt(header.number, 16) : Number.NaN
}

/**
 * Finds the outcome of an extrinsic on the node: which block holds it, and whether the block's
 * `System.Events` for that index say `ExtrinsicSuccess` or `ExtrinsicFailed`.
 *
 * @returns `confirmed`, `failed`, or `pending` at the deadline
 * @example
 * await waitForPolkadotTransaction({ network, hash, timeoutMs: 60_000 })
 */
export async function waitForPolkadotTransaction({ network, hash, timeoutMs, fromBlock, fetch, WebSocket, intervalMs = 500 }: { network: Network; hash: string; timeoutMs: number; fromBlock?: number; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined; intervalMs?: number }): Promise<'confirmed' | 'failed' | 'pending'> {
  const wanted = hash.toLowerCase()
  const deadline = Date.now() + timeoutMs
  let next: number | undefined = fromBlock
  for (;;) {
    try {
      const head = await blockNumber(network, fetch, WebSocket)
      if (Number.isSafeInteger(head)) {
        next ??= Math.max(0, head - lookBack)
        for (; next <= head; next++) {
          const blockHash = await callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'chain_getBlockHash', params: [next] })
          const block = await callPolkadotRpc<{ block?: { extrinsics?: unknown } }>({ network, fetch, WebSocket, method: 'chain_getBlock', params: [blockHash] })
          const extrinsics = Array.isArray(block?.block?.extrinsics) ? (block.block.extrinsics as unknown[]) : []
          const index = extrinsics.findIndex((x) => typeof x === 'string' && toHex(Blake2256(fromHex(x))) === wanted)
          if (index < 0) continue
          const runtime = await readPolkadotRuntime({ network, fetch, WebSocket })
          const raw = await callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'state_getStorage', params: [eventsKey, blockHash] })
          const records = runtime.builder.buildStorage('System', 'Events').value.dec(raw) as EventRecord[]
          for (const record of records) {
            if (record.phase?.type !== 'ApplyExtrinsic' || record.phase.value !== index || record.event?.type !== 'System') continue
            if (record.event.value?.type === 'ExtrinsicSuccess') return 'confirmed'
            if (record.event.value?.type === 'ExtrinsicFailed') return 'failed'
          }
          return 'failed'
        }
      }
    } catch {
      // the node hiccuped: ask again until the deadline
    }
    if (Date.now() + intervalMs > deadline) return 'pending'
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
