import type { Database } from 'better-sqlite3'
import { decodeFunctionResult, erc20Abi } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { callRpcBatch } from './callRpcBatch.js'
import type { RpcOutcome } from './callRpcBatch.js'
import { extractBlockRows } from './extractBlockRows.js'
import type { BlockRows } from './extractBlockRows.js'
import type { RawBlock, RawReceipt } from './rawEvm.js'

export type CreateEvmChainIndexerParameters = {
  db: Database
  chain: ChainConfig
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
}

export type EvmChainIndexer = {
  chainId: string
  /** Reads and stores the next bounded batch of blocks; throws when the node fails. */
  tick(): Promise<ChainIndexerTick>
}

/** How many recent block hashes are kept to find where a reorganised chain forked. */
const keptHashes = 128
/** Blocks fetched per JSON-RPC batch. */
const chunkSize = 10
/** Unknown token contracts whose name, symbol and decimals are read per tick. */
const lookupsPerTick = 8

const selectors = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567' } as const

const toHex = (n: number) => `0x${n.toString(16)}`

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
 * with their receipts, and stores transactions, transfers and participants in SQLite together
 * with the new last block, in one SQLite transaction. A chain whose blocks no longer match the
 * stored hashes (a reorg, or a devnet restarted under a kept data directory) is rolled back to
 * the last common block, or re-indexed from the start when none is left. It also looks up the
 * name, symbol and decimals of a few unknown token contracts per tick.
 *
 * @param parameters - the database, the chain and the per-tick bounds
 * @returns the chain's indexer
 * @example
 * const indexer = createEvmChainIndexer({ db, chain })
 * await indexer.tick()
 */
