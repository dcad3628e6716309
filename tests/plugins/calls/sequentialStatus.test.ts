// The calls plugin reads a sequential batch's receipts through the eip155 plugin's RPC client
// (context.rpcRequest → eip155's rpcRequest tap: viem's transport, retries, fallback ranking), not
// a client of its own: against a real HTTP node on 127.0.0.1, its answers, the node's typed
// errors and a dead first RPC URL. tests/plugins/eip155/calls.test.ts follows a real batch on anvil.
import '../../helpers/eip155Loaded.js'
import '../../helpers/callsLoaded.js'
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createPorticoKernel, HttpRequestError, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { calls } from '../../../plugins/calls/index.js'
import { defineNetwork, eip155, type Eip155Window } from '../../../plugins/eip155/index.js'
import { startRecordingServer } from '../../kernel/helpers/recordingServer.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const first = `0x${'ab'.repeat(32)}`
const second = `0x${'cd'.repeat(32)}`
const receipt = (hash: string, status = '0x1') => ({ transactionHash: hash, status, blockNumber: '0x5', gasUsed: '0x5208', logs: [] })

type Rpc = { id: number; method: string; params?: unknown[] }
/** A node on 127.0.0.1: `answer` gives each JSON-RPC request's result (or a `{ error }`); batches answered as batches. */
async function node(answer: (request: Rpc) => unknown, raw?: (res: ServerResponse) => boolean) {
  const asked: Rpc[] = []
  const server = await startRecordingServer((req, res) => {
    if (raw?.(res)) return
    const body = JSON.parse(req.body) as Rpc | Rpc[]
    const one = (r: Rpc) => {
      asked.push(r)
      const value = answer(r)
      return value !== null && typeof value === 'object' && 'error' in value ? { jsonrpc: '2.0', id: r.id, ...value } : { jsonrpc: '2.0', id: r.id, result: value }
    }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)))
  })
  return { ...server, asked: () => asked.filter((r) => r.method === 'eth_getTransactionReceipt') }
}

function wallet(): Eip155Window {
  const provider = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
      if (method === 'eth_chainId') return '0x7a69'
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    },
  }
  const target = new EventTarget() as Eip155Window
  const info = { uuid: '00000000-0000-4000-8000-000000000155', name: 'Plain Wallet', icon: '', rdns: 'test.plain.wallet' }
  target.addEventListener('eip6963:requestProvider', () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } })))
  return target
}

const instances: Portico[] = []
const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
  for (const server of servers.splice(0)) await server.close()
})

async function connected(rpcUrls: string[]): Promise<Portico> {
  const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls })
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155({}, { window: wallet() }), calls()], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' }, enableReconnect: false })
  instances.push(portico)
  await portico.discoverWallets('eip155')
  await portico.connect({ connectorId: 'test.plain.wallet', namespace: 'eip155' })
  return portico
}

describe('calls: a sequential batch read from the chain through the eip155 plugin', () => {
  it('asks eth_getTransactionReceipt for each hash: pending while the node answers null, then the status with decimal quantities', async () => {
    let known = [first]
    const server = await node((r) => (r.method === 'eth_getTransactionReceipt' ? (known.includes((r.params as string[])[0]!) ? receipt((r.params as string[])[0]!, (r.params as string[])[0] === second ? '0x0' : '0x1') : null) : null))
    servers.push(server)
    const portico = await connected([server.url])
    const id = `sequential:${first},${second}`
    expect(await portico.getCallsStatus(id)).toMatchObject({ id, caipNetworkId: 'eip155:31337', status: 'pending', statusCode: 100, atomic: false, receipts: [{ transactionHash: first, status: 'success', blockNumber: '5', gasUsed: '21000' }] })
    expect(server.asked().map((r) => r.params)).toEqual([[first], [second]])
    known = [first, second]
    expect(await portico.getCallsStatus(id)).toMatchObject({ status: 'partial', statusCode: 600, receipts: [{ status: 'success' }, { transactionHash: second, status: 'reverted' }] })
    expect(await portico.getCallsStatus(`sequential:${second}`)).toMatchObject({ status: 'failure', statusCode: 500 })
  })

  it("a malformed receipt is a clear error; the node's JSON-RPC error a ProviderRpcError with its code; an unreachable node an HttpRequestError after the client's retries", async () => {
    let mode: 'malformed' | 'rpcError' | 'down' = 'malformed'
    const server = await node(
      (r) => (mode === 'malformed' ? { ...receipt((r.params as string[])[0]!), status: 'yes' } : { error: { code: -32005, message: 'limit exceeded' } }),
      (res) => (mode === 'down' ? (res.writeHead(502).end('bad gateway'), true) : false),
    )
    servers.push(server)
    const portico = await connected([server.url])
    await expect(portico.getCallsStatus(`sequential:${first}`)).rejects.toThrow('The node returned a malformed receipt')
    mode = 'rpcError'
    await expect(portico.getCallsStatus(`sequential:${first}`)).rejects.toSatisfy((e: unknown) => e instanceof ProviderRpcError && e.code === -32005)
    mode = 'down'
    const before = server.requests.length
    await expect(portico.getCallsStatus(`sequential:${first}`)).rejects.toSatisfy((e: unknown) => e instanceof HttpRequestError && e.status === 502 && e.url.startsWith(server.url))
    expect(server.requests.length - before).toBe(4) // the first request and the client's three retries
  })

  it("over several RPC URLs, a dead first one is passed over (the plugin's fallback transport, not the first URL only)", async () => {
    const server = await node((r) => (r.method === 'eth_getTransactionReceipt' ? receipt((r.params as string[])[0]!) : true))
    servers.push(server)
    const portico = await connected(['http://127.0.0.1:9', server.url])
    expect(await portico.getCallsStatus(`sequential:${first}`)).toMatchObject({ status: 'success', receipts: [{ transactionHash: first }] })
    expect(server.asked().map((r) => r.params)).toEqual([[first]])
  })
})
