// The eip155 indexer on Postgres with two instances: one indexes the chain (it holds the chain's
// lease), the other stands by; both answer the account's history from the shared tables; when the
// indexing instance stops, the other takes over and carries on from the same last block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { createEvmChainIndexer } from '../../../server/indexer/createEvmChainIndexer.js'
import { openStorage } from '../../../server/storage/openStorage.js'
import type { SqlStorage } from '../../../server/storage/SqlStorage.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { clientsFor } from '../helpers/deployTestToken.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const chainId = 'eip155:31337'
const recipient = '0x9000000000000000000000000000000000000009'
const historyPath = `/v1/account/${recipient}/history?chainId=${encodeURIComponent(chainId)}&projectId=demo&st=appkit&sv=html-core-1.0.0&cursor=`
let engines: TestEngines
let anvil: Anvil
let storage: SqlStorage
let a: TestServer
let b: TestServer

beforeAll(async () => {
  ;[engines, anvil] = await Promise.all([startEngines(), startAnvil({ chainId: 31337 })])
  const url = await engines.createDatabase('indexer_two_instances')
  const config = {
    chains: [{ caipNetworkId: chainId, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    indexer: { pollIntervalMs: 100 },
    database: { url },
  }
  ;[a, b] = [await startTestServer(config), await startTestServer(config)]
  storage = await openStorage({ database: { url } })
})
afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
  await storage?.close()
  await anvil?.stop()
  await engines?.stop()
})

async function send(value: bigint): Promise<string> {
  const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
  const hash = await walletClient.sendTransaction({ to: recipient, value })
  await publicClient.waitForTransactionReceipt({ hash })
  return hash
}

async function waitForHistory(server: TestServer, hash: string): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const ids = ((await server.getJson(historyPath)).body.data as { id: string }[]).map((tx) => tx.id)
    if (ids.includes(hash)) return ids
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${hash} never appeared in the history`)
}

describe('the indexer on Postgres with two instances', () => {
  it('indexes the chain on one instance; both answer the history; the other takes over when it stops', async () => {
    const first = await send(1n)
    expect(await waitForHistory(a, first)).toEqual(await waitForHistory(b, first))
    await Promise.all([a.indexer!.poll(chainId), b.indexer!.poll(chainId)])
    const standby = [a, b].map((server) => server.indexer!.status()[0]!.standby)
    expect(standby.sort()).toEqual([false, true])
    const leases = await storage.query<{ holder: string }>('SELECT holder FROM indexer_leases WHERE chain_id = ?', [chainId])
    expect(leases).toHaveLength(1)
    // Each transaction stored once, whichever instance polled.
    const [{ n, distinct }] = (await storage.query<{ n: number; distinct: number }>('SELECT COUNT(*) AS n, COUNT(DISTINCT hash) AS distinct FROM chain_transactions')) as [{ n: number; distinct: number }]
    expect(n).toBe(distinct)

    const [holder, other] = a.indexer!.status()[0]!.standby ? [b, a] : [a, b]
    await holder.close()
    // The closed instance gave its lease up (the other may already hold a lease of its own).
    expect((await storage.query<{ holder: string }>('SELECT holder FROM indexer_leases')).map((row) => row.holder)).not.toContain(leases[0]!.holder)
    const second = await send(2n)
    const ids = await waitForHistory(other, second)
    expect(ids.slice(0, 2)).toEqual([second, first])
    expect(other.indexer!.status()[0]).toMatchObject({ standby: false, lastError: null })
  })

  it('stores each block once when two indexers without a lease race for one chain (the store checks the last block)', async () => {
    // Another name for the same devnet, so the servers' own indexers leave these rows alone.
    const chain = { caipNetworkId: 'eip155:999', name: 'Race', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const [x, y] = [createEvmChainIndexer({ storage, chain, lease: false }), createEvmChainIndexer({ storage, chain, lease: false })]
    const outcomes = await Promise.allSettled([x.tick(), y.tick()])
    const head = Number(await clientsFor(anvil.rpcUrl, 31337).publicClient.getBlockNumber())
    const indexed = outcomes.reduce((sum, outcome) => sum + (outcome.status === 'fulfilled' ? outcome.value.indexed : 0), 0)
    expect(indexed).toBe(head + 1)
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/another instance indexed eip155:999 meanwhile/)
    expect(await x.lastBlock()).toBe(head)
  })
})
