// Issue 51, acceptance 3: /metrics exposes the named series. Real traffic (the RPC proxy to a
// real anvil, its rate limit, the relay with two raw clients, the indexer following anvil) and
// the series read back from the Prometheus text; the token is required; off unless configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { RawRelayClient, waitUntil } from '../relay/helpers/RawRelayClient.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const token = 'metrics-token-0123456789abcdef'

/** Every sample of the exposition text: `name{labels} value`, labels as an object. */
function parseSamples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) throw new Error(`Not a sample line: ${line}`)
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]))
      return { name: match[1] as string, labels: labels as Record<string, string>, value: Number(match[3]) }
    })
}

describe('/metrics', () => {
  let anvil: Anvil
  let server: TestServer

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    return parseSamples(await response.text())
  }
  const value = (samples: ReturnType<typeof parseSamples>, name: string, labels: Record<string, string> = {}) =>
    samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted)).reduce((sum, sample) => sum + sample.value, 0)
  const rpc = (body: unknown) =>
    fetch(`${server.url}/v1/?chainId=eip155:31337&projectId=metrics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    server = await startTestServer({
      relay: {},
      metrics: { token },
      indexer: { pollIntervalMs: 50 },
      rpcRateLimit: { perIp: 6, perProject: 1_000, windowMs: 60_000 },
      chains: [{ caipNetworkId: 'eip155:31337', name: 'anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
  })
  afterAll(async () => {
    await server?.dispose()
    await anvil?.stop()
  })

  it('needs the token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401)
  })

  it('counts RPC proxy calls by method and status, rate-limit refusals and upstream latency', async () => {
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(200)
    // A batch: two forwarded, one refused by the allow-list.
    expect((await rpc([{ jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' }, { jsonrpc: '2.0', id: 3, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 4, method: 'personal_sign', params: [] }])).status).toBe(200)
    // Four calls so far of the six the IP may make: the next batch of three is over the limit.
    expect((await rpc([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })))).status).toBe(429)
    const samples = await scrape()
    const calls = 'portico_rpc_proxy_calls_total'
    expect(value(samples, calls, { chain: 'eip155:31337', method: 'eth_chainId', status: '200' })).toBe(2)
    expect(value(samples, calls, { method: 'eth_blockNumber', status: '200' })).toBe(1)
    expect(value(samples, calls, { method: 'refused', status: '200' })).toBe(1)
    expect(value(samples, calls, { method: 'eth_chainId', status: '429' })).toBe(3)
    expect(value(samples, 'portico_rate_limit_refusals_total', { route: '/v1/' })).toBe(1)
    expect(value(samples, 'portico_upstream_request_duration_seconds_count', { chain: 'eip155:31337', outcome: 'ok' })).toBeGreaterThanOrEqual(2)
    expect(value(samples, 'portico_http_requests_total', { route: '/v1/', status: '429' })).toBe(1)
  })

  it('reports relay connections, messages and mailbox depth', async () => {
    const relayUrl = `${server.url.replace('http', 'ws')}/relay`
    const [publisher, subscriber] = await Promise.all([RawRelayClient.connect(relayUrl), RawRelayClient.connect(relayUrl)])
    try {
      const topic = 'a'.repeat(64)
      const waiting = 'b'.repeat(64)
      await subscriber.request('irn_subscribe', { topic })
      await publisher.request('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 })
      // Delivered and acknowledged (the raw client acks every delivery).
      await waitUntil(() => subscriber.deliveries(topic)[0], 5_000, 'the delivery')
      // One message nobody subscribed to: it waits in the mailbox.
      await publisher.request('irn_publish', { topic: waiting, message: 'later', ttl: 300, tag: 1108 })
      let samples = await scrape()
      const deadline = Date.now() + 5_000
      while (value(samples, 'portico_relay_messages_total', { event: 'acknowledged' }) < 1 && Date.now() < deadline) samples = await scrape()
      expect(value(samples, 'portico_relay_connections')).toBe(2)
      expect(value(samples, 'portico_relay_messages_total', { event: 'published' })).toBe(2)
      expect(value(samples, 'portico_relay_messages_total', { event: 'delivered' })).toBe(1)
      expect(value(samples, 'portico_relay_messages_total', { event: 'acknowledged' })).toBe(1)
      expect(value(samples, 'portico_relay_mailbox_depth')).toBe(1)
    } finally {
      await Promise.all([publisher.close(), subscriber.close()])
    }
  })

  it('reports the indexer lag per chain', async () => {
    // anvil mines a block per transaction; the indexer follows it.
    await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }) })
    let samples = await scrape()
    const deadline = Date.now() + 20_000
    while (!samples.some((sample) => sample.name === 'portico_indexer_lag_blocks' && sample.labels.chain === 'eip155:31337' && sample.value === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      samples = await scrape()
    }
    expect(samples.find((sample) => sample.name === 'portico_indexer_lag_blocks' && sample.labels.chain === 'eip155:31337')?.value).toBe(0)
    // Node's process metrics come along.
    expect(samples.some((sample) => sample.name === 'portico_process_resident_memory_bytes')).toBe(true)
  })

  it('is not served unless configured', async () => {
    const plain = await startTestServer({})
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404)
    } finally {
      await plain.dispose()
    }
  })
})
