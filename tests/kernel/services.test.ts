import { afterEach, describe, expect, it } from 'vitest'
import { createAnalytics, createHttpClient, HttpRequestError, TimeoutError, UrlRequiredError } from '../../kernel/kernel.js'
import { loadProjectConfig } from '../../kernel/actions/loadProjectConfig.js'
import { createTestPortico } from './helpers/testKit.js'
import { startRecordingServer } from './helpers/recordingServer.js'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function server(handler?: Parameters<typeof startRecordingServer>[0]) {
  const s = await startRecordingServer(handler)
  closers.push(s.close)
  return s
}

const noSleep = async () => {}

describe('HTTP client', () => {
  it('adds projectId, st and sv, drops undefined params, parses JSON', async () => {
    const s = await server((_req, res) => res.end('{"ok":true}'))
    const client = createHttpClient({ baseUrl: s.url, projectId: 'p1', sdkType: 'portico', sdkVersion: 'react-eip155-0.1.0' })
    expect(await client.get('/getWallets', { params: { page: 1, search: undefined } })).toEqual({ ok: true })
    const url = new URL(s.requests[0]!.url, s.url)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'p1', st: 'portico', sv: 'react-eip155-0.1.0', page: '1' })
  })

  it('retries GETs on the spec statuses with doubling delays and honours Retry-After', async () => {
    let calls = 0
    const s = await server((_req, res) => {
      calls++
      if (calls === 1) res.writeHead(503).end('busy')
      else if (calls === 2) res.writeHead(429, { 'retry-after': '2' }).end('slow down')
      else res.end('{"n":3}')
    })
    const delays: number[] = []
    const client = createHttpClient({ baseUrl: s.url, projectId: 'p', sdkType: 't', sdkVersion: 'v', sleep: async (ms) => void delays.push(ms) })
    expect(await client.get('/x')).toEqual({ n: 3 })
    expect(delays).toEqual([150, 2000])
  })

  it('gives up after 3 retries with a typed error carrying the status', async () => {
    const s = await server((_req, res) => res.writeHead(500).end('nope'))
    const client = createHttpClient({ baseUrl: s.url, projectId: 'p', sdkType: 't', sdkVersion: 'v', sleep: noSleep })
    const error = await client.get('/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(500)
    expect(s.requests).toHaveLength(4)
  })

  it('does not retry POSTs or 404s; malformed JSON is a clear error', async () => {
    const s = await server((req, res) => (req.url.startsWith('/bad') ? res.end('{not json') : res.writeHead(404).end('{}')))
    const client = createHttpClient({ baseUrl: s.url, projectId: 'p', sdkType: 't', sdkVersion: 'v', sleep: noSleep })
    await expect(client.post('/x', { body: { a: 1 } })).rejects.toMatchObject({ status: 404 })
    await expect(client.get('/missing')).rejects.toMatchObject({ status: 404 })
    expect(s.requests).toHaveLength(2)
    await expect(client.get('/bad')).rejects.toThrow('HTTP request failed.')
  })

  it('times out with "The request took too long to respond."', async () => {
    const s = await server(() => {
      /* never answers */
    })
    const client = createHttpClient({ baseUrl: s.url, projectId: 'p', sdkType: 't', sdkVersion: 'v', timeoutMs: 50 })
    const error = await client.get('/slow').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toMatch(/^The request took too long to respond\./)
  })

  it('without a base URL: "No URL was provided to the Transport."', () => {
    const client = createHttpClient({ baseUrl: undefined, projectId: 'p', sdkType: 't', sdkVersion: 'v' })
    expect(() => client.url('/x')).toThrow(UrlRequiredError)
  })
})

