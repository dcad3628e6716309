import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertForMessage } from '../../kernel/errors/alerts.js'
import { startAnvil } from '../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../sandbox/devnets/startAnvil.js'
import type { ChainConfig } from '../../server/createServer.js'
import { defaultAllowedOrigins } from '../../server/projects/resolveProject.js'
import { mintRelayJwt } from '../../server/relay/mintRelayJwt.js'
import { upstreamTimeoutMs } from '../../server/rpc/upstreamTimeoutMs.js'
import { nftUrls } from '../../server/utils/nftUrls.js'
import { deployTestToken } from './helpers/deployTestToken.js'
import { startTestServer } from './helpers/startTestServer.js'
import type { TestServer } from './helpers/startTestServer.js'

const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const pioneers = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788'
const shopOrigin = 'https://shop.example.com'

let anvil: Anvil
/** A node that accepts connections and never answers. */
let hung: { url: string; close(): Promise<void> }
let strict: TestServer
let open: TestServer

function rpcBody(method = 'eth_chainId') {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] })
}

async function post(server: TestServer, path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) }
}

async function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/** Opens the relay and resolves with the HTTP status of a refused upgrade, or 101 when it opens. */
function relayStatus(server: TestServer, projectId: string, origin?: string): Promise<number> {
  const url = `${server.url.replace('http', 'ws')}/relay`
  const { jwt } = mintRelayJwt({ aud: url })
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url}?auth=${jwt}&projectId=${projectId}`, origin ? { origin } : {})
    ws.once('open', () => {
      ws.close()
      resolve(101)
    })
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    ws.once('error', () => undefined)
  })
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  const hangingServer = createHttpServer(() => undefined)
  await new Promise<void>((resolve) => hangingServer.listen(0, '127.0.0.1', resolve))
  hung = {
    url: `http://127.0.0.1:${(hangingServer.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        hangingServer.closeAllConnections()
        hangingServer.close(() => resolve())
      }),
  }
  const token = await deployTestToken(anvil.rpcUrl, 31337, 'Test USD', 'tUSD', 1_000_000_000n)
  const chains: ChainConfig[] = [
    {
      caipNetworkId: 'eip155:31337',
      name: 'Devnet',
      rpcUrl: anvil.rpcUrl,
      nativeCurrency: native,
      nativePriceUsd: 3000,
      tokens: [
        { address: token, name: 'Test USD', symbol: 'tUSD', decimals: 6, priceUsd: 1 },
        // No contract at this address: its balance read fails.
        { address: '0x000000000000000000000000000000000000dEaD', name: 'Broken', symbol: 'BRK', decimals: 18, priceUsd: 1 },
      ],
      nfts: [{ address: pioneers, name: 'Portico Pioneers', symbol: 'PPNR' }],
    },
    { caipNetworkId: 'eip155:999', name: 'Hung', rpcUrl: hung.url, nativeCurrency: native },
  ]
  ;[strict, open] = await Promise.all([
    startTestServer({
      chains,
      indexer: false,
      relay: {},
      defaultProject: undefined,
      projects: { shop: { allowedOrigins: [shopOrigin] } },
      rpcRateLimit: { perIp: 100_000, perProject: 100_000 },
    }),
    startTestServer({
      chains,
      indexer: false,
      relay: {},
      defaultProject: {},
      publicUrl: 'https://api.example.com/',
      rpcRateLimit: { perIp: 50, perProject: 100_000, windowMs: 60_000 },
      requestRateLimit: { max: 40, windowMs: 60_000 },
    }),
  ])
})

afterAll(async () => {
  await Promise.all([strict?.dispose(), open?.dispose()])
  await Promise.all([hung?.close(), anvil?.stop()])
})

