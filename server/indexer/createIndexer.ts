import type { ChainConfig, IndexerConfig } from '../createServer.js'
import type { SqlStorage } from '../storage/SqlStorage.js'
import { createEvmChainIndexer } from './createEvmChainIndexer.js'
import type { ChainIndexerTick, EvmChainIndexer } from './createEvmChainIndexer.js'

export type CreateIndexerParameters = IndexerConfig & {
  /** The server's storage (SQLite, or Postgres shared by several instances). */
  storage: SqlStorage
  /** How long an instance's claim on a chain lasts without a tick (default 60 s; see createEvmChainIndexer). */
  leaseMs?: number
  /** Every configured chain; only the eip155 ones are followed. */
  chains: readonly ChainConfig[]
}

/** What the indexer knows about one chain (for tests, logs and status pages). */
export type IndexerChainStatus = {
  chainId: string
  /** The last block stored, or -1 before the first. */
  lastBlock: number
  /** The head seen by the last successful poll, or -1. */
  head: number
  /** The last poll's error message, cleared by the next success. */
  lastError: string | null
  /** Consecutive failed polls. */
  failures: number
  /** True while another instance indexes this chain (this one stands by, ready to take over). */
  standby: boolean
}

export type Indexer = {
  /** Starts polling every eip155 chain. */
  start(): void
  /** Polls one chain once now (waits for a poll under way first). */
  poll(chainId: string): Promise<ChainIndexerTick>
  status(): IndexerChainStatus[]
  /** Stops polling, waits for polls under way and gives up the chains' leases, so the database can close. */
  close(): Promise<void>
}

/** Longest pause after repeated failures, in ms. */
const maxBackoffMs = 30_000

/**
 * Follows the configured eip155 chains into the server's storage: one loop per chain, a bounded tick every
 * `pollIntervalMs` (sooner while it is catching up), backing off up to 30 s while a node fails.
 * The last indexed block is stored, so a restart continues where it stopped. Several instances on
 * one Postgres index each chain once: the instance holding the chain's lease indexes it, the
 * others stand by and take over when it stops renewing it.
 *
 * @param parameters - the database, the chains and the polling bounds
 * @returns start, poll, status and close
 * @example
 * const indexer = createIndexer({ storage, chains: config.chains, pollIntervalMs: 500 })
 * indexer.start()
 * await indexer.close()
 */
export function createIndexer({ storage, chains, leaseMs, pollIntervalMs = 2_000, maxBlocksPerTick = 50, maxTransactionsPerTick = 2_000 }: CreateIndexerParameters): Indexer {
  type Loop = { indexer: EvmChainIndexer; status: IndexerChainStatus; timer?: NodeJS.Timeout; running?: Promise<ChainIndexerTick> }
  const loops = new Map<string, Loop>()
  const closing = new AbortController()
  for (const chain of chains) {
    if (!chain.caipNetworkId.startsWith('eip155:')) continue
    const indexer = createEvmChainIndexer({ storage, chain, maxBlocksPerTick, maxTransactionsPerTick, signal: closing.signal, ...(leaseMs !== undefined ? { leaseMs } : {}) })
    loops.set(chain.caipNetworkId, { indexer, status: { chainId: chain.caipNetworkId, lastBlock: -1, head: -1, lastError: null, failures: 0, standby: false } })
  }
  // The stored last blocks, for status() before the first poll.
  const loaded = Promise.all(
    [...loops.values()].map(async (loop) => {
      const lastBlock = await loop.indexer.lastBlock().catch(() => -1)
      if (loop.status.lastBlock === -1) loop.status = { ...loop.status, lastBlock }
    }),
  )
  let closed = false
  let started = false

  const runOnce = (loop: Loop): Promise<ChainIndexerTick> => {
    if (loop.running) return loop.running
    loop.running = loaded
      .then(() => loop.indexer.tick())
      .then(
        (tick) => {
          loop.status = { ...loop.status, lastBlock: tick.lastBlock, head: tick.head, lastError: null, failures: 0, standby: tick.standby }
          return tick
        },
        (error: unknown) => {
          loop.status = { ...loop.status, lastError: (error as Error)?.message ?? String(error), failures: loop.status.failures + 1 }
          throw error
        },
      )
      .finally(() => {
        loop.running = undefined
      })
    return loop.running
  }

  const schedule = (loop: Loop, delayMs: number) => {
    if (closed) return
    loop.timer = setTimeout(() => {
      loop.timer = undefined
      runOnce(loop).then(
        (tick) => schedule(loop, tick.lastBlock < tick.head || tick.rolledBack > 0 ? 10 : pollIntervalMs),
        () => schedule(loop, Math.min(maxBackoffMs, pollIntervalMs * 2 ** Math.min(loop.status.failures, 6))),
      )
    }, delayMs)
    loop.timer.unref?.()
  }

  return {
    start() {
      if (started || closed) return
      started = true
      for (const loop of loops.values()) schedule(loop, 0)
    },
    async poll(chainId) {
      const loop = loops.get(chainId)
      if (!loop) throw new Error(`the indexer does not follow ${chainId}`)
      if (loop.running) await loop.running.catch(() => undefined)
      return runOnce(loop)
    },
    status() {
      return [...loops.values()].map((loop) => ({ ...loop.status }))
    },
    async close() {
      closed = true
      closing.abort()
      for (const loop of loops.values()) if (loop.timer) clearTimeout(loop.timer)
      await Promise.allSettled([...loops.values()].map((loop) => loop.running))
      await Promise.allSettled([loaded, ...[...loops.values()].map((loop) => loop.indexer.release())])
    },
  }
}