export function createEvmChainIndexer({
  db,
  chain,
  maxBlocksPerTick = 50,
  maxTransactionsPerTick = 2_000,
  timeoutMs = 10_000,
  signal,
}: CreateEvmChainIndexerParameters): EvmChainIndexer {
  const chainId = chain.caipNetworkId
  const url = chain.rpcUrl
  const knownNfts = new Set((chain.nfts ?? []).map((nft) => nft.address.toLowerCase()))
  let blockReceipts = true

  const statements = {
    state: db.prepare('SELECT last_block AS lastBlock, last_hash AS lastHash FROM indexer_chains WHERE chain_id = ?'),
    saveState: db.prepare(
      'INSERT INTO indexer_chains (chain_id, last_block, last_hash, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (chain_id) DO UPDATE SET last_block = excluded.last_block, last_hash = excluded.last_hash, updated_at = excluded.updated_at',
    ),
    insertBlock: db.prepare('INSERT OR REPLACE INTO indexer_blocks (chain_id, number, hash) VALUES (?, ?, ?)'),
    pruneBlocks: db.prepare('DELETE FROM indexer_blocks WHERE chain_id = ? AND number < ?'),
    recentBlocks: db.prepare('SELECT number, hash FROM indexer_blocks WHERE chain_id = ? AND number <= ? ORDER BY number DESC LIMIT 64'),
    insertTransaction: db.prepare(
      'INSERT OR REPLACE INTO chain_transactions (chain_id, hash, block_number, tx_index, mined_at, from_addr, to_addr, created_contract, nonce, status, method_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertTransfer: db.prepare(
      'INSERT OR REPLACE INTO chain_transfers (chain_id, tx_hash, block_number, log_index, kind, contract, from_addr, to_addr, amount, token_id, executed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertParticipant: db.prepare('INSERT OR IGNORE INTO account_transactions (chain_id, address, block_number, tx_index, tx_hash) VALUES (?, ?, ?, ?, ?)'),
    insertContract: db.prepare('INSERT OR IGNORE INTO chain_contracts (chain_id, address, kind, looked_up) VALUES (?, ?, ?, ?)'),
    pendingContracts: db.prepare('SELECT address, kind FROM chain_contracts WHERE chain_id = ? AND looked_up = 0 LIMIT ?'),
    saveContract: db.prepare('UPDATE chain_contracts SET name = ?, symbol = ?, decimals = ?, looked_up = 1 WHERE chain_id = ? AND address = ?'),
    deleteAbove: ['chain_transactions', 'chain_transfers', 'account_transactions', 'indexer_blocks'].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE chain_id = ? AND ${table === 'indexer_blocks' ? 'number' : 'block_number'} > ?`),
    ),
    deleteAll: ['chain_transactions', 'chain_transfers', 'account_transactions', 'indexer_blocks', 'chain_contracts', 'indexer_chains'].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE chain_id = ?`),
    ),
  }

  const store = db.transaction((blocks: BlockRows[]) => {
    for (const rows of blocks) {
      for (const t of rows.transactions) {
        statements.insertTransaction.run(chainId, t.hash, t.blockNumber, t.txIndex, t.minedAt, t.from, t.to, t.createdContract, t.nonce, t.status, t.methodId)
      }
      for (const t of rows.transfers) {
        statements.insertTransfer.run(chainId, t.txHash, t.blockNumber, t.logIndex, t.kind, t.contract, t.from, t.to, t.amount, t.tokenId, t.executed)
      }
      for (const p of rows.participants) statements.insertParticipant.run(chainId, p.address, rows.number, p.txIndex, p.txHash)
      for (const c of rows.contracts) statements.insertContract.run(chainId, c.address, c.kind, 0)
      statements.insertBlock.run(chainId, rows.number, rows.hash)
    }
    const last = blocks[blocks.length - 1] as BlockRows
    statements.saveState.run(chainId, last.number, last.hash, Date.now())
    statements.pruneBlocks.run(chainId, last.number - keptHashes)
  })

  const rollBackTo = db.transaction((ancestor: { number: number; hash: string } | undefined) => {
    if (!ancestor) {
      for (const statement of statements.deleteAll) statement.run(chainId)
      return
    }
    for (const statement of statements.deleteAbove) statement.run(chainId, ancestor.number)
    statements.saveState.run(chainId, ancestor.number, ancestor.hash, Date.now())
  })

  const rpc = (calls: { method: string; params: unknown[] }[]) => callRpcBatch({ url, calls, timeoutMs, ...(signal ? { signal } : {}) })
  const must = (outcome: RpcOutcome | undefined, what: string): unknown => {
    if (!outcome) throw new Error(`no answer to ${what}`)
    if (!outcome.ok) throw new Error(`${what}: ${outcome.message} (${outcome.code})`)
    return outcome.result
  }

  /** Finds the highest stored block the chain still has, rolls back to it, and says how many blocks went. */
  async function rollBack(head: number, lastBlock: number): Promise<number> {
    const stored = statements.recentBlocks.all(chainId, head) as { number: number; hash: string }[]
    const outcomes = await rpc(stored.map((b) => ({ method: 'eth_getBlockByNumber', params: [toHex(b.number), false] })))
    const ancestor = stored.find((b, i) => {
      const outcome = outcomes[i]
      return outcome?.ok && typeof (outcome.result as { hash?: unknown } | null)?.hash === 'string' && (outcome.result as { hash: string }).hash.toLowerCase() === b.hash
    })
    rollBackTo(ancestor)
    return lastBlock - (ancestor?.number ?? -1)
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
    const pending = statements.pendingContracts.all(chainId, lookupsPerTick) as { address: string; kind: string }[]
    if (pending.length === 0) return
    const calls = pending.flatMap((c) =>
      (['name', 'symbol', 'decimals'] as const).map((fn) => ({ method: 'eth_call', params: [{ to: c.address, data: selectors[fn] }, 'latest'] })),
    )
    const outcomes = await rpc(calls)
    pending.forEach((c, i) => {
      const name = cleanText(decodeCall(outcomes[i * 3], 'name'))
      const symbol = cleanText(decodeCall(outcomes[i * 3 + 1], 'symbol'))
      const rawDecimals = c.kind === 'erc20' ? decodeCall(outcomes[i * 3 + 2], 'decimals') : null
      const decimals = typeof rawDecimals === 'number' && rawDecimals <= 36 ? rawDecimals : null
      statements.saveContract.run(name, symbol, decimals, chainId, c.address)
    })
  }

  async function tick(): Promise<ChainIndexerTick> {
    const [headOutcome] = await rpc([{ method: 'eth_getBlockByNumber', params: ['latest', false] }])
    const headBlock = must(headOutcome, 'eth_getBlockByNumber(latest)') as { number?: unknown; hash?: unknown } | null
    if (!headBlock || typeof headBlock.number !== 'string' || typeof headBlock.hash !== 'string') throw new Error('the node answered a malformed head block')
    const head = Number.parseInt(headBlock.number, 16)
    if (!Number.isSafeInteger(head) || head < 0) throw new Error('the node answered a malformed head block number')

    const state = statements.state.get(chainId) as { lastBlock: number; lastHash: string } | undefined
    let lastBlock: number
    let lastHash: string | undefined
    if (state) {
      ;({ lastBlock, lastHash } = state)
      if (head < lastBlock || (head === lastBlock && headBlock.hash.toLowerCase() !== lastHash)) {
        const rolledBack = await rollBack(head, lastBlock)
        const after = statements.state.get(chainId) as { lastBlock: number } | undefined
        return { head, lastBlock: after?.lastBlock ?? -1, indexed: 0, rolledBack }
      }
    } else {
      const start = chain.indexFromBlock === 'latest' ? head : (chain.indexFromBlock ?? 0)
      lastBlock = start - 1
    }

    const end = Math.min(head, lastBlock + maxBlocksPerTick)
    const stored: BlockRows[] = []
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
            const rolledBack = await rollBack(head, lastBlock)
            const after = statements.state.get(chainId) as { lastBlock: number } | undefined
            return { head, lastBlock: after?.lastBlock ?? -1, indexed: 0, rolledBack }
          }
          broken = true
          break
        }
        stored.push(extractBlockRows({ block, receipts: receipts[i] ?? [], knownNfts }))
        transactions += block.transactions.length
      }
      // Each batch is stored as soon as it is whole, so a later failure in the tick loses nothing.
      if (stored.length > firstOfChunk) store(stored.slice(firstOfChunk))
      if (broken || usable.length < blocks.length) break
    }
    // Names of unknown tokens are best effort: a failure here is retried next tick.
    await lookUpContracts().catch(() => undefined)
    return { head, lastBlock: stored[stored.length - 1]?.number ?? lastBlock, indexed: stored.length, rolledBack: 0 }
  }

  return { chainId, tick }
}