describe('projects mean something (issue 12, point 4)', () => {
  it('refuses an unknown project id everywhere with "Unauthorized: invalid key" (APKT007)', async () => {
    const answers = [
      await get(strict, '/appkit/v1/config?projectId=made-up'),
      await get(strict, '/projects/v1/origins?projectId=made-up'),
      await get(strict, '/getAnalyticsConfig?projectId=made-up'),
      await post(strict, '/v1/?chainId=eip155:31337&projectId=made-up', rpcBody()),
      await post(strict, '/e?projectId=made-up', JSON.stringify({ eventId: 'x', url: 'https://a.b', domain: 'a.b', timestamp: 1, props: {} })),
      await get(strict, `/v1/account/${dev0}/balance?currency=usd&chainId=eip155:31337&projectId=made-up`),
      await post(strict, '/v1/fungible/price', JSON.stringify({ currency: 'usd', addresses: [], projectId: 'made-up' })),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' })
      expect(alertForMessage(answer.body.message)).toBe('APKT007')
    }
    expect(await relayStatus(strict, 'made-up')).toBe(401)
  })

  it('refuses a request without projectId when there is no open default', async () => {
    const answer = await post(strict, '/v1/?chainId=eip155:31337', rpcBody())
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: 'PROJECT_ID_MISSING', message: expect.any(String) })
  })

  it("enforces the project's allowed origins on the proxy, the relay, analytics and the API (APKT002)", async () => {
    const evil = { origin: 'https://evil.example' }
    const refused = [
      await post(strict, '/v1/?chainId=eip155:31337&projectId=shop', rpcBody(), evil),
      await get(strict, `/v1/account/${dev0}/balance?currency=usd&chainId=eip155:31337&projectId=shop`, evil),
      await post(strict, '/e?projectId=shop', JSON.stringify({ eventId: 'x', url: 'https://a.b', domain: 'a.b', timestamp: 1, props: {} }), evil),
      await post(strict, '/v1/?chainId=eip155:31337&projectId=shop', rpcBody(), { origin: 'null' }),
    ]
    for (const answer of refused) {
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' })
      expect(alertForMessage(answer.body.message)).toBe('APKT002')
    }
    expect(await relayStatus(strict, 'shop', 'https://evil.example')).toBe(403)
    // The project's own origin, loopback, and clients that send no Origin (wallets, servers) pass.
    expect((await post(strict, '/v1/?chainId=eip155:31337&projectId=shop', rpcBody(), { origin: shopOrigin })).body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect((await post(strict, '/v1/?chainId=eip155:31337&projectId=shop', rpcBody(), { origin: 'http://127.0.0.1:5173' })).status).toBe(200)
    expect((await post(strict, '/v1/?chainId=eip155:31337&projectId=shop', rpcBody())).status).toBe(200)
    expect(await relayStatus(strict, 'shop', shopOrigin)).toBe(101)
    expect(await relayStatus(strict, 'shop')).toBe(101)
  })

  it('gives every project id the open default when the operator opts in, with the spec §9 origins', async () => {
    const origins = await get(open, '/projects/v1/origins?projectId=anyone')
    expect(origins.status).toBe(200)
    expect(origins.body.allowedOrigins).toEqual([...defaultAllowedOrigins])
    expect(origins.body.allowedOrigins).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '*.vercel.app']))
    expect((await post(open, '/v1/?chainId=eip155:31337&projectId=anyone', rpcBody(), { origin: 'https://preview-1.vercel.app' })).status).toBe(200)
    expect((await post(open, '/v1/?chainId=eip155:31337&projectId=anyone', rpcBody(), { origin: 'https://evil.example' })).status).toBe(403)
    expect(await relayStatus(open, 'anyone')).toBe(101)
  })
})

describe('rate limits (issue 12, point 5)', () => {
  it('counts every call of a batch against the per-IP limit and answers 429 with retry-after', async () => {
    const batch = (n: number) => JSON.stringify(Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })))
    expect((await post(open, '/v1/?chainId=eip155:31337&projectId=rl', batch(45))).status).toBe(200)
    const limited = await post(open, '/v1/?chainId=eip155:31337&projectId=rl', batch(10))
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringContaining('from this address') })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(alertForMessage(limited.body.message)).toBeUndefined()
  })

  it('limits analytics requests per IP (@fastify/rate-limit) even across made-up project ids', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 45; i += 1) {
      statuses.push((await post(open, `/e?projectId=p${i}`, JSON.stringify({ eventId: 'x', url: 'https://a.b', domain: 'a.b', timestamp: 1, props: {} }))).status)
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    const limited = await post(open, '/e?projectId=other', '{}')
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) })
  })

  it('limits calls per project too, so one project cannot starve the node for others', async () => {
    const server = await startTestServer({ chains: [{ caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: anvil.rpcUrl, nativeCurrency: native }], indexer: false, rpcRateLimit: { perIp: 100_000, perProject: 20 } })
    try {
      const call = (projectId: string) => post(server, `/v1/?chainId=eip155:31337&projectId=${projectId}`, rpcBody())
      for (let i = 0; i < 20; i += 1) expect((await call('busy')).status).toBe(200)
      const limited = await call('busy')
      expect(limited.status).toBe(429)
      expect(limited.body.message).toContain('for this project')
      expect((await call('quiet')).status).toBe(200)
    } finally {
      await server.dispose()
    }
  })
})

