import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { builtinWallets } from '../../../wallets/builtinWallets.js'
import { makeDataDir, startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

const event = (n: number) => ({
  eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  url: 'https://shop.example.com/checkout',
  domain: 'shop.example.com',
  timestamp: 1_763_700_000_000 + n,
  props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
})
// The server's default directory: the built-in wallets.
const directorySize = builtinWallets.length
const path = (projectId = 'p1') => `/e?projectId=${projectId}&st=appkit&sv=html-core-1.0.0`

const started: TestServer[] = []
async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(overrides)
  started.push(server)
  return server
}
afterEach(async () => {
  for (const server of started.splice(0)) await server.close()
})

function storedEvents(server: TestServer, projectId: string) {
  return server.db
    .prepare('SELECT event_id, url, domain, timestamp, props, sdk_type, sdk_version FROM analytics_events WHERE project_id = ? ORDER BY id')
    .all(projectId) as { event_id: string; url: string; domain: string; timestamp: number; props: string; sdk_type: string; sdk_version: string }[]
}

describe('POST /e', () => {
  it('stores a valid event in SQLite', async () => {
    const server = await start()
    const { status, body } = await server.post(path(), event(1))
    expect(status).toBe(202)
    expect(body).toEqual({ status: 'stored' })
    const rows = storedEvents(server, 'p1')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ event_id: event(1).eventId, url: event(1).url, domain: 'shop.example.com', timestamp: event(1).timestamp, sdk_type: 'appkit', sdk_version: 'html-core-1.0.0' })
    expect(JSON.parse(rows[0]!.props)).toEqual(event(1).props)
  })

  it('accepts a text/plain body (sendBeacon)', async () => {
    const server = await start()
    const { status } = await server.post(path(), JSON.stringify(event(2)), { 'content-type': 'text/plain;charset=UTF-8' })
    expect(status).toBe(202)
    expect(storedEvents(server, 'p1')).toHaveLength(1)
  })

  it.each([
    ['a missing eventId', { ...event(3), eventId: undefined }],
    ['a malformed eventId', { ...event(3), eventId: "x'); DROP TABLE analytics_events; --" }],
    ['a string timestamp', { ...event(3), timestamp: 'yesterday' }],
    ['props as an array', { ...event(3), props: [1, 2] }],
    ['an overlong url', { ...event(3), url: 'https://a.example/'.padEnd(3000, 'x') }],
    ['an array body', [event(3)]],
    ['a null body', null],
  ])('rejects %s with a 400 and stores nothing', async (_label, body) => {
    const server = await start()
    const response = await server.post(path(), body)
    expect(response.status).toBe(400)
    expect(typeof response.body.code).toBe('string')
    expect(typeof response.body.message).toBe('string')
    expect(storedEvents(server, 'p1')).toHaveLength(0)
  })

  it('rejects malformed JSON and a missing projectId', async () => {
    const server = await start()
    const broken = await server.post(path(), '{"eventId": ')
    expect(broken.status).toBe(400)
    expect(broken.body.code).toBe('INVALID_JSON')
    const noProject = await server.post('/e', event(4))
    expect(noProject.status).toBe(400)
    expect(noProject.body.message).toBe('projectId is required')
    expect(server.db.prepare('SELECT count(*) AS n FROM analytics_events').get()).toEqual({ n: 0 })
  })

  it('rate-limits per project with a 429 JSON answer, leaving other projects alone', async () => {
    const server = await start({ analyticsRateLimit: { max: 3, windowMs: 60_000 } })
    for (let i = 0; i < 3; i++) expect((await server.post(path('busy'), event(i))).status).toBe(202)
    const limited = await server.post(path('busy'), event(99))
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await server.post(path('quiet'), event(1))).status).toBe(202)
    expect(storedEvents(server, 'busy')).toHaveLength(3)
    expect(storedEvents(server, 'quiet')).toHaveLength(1)
  })

  it('lets the window reset', async () => {
    // The window is measured by the clock: a fake Date (the limiter takes Date.now as the server
    // starts), moved past the window by the test.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const server = await start({ analyticsRateLimit: { max: 1, windowMs: 150 } })
      expect((await server.post(path(), event(1))).status).toBe(202)
      expect((await server.post(path(), event(2))).status).toBe(429)
      vi.advanceTimersByTime(149)
      expect((await server.post(path(), event(3))).status).toBe(429)
      vi.advanceTimersByTime(51)
      expect((await server.post(path(), event(4))).status).toBe(202)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers 403 for an origin the project does not allow', async () => {
    const server = await start({ projects: { shop: { allowedOrigins: ['https://*.shop.example.com'] } } })
    const allowed = await server.post(path('shop'), event(1), { origin: 'https://www.shop.example.com' })
    expect(allowed.status).toBe(202)
    const denied = await server.post(path('shop'), event(2), { origin: 'https://evil.example.net' })
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' })
    const local = await server.post(path('shop'), event(3), { origin: 'http://127.0.0.1:5173' })
    expect(local.status).toBe(202)
    expect(storedEvents(server, 'shop')).toHaveLength(2)
  })

  it('accepts but does not store events when the project turned analytics off', async () => {
    const server = await start({ projects: { quiet: { isAnalyticsEnabled: false } } })
    const { status, body } = await server.post(path('quiet'), event(1))
    expect(status).toBe(202)
    expect(body).toEqual({ status: 'ignored' })
    expect(storedEvents(server, 'quiet')).toHaveLength(0)
  })

  it('keeps stored events across a restart on the same data directory', async () => {
    const dataDir = makeDataDir()
    try {
      const first = await createOn(dataDir)
      for (let i = 0; i < 5; i++) expect((await first.post(path('keep'), event(i))).status).toBe(202)
      await first.close()
      const second = await createOn(dataDir)
      expect(storedEvents(second, 'keep').map((r) => r.event_id)).toEqual([0, 1, 2, 3, 4].map((i) => event(i).eventId))
      expect((await second.post(path('keep'), event(5))).status).toBe(202)
      await second.close()
      const third = await createOn(dataDir)
      expect(storedEvents(third, 'keep')).toHaveLength(6)
      // The directory is reloaded, not duplicated.
      expect(third.db.prepare('SELECT count(*) AS n FROM wallets').get()).toEqual({ n: directorySize })
      expect((await third.getJson('/getWallets')).body.count).toBe(directorySize)
      await third.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

async function createOn(dataDir: string) {
  return startTestServer({ dataDir })
}

describe('POST /e against hostile nesting', () => {
  it('answers props nested deeper than the stack with a 400, not a 500', async () => {
    const server = await startTestServer()
    try {
      const depth = 300_000
      const body = `{"eventId":"a","url":"u","domain":"d","timestamp":1,"props":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`
      const response = await server.post(path(), body)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ code: 'INVALID_PARAMS', message: 'props is nested too deeply' })
      expect((await server.post(path(), event(1))).status).toBe(202)
    } finally {
      await server.dispose()
    }
  })
})
