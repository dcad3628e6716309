// What else two instances on one Postgres and one Redis must share: an on-ramp order opened on A
// is read and moved forward by a provider's report on B (and a report both instances handle
// at once moves it once); the proxies' per-call limits (rpcRateLimit) count calls on both
// instances against one limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandboxOnrampProvider, signSandboxReport } from '../../../sandbox/onramp/createSandboxOnrampProvider.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import type { ServerConfig } from '../../../server/createServer.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const devnet = 'eip155:31337'
const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const webhookSecret = 'whsec_shared_state'
let engines: TestEngines
let anvil: Anvil
const servers: TestServer[] = []

beforeAll(async () => {
  ;[engines, anvil] = await Promise.all([startEngines(), startAnvil({ chainId: 31337 })])
})
afterAll(async () => {
  for (const server of servers) await server.dispose()
  await anvil?.stop()
  await engines?.stop()
})

async function startPair(name: string, overrides: Partial<ServerConfig>): Promise<[TestServer, TestServer]> {
  const config: Partial<ServerConfig> = {
    indexer: false,
    database: { url: await engines.createDatabase(name) },
    redis: { url: engines.redisUrl },
    chains: [{ caipNetworkId: devnet, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    ...overrides,
  }
  const pair: [TestServer, TestServer] = [await startTestServer(config), await startTestServer(config)]
  servers.push(...pair)
  return pair
}

describe('state two instances share', () => {
  it('reads and moves an on-ramp order on the instance that did not open it', async () => {
    const assets = [{ asset: { chainId: devnet, chainName: 'Devnet A', symbol: 'ETH', name: 'Ether', decimals: 18 }, priceUsdCents: 300_000n }]
    const [a, b] = await startPair('onramp_two_instances', { onramp: { providers: [createSandboxOnrampProvider({ origin: 'http://127.0.0.1:4700', assets, webhookSecret })] } })
    const opened = await a.post('/v1/generators/onrampurl?projectId=p1', {
      destinationWallets: [{ address: user, blockchains: [devnet], assets: ['ETH'] }],
      defaultNetwork: devnet,
      presetFiatAmount: '50',
      paymentCurrency: 'USD',
      provider: 'sandbox',
    })
    expect(opened.status).toBe(200)
    const orderId = opened.body.orderId as string
    expect((await b.getJson(`/v1/onramp/orders/${orderId}?projectId=p1`)).body).toMatchObject({ orderId, status: 'created', address: user })
    const report = (server: TestServer, body: unknown) => {
      const raw = JSON.stringify(body)
      return server.post('/v1/onramp/webhooks/sandbox', raw, { 'x-portico-sandbox-signature': signSandboxReport(raw, webhookSecret) })
    }
    expect((await report(b, { orderId, status: 'pending' })).status).toBe(200)
    expect((await a.getJson(`/v1/onramp/orders/${orderId}?projectId=p1`)).body.status).toBe('pending')
    // The same final report on both at once: one moves the order, the other is told it is closed.
    const both = await Promise.all([report(a, { orderId, status: 'completed', txHash: '0xabc' }), report(b, { orderId, status: 'failed', reason: 'declined' })])
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409])
    const final = (await b.getJson(`/v1/onramp/orders/${orderId}?projectId=p1`)).body
    expect(final.status).toBe(both[0]!.status === 200 ? 'completed' : 'failed')
  })

  it('counts the RPC proxy calls of one IP on both instances against one rpcRateLimit', async () => {
    const [a, b] = await startPair('rpc_limit_two_instances', { rpcRateLimit: { perIp: 3, perProject: 1_000, windowMs: 60_000 } })
    const call = (server: TestServer) => server.post(`/v1?chainId=${encodeURIComponent(devnet)}&projectId=demo`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    const answers = []
    for (const server of [a, b, a, b]) answers.push(await call(server))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
    expect(answers[0]!.body.result).toBe('0x7a69')
    expect(answers[3]!.body.code).toBe('RATE_LIMITED')
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
