import { randomUUID } from 'node:crypto'
import { decodeFunctionResult, erc20Abi } from 'viem'
import type { ChainConfig } from '../createServer.js'
import type { SqlExecutor, SqlStorage, SqlValue } from '../storage/SqlStorage.js'
import { callRpcBatch } from './callRpcBatch.js'
import type { RpcOutcome } from './callRpcBatch.js'
import { extractBlockRows } from './extractBlockRows.js'
import type { BlockRows } from './extractBlockRows.js'
import type { RawBlock, RawReceipt } from './rawEvm.js'

export type CreateEvmChainIndexerParameters = {
  /** The server's storage (SQLite, or Postgres shared by several instances). */
  storage: SqlStorage
  chain: ChainConfig
  /**
   * How long a tick's claim on the chain lasts (default 60 s): while one instance holds it, the
   * others' ticks stand by. It is renewed at every tick and released by `release()`.
   */
  leaseMs?: number
  /**
   * Whether ticks take the lease at all. Default: on Postgres (several instances may share it),
   * not on SQLite (one server per file, so a restart after a crash need not wait for its own lease).
   */
  lease?: boolean
  /** Most blocks per tick (default 50). */
  maxBlocksPerTick?: number
  /** Stop taking blocks once this many transactions are in hand (default 2000). */
  maxTransactionsPerTick?: number
  /** Per RPC request (default 10 s). */
  timeoutMs?: number
  /** Aborts requests under way (when the server closes). */
  signal?: AbortSignal
}

export type ChainIndexerTick = {
  /** The chain's head when the tick began. */
  head: number
  /** The last block indexed after the tick. */
  lastBlock: number
  /** Blocks stored by this tick. */
  indexed: number
  /** Blocks undone because the chain no longer has them (a reorg or a restarted devnet). */
  rolledBack: number
  /** True when another instance indexes this chain (holds its lease): nothing was read or stored; `head` is -1. */
  standby: boolean
}

export type EvmChainIndexer = {
  chainId: string
  /** Reads and stores the next bounded batch of blocks; throws when the node fails. */
  tick(): Promise<ChainIndexerTick>
  /** The last block stored (by any instance), or -1. */
  lastBlock(): Promise<number>
  /** Gives up this instance's lease on the chain (at close), so another instance takes over at once. */
  release(): Promise<void>
}

/** How many recent block hashes are kept to find where a reorganised chain forked. */
const keptHashes = 128
/** Blocks fetched per JSON-RPC batch. */
const chunkSize = 10
/** Unknown token contracts whose name, symbol and decimals are read per tick. */
const lookupsPerTick = 8

const selectors = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567' } as const

const toHex = (n: number) => `0x${n.toString(16)}`

/** Rows per INSERT statement. */
const rowsPerStatement = 100

/**
 * Inserts `rows` into `table`, a statement per {@link rowsPerStatement} rows. On a key already
 * stored, `replace` overwrites the other columns and `ignore` keeps the stored row; of rows with
 * one key in `rows`, the last (replace) or first (ignore) is kept.
 */
