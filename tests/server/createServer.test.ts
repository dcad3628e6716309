import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as entry from '../../server/createServer.js'
import { createServer } from '../../server/createServer.js'
import { mintRelayJwt } from '../../server/relay/mintRelayJwt.js'
import { WebSocket } from 'ws'
import { startTestServer } from './helpers/startTestServer.js'
import type { TestServer } from './helpers/startTestServer.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    extend(app) {
      app.get('/hello', async () => ({ hello: 'world' }))
    },
  })
})
afterAll(async () => {
  await server.dispose()
})

describe('createServer', () => {
  it('pins its export names', () => {
    expect(Object.keys(entry).sort()).toEqual(['bodyLimitBytes', 'createServer'])
  })

  it('binds to 127.0.0.1 on the port it reports', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.port).toBeGreaterThan(0)
  })

  it('keeps one SQLite file in WAL mode in the data directory', () => {
    expect(existsSync(join(server.dataDir, 'portico.sqlite'))).toBe(true)
    expect(server.db.pragma('journal_mode', { simple: true })).toBe('wal')
  })

  it('mounts routes from extend', async () => {
    expect((await server.getJson('/hello')).body).toEqual({ hello: 'world' })
  })

  it('answers unknown paths with a 404 JSON error', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/getWallets'],
      ['GET', '/v1/account/0x1/history/../../etc/passwd'],
      ['DELETE', '/e'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    }
  })

  it('answers an oversized JSON body with a 413 and keeps serving', async () => {
    const big = JSON.stringify({ eventId: 'x', url: 'u', domain: 'd', timestamp: 1, props: { pad: 'x'.repeat(1_200_000) } })
    const response = await server.post('/e?projectId=p', big)
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) })
    expect((await server.getJson('/getWallets?entries=1')).status).toBe(200)
  })

  it('answers an unsupported content type with a 415 JSON error', async () => {
    const response = await server.post('/e?projectId=p', '<event/>', { 'content-type': 'application/xml' })
    expect(response.status).toBe(415)
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('never leaks a stack trace', async () => {
    for (const path of ['/getWallets?page=x', '/appkit/v1/config', '/v1/identity/nope', '/nope']) {
      const text = await (await fetch(`${server.url}${path}`)).text()
      expect(text, path).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/)
    }
  })

  it('creates a missing data directory', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'portico-parent-'))
    const dataDir = join(parent, 'deep', 'er')
    const other = await createServer({ port: 0, relay: false, chains: [], dataDir })
    try {
      expect(existsSync(join(dataDir, 'portico.sqlite'))).toBe(true)
    } finally {
      await other.close()
      await other.close() // twice is harmless
      rmSync(parent, { recursive: true, force: true })
    }
  })

  it('fails clearly when the port is taken', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-port-'))
    try {
      await expect(createServer({ port: server.port, relay: false, chains: [], dataDir })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('rejects a bad configuration before starting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-config-'))
    const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    try {
      await expect(createServer({ port: 0, chains: [], dataDir: '' })).rejects.toThrow(/dataDir/)
      await expect(
        createServer({ port: 0, dataDir, chains: [{ caipNetworkId: 'evm:1:x', name: 'x', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: native }] }),
      ).rejects.toThrow(/CAIP-2/)
      await expect(
        createServer({ port: 0, dataDir, chains: [{ caipNetworkId: 'eip155:1', name: 'x', rpcUrl: 'file:///etc/passwd', nativeCurrency: native }] }),
      ).rejects.toThrow(/rpcUrl/)
      await expect(createServer({ port: 70000, dataDir, chains: [] })).rejects.toThrow(/port/)
      await expect(createServer({ port: 0, dataDir, chains: [], rpcRateLimit: { perIp: -1 } })).rejects.toThrow(/rpcRateLimit.perIp must be a positive integer/)
      await expect(createServer({ port: 0, dataDir, chains: [], requestRateLimit: { max: 0, windowMs: 1000 } })).rejects.toThrow(/requestRateLimit.max/)
      await expect(createServer({ port: 0, dataDir, chains: [], publicUrl: 'javascript:alert(1)' })).rejects.toThrow(/publicUrl/)
      await expect(createServer({ port: 0, dataDir, chains: [], defaultProject: null as never })).rejects.toThrow(/defaultProject/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('createServer with the relay', () => {
  it('serves the relay on /relay beside the HTTP routes, and closes it with the server', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-'))
    const withRelay = await createServer({ port: 0, chains: [], dataDir, relay: { pingIntervalMs: 15_000 }, projects: { demo: {} } })
    const relayUrl = `${withRelay.url.replace('http', 'ws')}/relay`
    try {
      // No JWT: the upgrade is refused.
      const refused = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${relayUrl}?projectId=demo`)
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        ws.once('open', () => reject(new Error('opened without a JWT')))
        ws.once('error', () => undefined)
      })
      expect(refused).toBe(401)

      // A real EdDSA JWT: the socket opens and irn_subscribe answers.
      const { jwt } = mintRelayJwt({ aud: relayUrl })
      const ws = new WebSocket(`${relayUrl}?auth=${jwt}&projectId=demo&ua=test`)
      await new Promise((resolve, reject) => {
        ws.once('open', resolve)
        ws.once('error', reject)
      })
      const answer = new Promise<any>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))))
      ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'ab'.repeat(32) } }))
      expect(await answer).toMatchObject({ id: 1, jsonrpc: '2.0', result: expect.anything() })

      // HTTP routes still answer on the same port.
      expect((await fetch(`${withRelay.url}/getWallets?entries=1`)).status).toBe(200)

      const closed = new Promise<number>((resolve) => ws.once('close', resolve))
      await withRelay.close()
      expect(await closed).toBeGreaterThan(0)
    } finally {
      await withRelay.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
    await expect(fetch(`${withRelay.url}/getWallets`)).rejects.toThrow()
  })
})

describe('createServer against broken HTTP', () => {
  it('answers oversized headers and garbage bytes with JSON errors and keeps serving', async () => {
    const long = await fetch(`${server.url}/getWallets?search=${'a'.repeat(40_000)}`)
    expect(long.status).toBe(431)
    expect(await long.json()).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) })

    const { connect } = await import('node:net')
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('GARBAGE \x00\x01 NOT HTTP\r\n\r\n'))
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('close', () => resolve(data))
      socket.on('error', reject)
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')))
    })
    expect(raw).toMatch(/^HTTP\/1\.1 400/)
    expect(raw).toContain('{"code":"BAD_REQUEST"')

    const badUrl = await fetch(`${server.url}/getWalletImage/%E0%A4%A`)
    expect([400, 404]).toContain(badUrl.status)
    expect(await badUrl.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })

    expect((await server.getJson('/getWallets?entries=1')).status).toBe(200)
  })
})
