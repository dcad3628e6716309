import { rmSync } from 'node:fs'
import { createServer as createTcpServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAddress, parseEther } from 'viem'
import { startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { createServer } from '../../../server/createServer.js'
import type { ChainConfig } from '../../../server/createServer.js'
import { clientsFor } from '../helpers/deployTestToken.js'
import { makeDataDir, startTestServer } from '../helpers/startTestServer.js'

const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const recipient = getAddress('0x7000000000000000000000000000000000000007')
let anvil: Anvil
const refusedDir = makeDataDir()

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
})
afterAll(async () => {
  await anvil?.stop()
  rmSync(refusedDir, { recursive: true, force: true })
})

describe('indexer configuration', () => {
  it.each([
    ['an NFT collection on a solana chain', { chains: [{ caipNetworkId: 'solana:x', name: 'S', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: native, nfts: [{ address: '0x' + '1'.repeat(40), name: 'N', symbol: 'N' }] }] }],
    ['an NFT collection with a bad address', { chains: [{ caipNetworkId: 'eip155:1', name: 'E', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: native, nfts: [{ address: '0x12', name: 'N', symbol: 'N' }] }] }],
    ['a negative indexFromBlock', { chains: [{ caipNetworkId: 'eip155:1', name: 'E', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: native, indexFromBlock: -1 }] }],
    ['a zero poll interval', { chains: [], indexer: { pollIntervalMs: 0 } }],
    ['a huge history page', { chains: [], indexer: { historyPageSize: 1000 } }],
    ['a fractional block budget', { chains: [], indexer: { maxBlocksPerTick: 1.5 } }],
  ])('refuses %s', async (_label, config) => {
    await expect(createServer({ dataDir: refusedDir, port: 0, relay: false, ...(config as { chains: ChainConfig[] }) })).rejects.toThrow(/^createServer: /)
  })

  it('can be turned off', async () => {
    const server = await startTestServer({ indexer: false, chains: [{ caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native }] })
    try {
      expect(server.indexer).toBeUndefined()
      expect(server.db.prepare('SELECT COUNT(*) AS n FROM indexer_chains').get()).toEqual({ n: 0 })
    } finally {
      await server.dispose()
    }
  })

  it("starts at the head with indexFromBlock 'latest', skipping the past", async () => {
    const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
    const old = await walletClient.sendTransaction({ to: recipient, value: parseEther('1') })
    await publicClient.waitForTransactionReceipt({ hash: old })
    const head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }))
    const server = await startTestServer({
      indexer: { pollIntervalMs: 100 },
      chains: [{ caipNetworkId: 'eip155:31337', name: 'A', rpcUrl: anvil.rpcUrl, nativeCurrency: native, indexFromBlock: 'latest' }],
    })
    try {
      await server.indexer!.poll('eip155:31337')
      expect(server.indexer!.status()[0]).toMatchObject({ chainId: 'eip155:31337', lastBlock: head, head, lastError: null })
      // The head block itself is indexed, nothing before it.
      const { body } = await server.getJson(`/v1/account/${recipient}/history?chainId=eip155:31337`)
      expect(body.data.map((t: { id: string }) => t.id)).toEqual([old])
      expect((server.db.prepare('SELECT MIN(block_number) AS b FROM chain_transactions').get() as { b: number }).b).toBe(head)
    } finally {
      await server.dispose()
    }
  })

  it('closes at once while a node hangs, without waiting for its time-out', async () => {
    const sockets: Socket[] = []
    const hanging = createTcpServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    const rpcUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
    const server = await startTestServer({ chains: [{ caipNetworkId: 'eip155:31337', name: 'A', rpcUrl, nativeCurrency: native }] })
    try {
      // Wait until the indexer's first request is hanging on the node.
      const deadline = Date.now() + 3_000
      while (sockets.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(sockets.length).toBeGreaterThan(0)
      const started = Date.now()
      await server.dispose()
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(server.db.open).toBe(false)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => hanging.close(resolve))
    }
  })
})