async function insertRows(tx: SqlExecutor, table: string, columns: readonly string[], keys: readonly string[], rows: readonly SqlValue[][], onConflict: 'replace' | 'ignore'): Promise<void> {
  const keyIndexes = keys.map((key) => columns.indexOf(key))
  const byKey = new Map<string, SqlValue[]>()
  for (const row of rows) {
    const key = JSON.stringify(keyIndexes.map((index) => String(row[index])))
    if (onConflict === 'replace' || !byKey.has(key)) byKey.set(key, row)
  }
  const unique = [...byKey.values()]
  const others = columns.filter((column) => !keys.includes(column))
  const conflict = onConflict === 'replace' ? `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${others.map((column) => `${column} = excluded.${column}`).join(', ')}` : 'ON CONFLICT DO NOTHING'
  const placeholders = `(${columns.map(() => '?').join(', ')})`
  for (let start = 0; start < unique.length; start += rowsPerStatement) {
    const chunk = unique.slice(start, start + rowsPerStatement)
    await tx.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => placeholders).join(', ')} ${conflict}`, chunk.flat())
  }
}

/** The error of a tick whose chain another instance moved meanwhile (its lease had lapsed): nothing was stored. */
class IndexedElsewhereError extends Error {
  constructor(chainId: string) {
    super(`another instance indexed ${chainId} meanwhile; this tick stored nothing`)
    this.name = 'IndexedElsewhereError'
  }
}

/** A token's self-reported text: control and bidi characters removed, trimmed, at most 64 characters. */
function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').trim().slice(0, 64)
  return text === '' ? null : text
}

function decodeCall(outcome: RpcOutcome | undefined, functionName: 'name' | 'symbol' | 'decimals'): unknown {
  if (!outcome?.ok || typeof outcome.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(outcome.result) || outcome.result.length > 4_000) return null
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName, data: outcome.result as `0x${string}` })
  } catch {
    return null
  }
}

/**
 * The indexer of one eip155 chain: each `tick()` reads the blocks after the last one it stored
 * (at most `maxBlocksPerTick`, fewer once `maxTransactionsPerTick` transactions are in hand),
 * with their receipts, and stores transactions, transfers and participants in the server's storage
 * together with the new last block, in one transaction. A chain whose blocks no longer match the
 * stored hashes (a reorg, or a devnet restarted under a kept data directory) is rolled back to
 * the last common block, or re-indexed from the start when none is left. It also looks up the
 * name, symbol and decimals of a few unknown token contracts per tick.
 *
 * Several instances on one Postgres index each chain once: a tick first takes or renews the
 * chain's lease (`indexer_leases`, `leaseMs`; on Postgres unless `lease: false`); an instance
 * that does not hold it stands by. Each
 * store also checks that the chain's last block is still the one the tick started from, so even
 * a holder whose lease lapsed mid-tick cannot store blocks twice.
 *
 * @param parameters - the database, the chain and the per-tick bounds
 * @returns the chain's indexer
 * @example
 * const indexer = createEvmChainIndexer({ storage, chain })
 * await indexer.tick()
 */
export function createEvmChainIndexer({
  storage,
  chain,
  leaseMs = 60_000,
  lease = storage.dialect === 'postgres',
  maxBlocksPerTick = 50,
  maxTransactionsPerTick = 2_000,
  timeoutMs = 10_000,
  signal,
}: CreateEvmChainIndexerParameters): EvmChainIndexer {
  const chainId = chain.caipNetworkId
  const url = chain.rpcUrl
  const knownNfts = new Set((chain.nfts ?? []).map((nft) => nft.address.toLowerCase()))
  let blockReceipts = true

  const holder = randomUUID()

  type ChainState = { lastBlock: number; lastHash: string }
  const readState = async (db: SqlExecutor = storage): Promise<ChainState | undefined> =>
    (await db.query<ChainState>('SELECT last_block AS "lastBlock", last_hash AS "lastHash" FROM indexer_chains WHERE chain_id = ?', [chainId]))[0]
  const saveState = (tx: SqlExecutor, number: number, hash: string) =>
    tx.run(
      'INSERT INTO indexer_chains (chain_id, last_block, last_hash, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (chain_id) DO UPDATE SET last_block = excluded.last_block, last_hash = excluded.last_hash, updated_at = excluded.updated_at',
      [chainId, number, hash, Date.now()],
    )
  /** Runs `work` in a transaction when the chain's state is still `expected`; throws {@link IndexedElsewhereError} otherwise. */
  const whileUnchanged = (expected: ChainState | undefined, work: (tx: SqlExecutor) => Promise<void>) =>
    storage.transaction(async (tx) => {
      // On Postgres two stores of one chain wait for each other, so the second sees the first's state.
      if (storage.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext(?))', [`portico:indexer:${chainId}`])
      const now = await readState(tx)
      if (now?.lastBlock !== expected?.lastBlock || now?.lastHash !== expected?.lastHash) throw new IndexedElsewhereError(chainId)
      await work(tx)
    })

  /** Takes or renews this instance's lease on the chain; false while another instance holds it. */
  const holdLease = async (): Promise<boolean> => {
    if (!lease) return true
    const at = Date.now()
    const { changes } = await storage.run(
      `INSERT INTO indexer_leases (chain_id, holder, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (chain_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE indexer_leases.holder = excluded.holder OR indexer_leases.expires_at <= ?`,
      [chainId, holder, at + leaseMs, at],
    )
    return changes === 1
  }

  const store = (expected: ChainState | undefined, blocks: BlockRows[]) =>
    whileUnchanged(expected, async (tx) => {
      const transactions = blocks.flatMap((rows) =>
        rows.transactions.map((t) => [chainId, t.hash, t.blockNumber, t.txIndex, t.minedAt, t.from, t.to, t.createdContract, t.nonce, t.status, t.methodId]),
      )
      await insertRows(tx, 'chain_transactions', ['chain_id', 'hash', 'block_number', 'tx_index', 'mined_at', 'from_addr', 'to_addr', 'created_contract', 'nonce', 'status', 'method_id'], ['chain_id', 'hash'], transactions, 'replace')
      const transfers = blocks.flatMap((rows) => rows.transfers.map((t) => [chainId, t.txHash, t.blockNumber, t.logIndex, t.kind, t.contract, t.from, t.to, t.amount, t.tokenId, t.executed]))
      await insertRows(tx, 'chain_transfers', ['chain_id', 'tx_hash', 'block_number', 'log_index', 'kind', 'contract', 'from_addr', 'to_addr', 'amount', 'token_id', 'executed'], ['chain_id', 'tx_hash', 'log_index'], transfers, 'replace')
      const participants = blocks.flatMap((rows) => rows.participants.map((p) => [chainId, p.address, rows.number, p.txIndex, p.txHash]))
      await insertRows(tx, 'account_transactions', ['chain_id', 'address', 'block_number', 'tx_index', 'tx_hash'], ['chain_id', 'address', 'block_number', 'tx_index'], participants, 'ignore')
      const contracts = blocks.flatMap((rows) => rows.contracts.map((c) => [chainId, c.address, c.kind, 0]))
      await insertRows(tx, 'chain_contracts', ['chain_id', 'address', 'kind', 'looked_up'], ['chain_id', 'address'], contracts, 'ignore')
      await insertRows(tx, 'indexer_blocks', ['chain_id', 'number', 'hash'], ['chain_id', 'number'], blocks.map((rows) => [chainId, rows.number, rows.hash]), 'replace')
      const last = blocks[blocks.length - 1] as BlockRows
      await saveState(tx, last.number, last.hash)
      await tx.run('DELETE FROM indexer_blocks WHERE chain_id = ? AND number < ?', [chainId, last.number - keptHashes])
    })

  const rollBackTo = (expected: ChainState | undefined, ancestor: { number: number; hash: string } | undefined) =>
    whileUnchanged(expected, async (tx) => {
      if (!ancestor) {
        for (const table of ['chain_transactions', 'chain_transfers', 'account_transactions', 'indexer_blocks', 'chain_contracts', 'indexer_chains']) {
          await tx.run(`DELETE FROM ${table} WHERE chain_id = ?`, [chainId])
        }
        return
      }
      for (const table of ['chain_transactions', 'chain_transfers', 'account_transactions', 'indexer_blocks']) {
        await tx.run(`DELETE FROM ${table} WHERE chain_id = ? AND ${table === 'indexer_blocks' ? 'number' : 'block_number'} > ?`, [chainId, ancestor.number])
      }
      await saveState(tx, ancestor.number, ancestor.hash)
    })

  const rpc = (calls: { method: string; params: unknown[] }[]) => callRpcBatch({ url, calls, timeoutMs, ...(signal ? { signal } : {}) })
  const must = (outcome: RpcOutcome | undefined, what: string): unknown => {
    if (!outcome) throw new Error(`no answer to ${what}`)
    if (!outcome.ok) throw new Error(`${what}: ${outcome.message} (${outcome.code})`)
    return outcome.result
  }

  /** Finds the highest stored block the chain still has, rolls back to it, and says how many blocks went. */
  async function rollBack(head: number, state: ChainState): Promise<number> {
    const stored = await storage.query<{ number: number; hash: string }>('SELECT number, hash FROM indexer_blocks WHERE chain_id = ? AND number <= ? ORDER BY number DESC LIMIT 64', [chainId, head])
    const outcomes = await rpc(stored.map((b) => ({ method: 'eth_getBlockByNumber', params: [toHex(b.number), false] })))
    const ancestor = stored.find((b, i) => {
      const outcome = outcomes[i]
      return outcome?.ok && typeof (outcome.result as { hash?: unknown } | null)?.hash === 'string' && (outcome.result as { hash: string }).hash.toLowerCase() === b.hash
    })
    await rollBackTo(state, ancestor)
    return state.lastBlock - (ancestor?.number ?? -1)
  }

  async function fetchReceipts(blocks: RawBlock[]): Promise<RawReceipt[][]> {
    const withTransactions = blocks.filter((b) => b.transactions.length > 0)
    const found = new Map<RawBlock, RawReceipt[]>()
    if (blockReceipts && withTransactions.length > 0) {
      const outcomes = await rpc(withTransactions.map((b) => ({ method: 'eth_getBlockReceipts', params: [b.number] })))
      if (outcomes.some((o) => !o.ok && (o.code === -32601 || o.code === -32600))) blockReceipts = false
      else withTransactions.forEach((b, i) => found.set(b, must(outcomes[i], 'eth_getBlockReceipts') as RawReceipt[]))
    }
    if (!blockReceipts && withTransactions.length > 0) {
      const hashes = withTransactions.flatMap((b) => b.transactions.map((t) => t.hash))
      const outcomes = await rpc(hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })))
      let i = 0
      for (const b of withTransactions) {
        found.set(
          b,
          b.transactions.map(() => must(outcomes[i++], 'eth_getTransactionReceipt') as RawReceipt),
        )
      }
    }
    return blocks.map((b) => found.get(b) ?? [])
  }

  async function lookUpContracts(): Promise<void> {
    const pending = await storage.query<{ address: string; kind: string }>('SELECT address, kind FROM chain_contracts WHERE chain_id = ? AND looked_up = 0 LIMIT ?', [chainId, lookupsPerTick])
    if (pending.length === 0) return
    const calls = pending.flatMap((c) =>
      (['name', 'symbol', 'decimals'] as const).map((fn) => ({ method: 'eth_call', params: [{ to: c.address, data: selectors[fn] }, 'latest'] })),
    )
    const outcomes = await rpc(calls)
    for (const [i, c] of pending.entries()) {
      const name = cleanText(decodeCall(outcomes[i * 3], 'name'))
      const symbol = cleanText(decodeCall(outcomes[i * 3 + 1], 'symbol'))
      const rawDecimals = c.kind === 'erc20' ? decodeCall(outcomes[i * 3 + 2], 'decimals') : null
      const decimals = typeof rawDecimals === 'number' && rawDecimals <= 36 ? rawDecimals : null
      await storage.run('UPDATE chain_contracts SET name = ?, symbol = ?, decimals = ?, looked_up = 1 WHERE chain_id = ? AND address = ?', [name, symbol, decimals, chainId, c.address])
    }
  }

  async function tick(): Promise<ChainIndexerTick> {
    if (!(await holdLease())) return { head: -1, lastBlock: (await readState())?.lastBlock ?? -1, indexed: 0, rolledBack: 0, standby: true }
    const [headOutcome] = await rpc([{ method: 'eth_getBlockByNumber', params: ['latest', false] }])
    const headBlock = must(headOutcome, 'eth_getBlockByNumber(latest)') as { number?: unknown; hash?: unknown } | null
    if (!headBlock || typeof headBlock.number !== 'string' || typeof headBlock.hash !== 'string') throw new Error('the node answered a malformed head block')
    const head = Number.parseInt(headBlock.number, 16)
    if (!Number.isSafeInteger(head) || head < 0) throw new Error('the node answered a malformed head block number')

    const state = await readState()
    let lastBlock: number
    let lastHash: string | undefined
    if (state) {
      ;({ lastBlock, lastHash } = state)
      if (head < lastBlock || (head === lastBlock && headBlock.hash.toLowerCase() !== lastHash)) {
        const rolledBack = await rollBack(head, state)
        return { head, lastBlock: (await readState())?.lastBlock ?? -1, indexed: 0, rolledBack, standby: false }
      }
    } else {
      const start = chain.indexFromBlock === 'latest' ? head : (chain.indexFromBlock ?? 0)
      lastBlock = start - 1
    }

    const end = Math.min(head, lastBlock + maxBlocksPerTick)
    const stored: BlockRows[] = []
    let expected = state
    let transactions = 0
    for (let from = lastBlock + 1; from <= end && transactions < maxTransactionsPerTick; from += chunkSize) {
      const numbers: number[] = []
      for (let n = from; n <= Math.min(end, from + chunkSize - 1); n++) numbers.push(n)
      const outcomes = await rpc(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHex(n), true] })))
      const blocks = outcomes.map((o, i) => must(o, `eth_getBlockByNumber(${numbers[i]})`) as RawBlock | null)
      // A block the node does not have yet (a load-balanced node behind): stop here, try next tick.
      const available = blocks.findIndex((b) => !b || !Array.isArray(b.transactions))
      const usable = (available === -1 ? blocks : blocks.slice(0, available)) as RawBlock[]
      usable.forEach((block, i) => {
        if (typeof block.number !== 'string' || Number.parseInt(block.number, 16) !== numbers[i]) {
          throw new Error(`the node answered block ${String(block.number).slice(0, 20)} when asked for ${numbers[i]}`)
        }
      })
      const receipts = await fetchReceipts(usable)
      const firstOfChunk = stored.length
      let broken = false
      for (const [i, block] of usable.entries()) {
        const parentHash = typeof block.parentHash === 'string' ? block.parentHash.toLowerCase() : ''
        const previous = stored[stored.length - 1]?.hash ?? lastHash
        if (previous !== undefined && parentHash !== previous) {
          if (stored.length === 0) {
            const rolledBack = await rollBack(head, state as ChainState)
            return { head, lastBlock: (await readState())?.lastBlock ?? -1, indexed: 0, rolledBack, standby: false }
          }
          broken = true
          break
        }
        stored.push(extractBlockRows({ block, receipts: receipts[i] ?? [], knownNfts }))
        transactions += block.transactions.length
      }
      // Each batch is stored as soon as it is whole, so a later failure in the tick loses nothing.
      if (stored.length > firstOfChunk) {
        await store(expected, stored.slice(firstOfChunk))
        const last = stored[stored.length - 1] as BlockRows
        expected = { lastBlock: last.number, lastHash: last.hash }
      }
      if (broken || usable.length < blocks.length) break
    }
    // Names of unknown tokens are best effort: a failure here is retried next tick.
    await lookUpContracts().catch(() => undefined)
    return { head, lastBlock: stored[stored.length - 1]?.number ?? lastBlock, indexed: stored.length, rolledBack: 0, standby: false }
  }

  return {
    chainId,
    tick,
    lastBlock: async () => (await readState())?.lastBlock ?? -1,
    async release() {
      if (lease) await storage.run('DELETE FROM indexer_leases WHERE chain_id = ? AND holder = ?', [chainId, holder])
    },
  }
}
