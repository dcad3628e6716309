// Issue 51: behind a reverse proxy, `trustProxy` makes the per-IP limits count each visitor (from
// X-Forwarded-For) rather than the proxy; without it a forged X-Forwarded-For changes nothing.
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const event = { eventId: '4f3c1e2a-0000-4000-8000-000000000001', url: 'https://shop.example.com/', domain: 'shop.example.com', timestamp: 1_700_000_000_000, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } }

describe('trustProxy', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.dispose()
    server = undefined
  })

  const send = (from: string) =>
    fetch(`${server!.url}/e?projectId=shop`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(event) }).then((response) => response.status)

  it('counts each forwarded visitor on its own when the proxy is trusted', async () => {
    server = await startTestServer({ trustProxy: '127.0.0.1', requestRateLimit: { max: 1, windowMs: 60_000 }, projects: { shop: { allowedOrigins: ['*'] } } })
    expect(await send('203.0.113.7')).toBe(202)
    expect(await send('203.0.113.7')).toBe(429)
    expect(await send('198.51.100.9')).toBe(202)
  })

  it('believes no X-Forwarded-For by default', async () => {
    server = await startTestServer({ requestRateLimit: { max: 1, windowMs: 60_000 }, projects: { shop: { allowedOrigins: ['*'] } } })
    expect(await send('203.0.113.7')).toBe(202)
    expect(await send('198.51.100.9')).toBe(429)
  })

  it('refuses a malformed value', async () => {
    await expect(startTestServer({ trustProxy: [] as string[] })).rejects.toThrow(/trustProxy/)
  })
})
