import { createServer as createHttpServer, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { type AaStack, startAaStack } from '../../sandbox/accountAbstraction/startAaStack.js'

const chainId = 'eip155:31337'
const route = (url: string, query = `projectId=demo&chainId=${encodeURIComponent(chainId)}&bundler=alto`) => `${url}/v1/bundler?${query}`
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params })

let stack: AaStack
let garbage: Server
let extra: { server: PorticoServer; dataDir: string }

beforeAll(async () => {
  stack = await startAaStack()
  // A "bundler" that answers HTML, and one that is not there at all (a closed port).
  garbage = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>'))
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve))
  const garbagePort = (garbage.address() as { port: number }).port
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-bundler-'))
  const rpcUrl = stack.anvil.rpcUrl
  const server = await createServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    relay: false,
    indexer: false,
    chains: [
      { caipNetworkId: 'eip155:1', name: 'Down', rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      { caipNetworkId: 'eip155:2', name: 'Garbage', rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ],
    projects: { demo: {} },
    bundlers: { 'eip155:1': { url: 'http://127.0.0.1:9', name: 'alto' }, 'eip155:2': { url: `http://127.0.0.1:${garbagePort}`, name: 'other' } },
    rpcRateLimit: { perIp: 5, windowMs: 60_000 },
  })
  extra = { server, dataDir }
})

afterAll(async () => {
  await extra?.server.close()
  await rm(extra?.dataDir ?? '/nonexistent', { recursive: true, force: true })
  await new Promise((resolve) => garbage?.close(resolve))
  await stack?.stop()
})