describe('fungible price, balances and upstreams (issue 12, points 6 and 7)', () => {
  it('answers deeply nested input to POST /v1/fungible/price with a 400, not a 500', async () => {
    const nested = `{"currency":"usd","projectId":"shop","addresses":[${'['.repeat(200_000)}${']'.repeat(200_000)}]}`
    const answer = await post(strict, '/v1/fungible/price', nested)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: 'INVALID_PARAMS', message: 'addresses must be CAIP-10 addresses; got an array' })
    const object = await post(strict, '/v1/fungible/price', JSON.stringify({ currency: 'usd', projectId: 'shop', addresses: [{ a: { b: 1 } }] }))
    expect(object.body.message).toBe('addresses must be CAIP-10 addresses; got an object')
  })

  it('returns the native balance and reports a token it could not read, instead of failing the whole balance', async () => {
    const answer = await get(strict, `/v1/account/${dev0}/balance?currency=usd&chainId=eip155:31337&projectId=shop`)
    expect(answer.status).toBe(200)
    expect(answer.body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(['ETH', 'tUSD'])
    expect(answer.body.unavailableTokens).toEqual(['eip155:31337:0x000000000000000000000000000000000000dEaD'])
  })

  it('gives up on a hung node before the client would (upstream timeout < 10 s) on the proxy and the balance route', async () => {
    expect(upstreamTimeoutMs).toBeLessThan(10_000)
    const started = Date.now()
    const [proxy, balance] = await Promise.all([
      post(strict, '/v1/?chainId=eip155:999&projectId=shop', rpcBody()),
      get(strict, `/v1/account/${dev0}/balance?currency=usd&chainId=eip155:999&projectId=shop`),
    ])
    const took = Date.now() - started
    expect(proxy.status).toBe(502)
    expect(proxy.body).toMatchObject({ error: { code: -32603 } })
    expect(balance.status).toBe(502)
    expect(balance.body).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: expect.any(String) })
    expect(took).toBeLessThan(10_000)
  }, 20_000)
})

describe('links, headers and errors before routing (issue 12, point 8)', () => {
  it('builds NFT metadata links from the configured public URL, never from Host', async () => {
    const path = `/v1/nft/eip155:31337/${pioneers}/1`
    const poisoned = await get(open, path, { host: 'evil.example' })
    expect(poisoned.body.image).toBe(nftUrls('https://api.example.com', 'eip155:31337', pioneers, '1').imageUrl)
    expect(poisoned.body.image.startsWith('https://api.example.com/public/getNftImage/')).toBe(true)
    const fallback = await get(strict, path, { host: 'evil.example' })
    expect(fallback.body.image).toBe(nftUrls(strict.url, 'eip155:31337', pioneers, '1').imageUrl)
    expect(fallback.body.image).not.toContain('evil.example')
  })

  it('refuses a request with two Host headers', async () => {
    const raw = await rawRequest(strict.port, 'GET /getWallets?entries=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n')
    expect(raw).toMatch(/^HTTP\/1\.1 400/)
    expect(raw).toContain('"message":"Duplicate Host header"')
  })

  it('sends nosniff and CORS on every answer, errors before routing included, in one JSON shape', async () => {
    const ok = await fetch(`${strict.url}/getWallets?entries=1`)
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff')
    const badUrl = await fetch(`${strict.url}/getWalletImage/%E0%A4%A`)
    expect(badUrl.status).toBe(400)
    expect(badUrl.headers.get('access-control-allow-origin')).toBe('*')
    expect(badUrl.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await badUrl.json()).toEqual({ code: 'BAD_REQUEST', message: 'Malformed URL' })
    const tooLarge = await rawRequest(strict.port, `GET /getWallets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`)
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431/)
    expect(tooLarge.toLowerCase()).toContain('access-control-allow-origin: *')
    expect(tooLarge.toLowerCase()).toContain('x-content-type-options: nosniff')
    expect(tooLarge).toContain('{"code":"HEADERS_TOO_LARGE"')
  })

  it('answers an oversized upload with the 413 rather than a connection reset', async () => {
    for (const size of [2, 6]) {
      const body = 'x'.repeat(size * 1_048_576)
      const response = await fetch(`${strict.url}/e?projectId=shop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) })
    }
  })
})

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')))
  })
}
