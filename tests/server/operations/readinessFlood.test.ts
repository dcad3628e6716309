// Issue 51: /readyz probes the upstreams at most once a second, however often it is called (a
// flood of /readyz must not become a flood of calls to the operator's paid RPC provider).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

describe('/readyz under a flood', () => {
  let upstream: http.Server
  let probes = 0
  let server: TestServer

  beforeAll(async () => {
    // A node that answers eth_chainId and counts the calls it gets.
    upstream = http.createServer((request, response) => {
      probes += 1
      request.resume()
      request.on('end', () => response.setHeader('content-type', 'application/json').end('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}'))
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()))
    server = await startTestServer({
      indexer: false,
      chains: [{ caipNetworkId: 'eip155:31337', name: 'node', rpcUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
  })
  afterAll(async () => {
    await server?.dispose()
    upstream?.closeAllConnections()
    await new Promise<void>((resolve) => upstream.close(() => resolve()))
  })

  it('answers 100 calls, 50 at once then 50 one by one, with at most one probe a second', async () => {
    const started = performance.now()
    const together = await Promise.all(Array.from({ length: 50 }, () => fetch(`${server.url}/readyz`).then((response) => response.status)))
    const oneByOne: number[] = []
    for (let index = 0; index < 50; index += 1) oneByOne.push((await fetch(`${server.url}/readyz`)).status)
    const seconds = (performance.now() - started) / 1000
    expect([...together, ...oneByOne].every((status) => status === 200)).toBe(true)
    // One probe for the round that answered the first calls, then at most one per second after it.
    expect(probes).toBeGreaterThanOrEqual(1)
    expect(probes).toBeLessThanOrEqual(1 + Math.ceil(seconds))
  })
})