describe('analytics', () => {
  function analyticsFor(url: string, enabled = true) {
    const http = createHttpClient({ baseUrl: url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retries: 0 })
    let now = 0
    let forbidden = 0
    const analytics = createAnalytics({
      http,
      enabled: () => enabled,
      now: () => now,
      location: () => ({ href: 'https://site.example/page', host: 'site.example' }),
      randomId: () => 'id',
      onForbidden: () => forbidden++,
    })
    return { analytics, advance: (ms: number) => (now += ms), forbidden: () => forbidden }
  }
  const event = (name: string, type: 'track' | 'error' = 'track') => ({ type, event: name, timestamp: 1, properties: { connected: false } })

  it('sends nothing before the first user action, then flushes the queue; never MODAL_CREATED', async () => {
    const s = await server()
    const { analytics } = analyticsFor(s.url)
    analytics.track(event('MODAL_CREATED'))
    analytics.track(event('INITIALIZE'))
    await analytics.flush()
    expect(s.requests).toHaveLength(0)
    analytics.markUserAction()
    analytics.track(event('MODAL_OPEN'))
    await analytics.flush()
    expect(s.requests.map((r) => JSON.parse(r.body).props.event)).toEqual(['INITIALIZE', 'MODAL_OPEN'])
    const body = JSON.parse(s.requests[1]!.body)
    expect(body).toEqual({ eventId: 'id', url: 'https://site.example/page', domain: 'site.example', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } })
    expect(s.requests[1]!.url).toMatch(/^\/e\?projectId=p&st=portico&sv=v$/)
  })

  it('sends each event as a keepalive request, so one sent as the page moves on (a wallet link, a reload) still arrives; other requests are not keepalive', async () => {
    const s = await server()
    const inits: RequestInit[] = []
    const recording: typeof fetch = (input, init) => {
      inits.push(init ?? {})
      return fetch(input, init)
    }
    const http = createHttpClient({ baseUrl: s.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retries: 0, fetch: recording })
    const analytics = createAnalytics({ http, enabled: () => true, location: () => ({ href: 'https://site.example/', host: 'site.example' }) })
    analytics.markUserAction()
    analytics.track(event('MODAL_OPEN'))
    await analytics.flush()
    await http.get('/getWallets')
    await http.post('/other', { body: {} })
    expect(s.requests.map((r) => r.url.split('?')[0])).toEqual(['/e', '/getWallets', '/other'])
    expect(inits.map((init) => init.keepalive === true)).toEqual([true, false, false])
  })

  it('sends nothing when analytics is off', async () => {
    const s = await server()
    const { analytics } = analyticsFor(s.url, false)
    analytics.markUserAction()
    analytics.track(event('MODAL_OPEN'))
    await analytics.flush()
    expect(s.requests).toHaveLength(0)
  })

  it('limits error events to 5 per 60 s', async () => {
    const s = await server()
    const { analytics, advance } = analyticsFor(s.url)
    analytics.markUserAction()
    for (let i = 0; i < 8; i++) analytics.track(event('ERROR', 'error'))
    await analytics.flush()
    expect(s.requests).toHaveLength(5)
    advance(59_999)
    analytics.track(event('ERROR', 'error'))
    await analytics.flush()
    expect(s.requests).toHaveLength(5)
    advance(1)
    analytics.track(event('ERROR', 'error'))
    analytics.track(event('MODAL_OPEN'))
    await analytics.flush()
    expect(s.requests).toHaveLength(7)
  })

  it('a 403 raises "Invalid App Configuration" once and stops sending', async () => {
    const s = await server((_req, res) => res.writeHead(403).end('{"message":"Unauthorized: origin not allowed"}'))
    const { analytics, forbidden } = analyticsFor(s.url)
    analytics.markUserAction()
    analytics.track(event('MODAL_OPEN'))
    await analytics.flush()
    analytics.track(event('MODAL_CLOSE'))
    await analytics.flush()
    expect(forbidden()).toBe(1)
    expect(s.requests).toHaveLength(1)
  })

  it('portico wires it: opening the modal sends MODAL_OPEN to the analytics endpoint', async () => {
    const s = await server((req, res) => res.end(req.url.startsWith('/getAnalyticsConfig') ? '{"isAnalyticsEnabled":true}' : '{}'))
    const { portico } = createTestPortico({ endpoints: { api: s.url } })
    await portico.ready()
    await portico.open()
    // The project configuration open() loads decides whether analytics send at all.
    await loadProjectConfig(portico)
    await portico.services.analytics.flush()
    const events = s.requests.filter((r) => r.url.startsWith('/e?')).map((r) => JSON.parse(r.body).props.event)
    expect(events).toContain('MODAL_OPEN')
    expect(events).not.toContain('MODAL_CREATED')
  })
})
