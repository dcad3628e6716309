import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { startSolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import type { SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { startRpcTap } from '../helpers/startRpcTap.js'
import type { RpcTap } from '../helpers/startRpcTap.js'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

let anvil: Anvil
let solana: SolanaRpc
let tap: RpcTap
let server: TestServer
/** A loopback HTTP server that records every request: the SSRF target. */
let bait: { url: string; hits: number; close(): Promise<void> }
const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const refused = { code: -32004, message: 'Requested RPC call is not allowed' }

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
  tap = await startRpcTap(anvil.rpcUrl)
  const baitServer = createHttpServer((_request, response) => {
    bait.hits += 1
    response.writeHead(500).end()
  })
  await new Promise<void>((resolve) => baitServer.listen(0, '127.0.0.1', resolve))
  bait = {
    url: `http://127.0.0.1:${(baitServer.address() as AddressInfo).port}`,
    hits: 0,
    close: () => new Promise((resolve) => baitServer.close(() => resolve())),
  }
  server = await startTestServer({
    chains: [
      { caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: tap.url, nativeCurrency: native },
      { caipNetworkId: solanaChain, name: 'Solana', rpcUrl: solana.rpcUrl, nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
    ],
  })
})
afterAll(async () => {
  await server?.dispose()
  await Promise.all([tap?.close(), bait?.close(), anvil?.stop(), solana?.stop()])
})

const rpc = (chainId: string, body: unknown) =>
  server.post(`/v1/?chainId=${encodeURIComponent(chainId)}&projectId=demo`, typeof body === 'string' ? body : JSON.stringify(body))

describe('JSON-RPC proxy: the allow-list (issue 12, point 1)', () => {
  const hostile: [string, unknown[]][] = [
    ['eth_sendUnsignedTransaction', [{ from: devAddresses[0], to: devAddresses[1], value: '0xde0b6b3a7640000' }]],
    ['eth_sendTransaction', [{ from: devAddresses[0], to: devAddresses[1], value: '0x1' }]],
    ['anvil_setBalance', [devAddresses[5], '0xffffffffffffffffffff']],
    ['anvil_impersonateAccount', [devAddresses[0]]],
    ['anvil_mine', ['0x10']],
    ['hardhat_setBalance', [devAddresses[5], '0x1']],
    ['evm_snapshot', []],
    ['evm_mine', []],
    ['evm_increaseTime', ['0x1000']],
    ['debug_traceTransaction', ['0x' + '00'.repeat(32)]],
    ['admin_nodeInfo', []],
    ['admin_addPeer', ['enode://x@127.0.0.1:1']],
    ['personal_sendTransaction', [{ from: devAddresses[0], to: devAddresses[1], value: '0x1' }, '']],
    ['personal_unlockAccount', [devAddresses[0], '', 0]],
    ['personal_listAccounts', []],
    ['txpool_content', []],
    ['miner_start', []],
    ['eth_accounts', []],
    ['eth_newFilter', [{}]],
  ]

  it.each(hostile)('refuses %s without forwarding it', async (method, params) => {
    const { status, body } = await rpc('eip155:31337', { jsonrpc: '2.0', id: 9, method, params })
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 9, error: refused })
    expect(tap.calls.some((call) => call.method === method)).toBe(false)
  })

  it('refuses anvil_reset with a forking URL: the node never fetches it (no SSRF) and the chain is untouched', async () => {
    const blockBefore = (await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })).body.result
    const { body } = await rpc('eip155:31337', [
      { jsonrpc: '2.0', id: 1, method: 'anvil_reset', params: [{ forking: { jsonRpcUrl: bait.url } }] },
      { jsonrpc: '2.0', id: 2, method: 'hardhat_reset', params: [{ forking: { jsonRpcUrl: bait.url } }] },
    ])
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, error: refused },
      { jsonrpc: '2.0', id: 2, error: refused },
    ])
    // The node never had the reset (it could fetch the bait only after one), and is on the same chain.
    expect(tap.calls.some((c) => c.method.endsWith('_reset'))).toBe(false)
    expect((await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })).body.result).toBe(blockBefore)
    expect(bait.hits).toBe(0)
  })

  it('forwards eth_sendRawTransaction, the broadcast of a transaction the wallet signed', async () => {
    const account = devAccount(3)
    const nonce = (await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: [account.address, 'latest'] })).body.result as string
    const signed = await account.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: devAddresses[4],
      value: parseEther('1'),
      nonce: Number(nonce),
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    const sent = await rpc('eip155:31337', { jsonrpc: '2.0', id: 2, method: 'eth_sendRawTransaction', params: [signed] })
    expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('refuses every method on a Solana chain that is not a read (requestAirdrop included)', async () => {
    const { body } = await rpc(solanaChain, [
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: ['11111111111111111111111111111111', 1] },
      { jsonrpc: '2.0', id: 3, method: 'eth_chainId' },
    ])
    expect(body).toContainEqual({ jsonrpc: '2.0', id: 1, result: 'ok' })
    expect(body).toContainEqual({ jsonrpc: '2.0', id: 2, error: refused })
    expect(body).toContainEqual({ jsonrpc: '2.0', id: 3, error: refused })
  })
})

describe('JSON-RPC proxy: batches and notifications (issue 12, point 11)', () => {
  it('answers a batch of 1000 on a Solana chain (the node takes 100) with 1000 answers, in slices', async () => {
    const batch = Array.from({ length: 1000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getSlot' }))
    const { status, body } = await rpc(solanaChain, batch)
    expect(status).toBe(200)
    expect(body).toHaveLength(1000)
    expect(new Set(body.map((r: { id: number }) => r.id)).size).toBe(1000)
    expect(body.every((r: { result?: unknown }) => typeof r.result === 'number')).toBe(true)
  })

  it('answers a body of notifications only with 204 and no body', async () => {
    for (const body of [
      [{ jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', method: 'eth_blockNumber' }],
      { jsonrpc: '2.0', method: 'eth_chainId' },
      [{ jsonrpc: '2.0', method: 'anvil_mine' }],
    ]) {
      const response = await fetch(`${server.url}/v1/?chainId=eip155:31337&projectId=demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
    }
  })
})
