import { rmSync } from 'node:fs'
import type { Database } from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseEther, parseUnits } from 'viem'
import type { Address } from 'viem'
import { startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { openDatabase } from '../../../server/db/openDatabase.js'
import { createEvmChainIndexer } from '../../../server/indexer/createEvmChainIndexer.js'
import { openStorage } from '../../../server/storage/openStorage.js'
import type { SqlStorage } from '../../../server/storage/SqlStorage.js'
import { clientsFor, deployTestToken, tokenAbi } from '../helpers/deployTestToken.js'
import { startRpcTap } from '../helpers/startRpcTap.js'
import type { RpcTap } from '../helpers/startRpcTap.js'
import { makeDataDir } from '../helpers/startTestServer.js'

const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const evilName = `Claim\u202e\u0007 your reward at evil.example ${'x'.repeat(100)}`
let anvil: Anvil
let tap: RpcTap
let evil: Address
const dirs: string[] = []
const databases: Database[] = []

/** A fresh data directory's database, and the migrated storage on it. */
async function freshDb(): Promise<{ db: Database; storage: SqlStorage }> {
  const dir = makeDataDir()
  dirs.push(dir)
  const db = openDatabase(dir)
  databases.push(db)
  return { db, storage: await openStorage({ db }) }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
  for (let i = 0; i < 4; i++) {
    const hash = await walletClient.sendTransaction({ to: '0x9000000000000000000000000000000000000009', value: parseEther('0.1') })
    await publicClient.waitForTransactionReceipt({ hash })
  }
  evil = await deployTestToken(anvil.rpcUrl, 31337, evilName, 'EVIL\n', parseUnits('5', 18))
  const hash = await walletClient.writeContract({ address: evil, abi: tokenAbi, functionName: 'transfer', args: ['0x9000000000000000000000000000000000000009', 1n] })
  await publicClient.waitForTransactionReceipt({ hash })
  tap = await startRpcTap(anvil.rpcUrl)
})
afterAll(async () => {
  for (const db of databases) if (db.open) db.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  await tap?.close()
  await anvil?.stop()
})

