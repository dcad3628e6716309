import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { createPublicClient, http } from 'viem'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

let anvilA: Anvil
let anvilB: Anvil
let server: TestServer
const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  server = await startTestServer({
    chains: [
      { caipNetworkId: 'eip155:31337', name: 'Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: native },
      { caipNetworkId: 'eip155:31338', name: 'Devnet B', rpcUrl: anvilB.rpcUrl, nativeCurrency: native },
      // Nothing listens on port 1: the "upstream down" case.
      { caipNetworkId: 'eip155:999', name: 'Down', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: native },
    ],
  })
})
afterAll(async () => {
  await server?.dispose()
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

const rpc = (chainId: string, body: unknown, path = '/v1/') =>
  server.post(`${path}?chainId=${encodeURIComponent(chainId)}&projectId=demo`, typeof body === 'string' ? body : JSON.stringify(body))

describe('POST /v1/?chainId=… (JSON-RPC proxy)', () => {
  it('forwards a single request to the right chain', async () => {
    const a = await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(a.status).toBe(200)
    expect(a.body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    const b = await rpc('eip155:31338', { jsonrpc: '2.0', id: 'x', method: 'eth_chainId' }, '/v1')
    expect(b.body).toEqual({ jsonrpc: '2.0', id: 'x', result: '0x7a6a' })
  })

  it('forwards a batch and keeps every id', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] },
      { jsonrpc: '2.0', id: 4, method: 'no_suchMethod', params: [] },
    ]
    const { status, body } = await rpc('eip155:31337', batch)
    expect(status).toBe(200)
    expect(Array.isArray(body)).toBe(true)
    const byId = new Map(body.map((r: { id: number }) => [r.id, r]))
    expect(byId.get(1)).toMatchObject({ result: '0x7a69' })
    expect(byId.get(2)).toMatchObject({ result: expect.stringMatching(/^0x/) })
    expect(BigInt((byId.get(3) as { result: string }).result)).toBeGreaterThan(0n)
    // Not on the allow-list: refused by the proxy, never forwarded.
    expect(byId.get(4)).toMatchObject({ error: { code: -32004, message: 'Requested RPC call is not allowed' } })
  })

  it('works as a viem transport (the way the modal uses it)', async () => {
    const client = createPublicClient({ transport: http(`${server.url}/v1/?chainId=eip155:31338&projectId=demo`, { batch: true }) })
    const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber()])
    expect(chainId).toBe(31338)
    expect(block).toBeGreaterThanOrEqual(0n)
  })

  it('refuses signing methods without forwarding them', async () => {
    const single = await rpc('eip155:31337', {
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_sendTransaction',
      params: [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }],
    })
    expect(single.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32004, message: 'Requested RPC call is not allowed' } })
    const mixed = await rpc('eip155:31337', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'personal_sign', params: ['0x00', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] },
    ])
    expect(mixed.body).toHaveLength(2)
    expect(mixed.body).toContainEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect(mixed.body).toContainEqual({ jsonrpc: '2.0', id: 2, error: { code: -32004, message: 'Requested RPC call is not allowed' } })
    // Nothing was sent: the dev account's nonce is unchanged.
    const nonce = await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] })
    expect(nonce.body.result).toBe('0x0')
  })

  it('answers an unknown or malformed chain with a 400 JSON error', async () => {
    const unknown = await rpc('eip155:1', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ code: 'UNSUPPORTED_CHAIN', message: expect.stringContaining('eip155:1') })
    for (const chainId of ['', 'eip155', "eip155:1' OR '1'='1", 'a:b:c']) {
      const response = await rpc(chainId, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
      expect(response.status, chainId).toBe(400)
      expect(typeof response.body.message).toBe('string')
    }
  })

  it('answers malformed JSON and invalid requests with JSON-RPC errors and a 400', async () => {
    const broken = await rpc('eip155:31337', '{"jsonrpc":"2.0","id":1,"method":')
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } })
    for (const body of [
      '[]',
      '"hello"',
      '42',
      '{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}',
      '{"jsonrpc":"2.0","id":1}',
      '{"jsonrpc":"2.0","id":{},"method":"eth_chainId"}',
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"x"}',
      '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}, 5]',
      '',
    ]) {
      const response = await rpc('eip155:31337', body)
      expect(response.status, body).toBe(400)
      expect(response.body.error.code, body).toBe(body === '' ? -32700 : -32600)
    }
  })

  it('caps batches at 1000 requests', async () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    const ok = await rpc('eip155:31337', make(1000))
    expect(ok.status).toBe(200)
    expect(ok.body).toHaveLength(1000)
    const tooMany = await rpc('eip155:31337', make(1001))
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error).toEqual({ code: -32600, message: expect.stringContaining('1000') })
  })

  it('answers an oversized body with a 413 and keeps serving', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: ['0x'.padEnd(2_000_000, '0')] })
    const response = await rpc('eip155:31337', huge)
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) })
    const after = await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(after.body.result).toBe('0x7a69')
  })

  it('answers 502 with JSON-RPC errors when the upstream is down', async () => {
    const single = await rpc('eip155:999', { jsonrpc: '2.0', id: 5, method: 'eth_chainId' })
    expect(single.status).toBe(502)
    expect(single.body).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32603, message: expect.stringContaining('eip155:999') } })
    const batch = await rpc('eip155:999', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' },
    ])
    expect(batch.status).toBe(502)
    expect(batch.body.map((r: { id: number }) => r.id)).toEqual([1, 2])
  })

  it('sends CORS headers and answers the preflight', async () => {
    const preflight = await fetch(`${server.url}/v1/?chainId=eip155:31337`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
  })
})

describe('JSON-RPC proxy against hostile nesting', () => {
  it('forwards deeply nested params untouched and lets the node answer', async () => {
    const depth = 100_000
    const body = `{"jsonrpc":"2.0","id":9,"method":"eth_chainId","params":${'['.repeat(depth)}${']'.repeat(depth)}}`
    const response = await rpc('eip155:31337', body)
    expect(response.status).toBeLessThan(500)
    expect(response.body).toMatchObject({ jsonrpc: '2.0' })
    expect((await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).body.result).toBe('0x7a69')
  })
})