describe('POST /v1/bundler (a real alto behind it)', () => {
  it('forwards the allowlisted methods to the chain\'s bundler', async () => {
    const entryPoints = await (await post(route(stack.url), call('eth_supportedEntryPoints'))).json()
    expect(entryPoints).toEqual({ jsonrpc: '2.0', id: 1, result: ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'] })
    const chain = (await (await post(route(stack.url), call('eth_chainId', [], 2))).json()) as { id: number; result: string }
    expect(chain).toMatchObject({ id: 2 })
    expect(Number(chain.result)).toBe(31337)
    const gasPrice = (await (await post(route(stack.url), call('pimlico_getUserOperationGasPrice'))).json()) as { result: { fast: { maxFeePerGas: string } } }
    expect(gasPrice.result.fast.maxFeePerGas).toMatch(/^0x[0-9a-f]+$/)
  })

  it('answers null for a receipt the bundler does not know, and passes the bundler\'s own errors through', async () => {
    const unknown = await (await post(route(stack.url), call('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`]))).json()
    expect(unknown).toEqual({ jsonrpc: '2.0', id: 1, result: null })
    const direct = (await (await post(stack.aa.bundler.url, call('eth_getUserOperationReceipt', ['0x1234']))).json()) as { error: unknown }
    const proxied = (await (await post(route(stack.url), call('eth_getUserOperationReceipt', ['0x1234']))).json()) as { error: unknown }
    expect(direct.error).toBeDefined()
    expect(proxied.error).toEqual(direct.error)
  })

  it('refuses methods outside the allowlist with -32601, without asking the bundler', async () => {
    for (const method of ['eth_sendRawTransaction', 'debug_bundler_clearState', 'pimlico_sendUserOperationNow', 'eth_accounts']) {
      const answer = await post(route(stack.url), call(method))
      expect(answer.status).toBe(200)
      expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(-32601)
    }
  })

  it('refuses batches, non-JSON and malformed requests with 400 and a JSON-RPC error', async () => {
    const batch = await post(route(stack.url), [call('eth_chainId'), call('eth_chainId', [], 2)])
    expect(batch.status).toBe(400)
    expect(((await batch.json()) as { error: { code: number } }).error.code).toBe(-32600)
    const notJson = await post(route(stack.url), 'this is not json', { 'content-type': 'text/plain' })
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(-32700)
    const noMethod = await post(route(stack.url), { jsonrpc: '2.0', id: 1 })
    expect(noMethod.status).toBe(400)
    expect(((await noMethod.json()) as { error: { code: number } }).error.code).toBe(-32600)
  })

  it('answers 400 UNSUPPORTED_CHAIN, UNKNOWN_BUNDLER and INVALID_PARAMS for bad queries', async () => {
    const unknownChain = await post(route(stack.url, 'projectId=demo&chainId=eip155:999&bundler=alto'), call('eth_chainId'))
    expect(unknownChain.status).toBe(400)
    expect(((await unknownChain.json()) as { code: string }).code).toBe('UNSUPPORTED_CHAIN')
    const unknownBundler = await post(route(stack.url, `projectId=demo&chainId=${chainId}&bundler=stackup`), call('eth_chainId'))
    expect(unknownBundler.status).toBe(400)
    expect(((await unknownBundler.json()) as { code: string }).code).toBe('UNKNOWN_BUNDLER')
    for (const query of ['projectId=demo&chainId=31337', 'projectId=demo', `projectId=${'x'.repeat(300)}&chainId=${chainId}`]) {
      const bad = await post(route(stack.url, query), call('eth_chainId'))
      expect(bad.status).toBe(400)
    }
  })

  it('checks the project and the origin like the RPC proxy', async () => {
    const unknownProject = await post(route(stack.url, `projectId=nope&chainId=${chainId}&bundler=alto`), call('eth_chainId'))
    expect(unknownProject.status).toBe(401)
    const foreign = await post(route(stack.url), call('eth_chainId'), { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    const allowed = await post(route(stack.url), call('eth_chainId'), { origin: 'http://127.0.0.1:4700' })
    expect(allowed.status).toBe(200)
  })

  it("answers -32603 'Failed to fetch user operation receipt' when the bundler is down or answers garbage", async () => {
    const down = route(extra.server.url, 'projectId=demo&chainId=eip155:1&bundler=alto')
    const garbageRoute = route(extra.server.url, 'projectId=demo&chainId=eip155:2&bundler=other')
    for (const url of [down, garbageRoute]) {
      const receipt = (await (await post(url, call('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`], 7))).json()) as { id: number; error: { code: number; message: string } }
      expect(receipt).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Failed to fetch user operation receipt' } })
    }
    const other = (await (await post(down, call('eth_supportedEntryPoints'))).json()) as { error: { code: number; message: string } }
    expect(other.error).toEqual({ code: -32603, message: 'The bundler did not answer' })
  })

  it('rate-limits calls per IP with 429 and retry-after', async () => {
    const url = route(extra.server.url, 'projectId=demo&chainId=eip155:2&bundler=other')
    // The limit is 5 per window on this server; the test above used 2.
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await post(url, call('eth_chainId'))).status)
    expect(statuses).toContain(429)
    const limited = await post(url, call('eth_chainId'))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('refuses a malformed bundlers configuration at start', async () => {
    const base = { dataDir: extra.dataDir, port: 0, relay: false as const, indexer: false as const, chains: [] }
    await expect(createServer({ ...base, bundlers: { 'not-caip': { url: 'http://127.0.0.1:1' } } })).rejects.toThrow(/CAIP-2/)
    await expect(createServer({ ...base, bundlers: { 'eip155:1': { url: 'ftp://x' } } })).rejects.toThrow(/http\(s\) URL/)
    await expect(createServer({ ...base, bundlers: { 'eip155:1': { url: 'http://127.0.0.1:1', name: 'bad name!' } } })).rejects.toThrow(/name/)
    await expect(createServer({ ...base, bundlers: { 'eip155:1': { url: 'http://127.0.0.1:1', timeoutMs: 50 } } })).rejects.toThrow(/timeoutMs must be a whole number of ms from 1000 to 120000/)
  })
})