describe('createEvmChainIndexer', () => {
  it('reads at most maxBlocksPerTick blocks per tick and carries on where it stopped', async () => {
    const { db, storage } = await freshDb()
    const indexer = createEvmChainIndexer({ storage, chain: { caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native }, maxBlocksPerTick: 2 })
    const head = 6 // 4 transfers, the token deployment and its transfer
    expect(await indexer.tick()).toEqual({ head, lastBlock: 1, indexed: 2, rolledBack: 0, standby: false })
    expect(await indexer.tick()).toEqual({ head, lastBlock: 3, indexed: 2, rolledBack: 0, standby: false })
    expect(await indexer.tick()).toEqual({ head, lastBlock: 5, indexed: 2, rolledBack: 0, standby: false })
    expect(await indexer.tick()).toEqual({ head, lastBlock: 6, indexed: 1, rolledBack: 0, standby: false })
    expect(await indexer.tick()).toEqual({ head, lastBlock: 6, indexed: 0, rolledBack: 0, standby: false })
    expect((db.prepare('SELECT COUNT(*) AS n FROM chain_transactions').get() as { n: number }).n).toBe(6)
  })

  it('falls back to eth_getTransactionReceipt when the node has no eth_getBlockReceipts', async () => {
    const { db, storage } = await freshDb()
    tap.calls.length = 0
    tap.rewrite = (body, calls) =>
      (body as { id: number }[]).map((answer, i) =>
        calls[i]?.method === 'eth_getBlockReceipts' ? { jsonrpc: '2.0', id: answer.id, error: { code: -32601, message: 'Method not found' } } : answer,
      )
    try {
      const indexer = createEvmChainIndexer({ storage, chain: { caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: tap.url, nativeCurrency: native } })
      expect(await indexer.tick()).toMatchObject({ lastBlock: 6, indexed: 7 })
    } finally {
      tap.rewrite = undefined
    }
    expect(tap.calls.filter((c) => c.method === 'eth_getTransactionReceipt')).toHaveLength(6)
    const rows = db.prepare('SELECT status FROM chain_transactions').all() as { status: number }[]
    expect(rows).toHaveLength(6)
    expect(rows.every((r) => r.status === 1)).toBe(true)
  })

  it("stores what an unknown token calls itself, cleaned of control characters and cut to 64 characters", async () => {
    const { db, storage } = await freshDb()
    const indexer = createEvmChainIndexer({ storage, chain: { caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native } })
    await indexer.tick()
    const row = db.prepare('SELECT name, symbol, decimals, looked_up AS lookedUp FROM chain_contracts WHERE address = ?').get(evil.toLowerCase()) as Record<string, unknown>
    expect(row).toEqual({ name: `Claim your reward at evil.example ${'x'.repeat(30)}`, symbol: 'EVIL', decimals: 18, lookedUp: 1 })
    expect(String(row.name)).toHaveLength(64)
  })

  it('indexes a chain once when two instances share the storage: the other stands by, and takes over when the first lets go', async () => {
    const { db, storage } = await freshDb()
    const chain = { caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native }
    // The lease is on by default only on Postgres; here it is asked for on SQLite.
    const [a, b] = [createEvmChainIndexer({ storage, chain, maxBlocksPerTick: 2, lease: true }), createEvmChainIndexer({ storage, chain, maxBlocksPerTick: 2, lease: true })]
    expect(await a.tick()).toEqual({ head: 6, lastBlock: 1, indexed: 2, rolledBack: 0, standby: false })
    expect(await b.tick()).toEqual({ head: -1, lastBlock: 1, indexed: 0, rolledBack: 0, standby: true })
    expect(await a.tick()).toMatchObject({ lastBlock: 3, standby: false })
    await a.release()
    expect(await b.tick()).toEqual({ head: 6, lastBlock: 5, indexed: 2, rolledBack: 0, standby: false })
    expect(await a.tick()).toMatchObject({ indexed: 0, standby: true })
    expect(await b.tick()).toMatchObject({ lastBlock: 6, indexed: 1 })
    expect((db.prepare('SELECT COUNT(*) AS n FROM chain_transactions').get() as { n: number }).n).toBe(6)
  })

  it('takes no lease on SQLite by default (one server per file): a second indexer is refused nothing, and what the first stored stands', async () => {
    const { db, storage } = await freshDb()
    const chain = { caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native }
    expect(await createEvmChainIndexer({ storage, chain, maxBlocksPerTick: 2 }).tick()).toMatchObject({ lastBlock: 1, standby: false })
    expect(await createEvmChainIndexer({ storage, chain, maxBlocksPerTick: 2 }).tick()).toMatchObject({ lastBlock: 3, standby: false })
    expect(db.prepare('SELECT COUNT(*) AS n FROM indexer_leases').get()).toEqual({ n: 0 })
  })

  it('takes over a chain whose holder stopped renewing its lease', async () => {
    const { storage } = await freshDb()
    const chain = { caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native }
    const [a, b] = [createEvmChainIndexer({ storage, chain, maxBlocksPerTick: 2, lease: true, leaseMs: 150 }), createEvmChainIndexer({ storage, chain, maxBlocksPerTick: 2, lease: true, leaseMs: 150 })]
    // The lease is dated by the clock: a fake Date, moved past the lease by the test.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      expect(await a.tick()).toMatchObject({ lastBlock: 1, standby: false })
      expect(await b.tick()).toMatchObject({ standby: true })
      vi.advanceTimersByTime(149)
      expect(await b.tick()).toMatchObject({ standby: true })
      vi.advanceTimersByTime(51)
      expect(await b.tick()).toMatchObject({ lastBlock: 3, indexed: 2, standby: false })
      expect(await a.tick()).toMatchObject({ lastBlock: 3, standby: true })
    } finally {
      vi.useRealTimers()
    }
  })
})
