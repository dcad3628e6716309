import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { attachRelay } from '../../../server/relay/attachRelay.js'
import { relayLimits } from '../../../server/relay/relayLimits.js'
import { RawRelayClient, waitUntil } from './helpers/RawRelayClient.js'
import { startRelayServer, type RelayServer } from './helpers/startRelayServer.js'

// The raw edges of a relay restart (issue 54). The official sign-client's side of it is
// attachRelay.restart.signClient.test.ts. A restart drains: nothing is ever answered with an error
// (the 2.25 client drops a publish for good when its one retry is answered with one).
let dir: string
let relayServer: RelayServer

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-relay-restart-'))
  relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db') })
})
afterEach(async () => {
  await relayServer?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const topic = () => randomBytes(32).toString('hex')
const stored = () => relayServer.db.prepare('SELECT COUNT(*) FROM relay_messages').pluck().get() as number

describe('attachRelay: a restart drains', () => {
  it('answers every request it received before closing, with its result, never an error', async () => {
    const client = await RawRelayClient.connect(relayServer.url)
    const ids: string[] = []
    for (let i = 0; i < 900; i += 1) ids.push(client.send('irn_publish', { topic: topic(), message: `m${i}`, ttl: 60 }))
    // The first answer comes while most frames still wait in the relay's queue: close it now.
    await client.response(ids[0]!)
    const report = await relayServer.relay.close()
    await waitUntil(() => client.closeCode)
    expect(client.closeCode).toBe(1001)
    const answers = ids.map((id) => client.frames.find((frame) => frame.rawId === id && !('method' in frame.json)))
    expect(answers.filter((answer) => answer?.json.result !== true)).toEqual([])
    expect(stored()).toBe(900)
    // Most of them were handled during the drain, and counted.
    expect(report.handled.irn_publish).toBeGreaterThan(0)
    expect(report.dropped).toBe(0)
  })

  it('closes an idle socket after closeGraceMs, long before the drain limit', async () => {
    const idle = await RawRelayClient.connect(relayServer.url)
    const started = performance.now()
    const closing = relayServer.relay.close()
    await waitUntil(() => idle.closeCode, relayLimits.closeGraceMaxMs)
    expect(performance.now() - started).toBeLessThan(relayLimits.closeGraceMaxMs)
    expect(await closing).toEqual({ handled: {}, dropped: 0 })
  })

  it('keeps delivering and taking acknowledgements while it drains: a busy socket closes only once it owes nothing', async () => {
    const subscriber = await RawRelayClient.connect(relayServer.url, { autoAck: true })
    const publisher = await RawRelayClient.connect(relayServer.url)
    const shared = topic()
    await subscriber.request('irn_subscribe', { topic: shared })
    // The publisher keeps the drain busy past its grace limit, one publish every 50 ms, each sent
    // only after the previous one is answered (a dapp waits for its wallet).
    let sent = 0
    let stop = false
    const publishing = (async () => {
      while (!stop && publisher.closeCode === undefined) {
        const id = publisher.send('irn_publish', { topic: shared, message: `live ${sent}`, ttl: 60 })
        sent += 1
        await publisher.response(id, 10_000).catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    await waitUntil(() => (sent >= 3 ? true : undefined))
    const report = await relayServer.relay.close()
    stop = true
    await publishing
    const answered = publisher.frames.filter((frame) => !('method' in frame.json))
    expect(answered.every((frame) => frame.json.result === true)).toBe(true)
    // Everything answered reached the subscriber live and was acknowledged (nothing left stored)...
    const delivered = subscriber.frames.filter((frame) => frame.json.method === 'irn_subscription')
    expect(delivered).toHaveLength(answered.length)
    expect(stored()).toBe(0)
    // ... and at most the one publish the closing socket caught in flight went unanswered: counted as
    // dropped when the relay had read it, not when the close crossed it on the wire (the relay never saw
    // it; seen once in a clean-clone run under load: sent - answered 1, dropped 0).
    const unanswered = sent - answered.length
    expect(unanswered).toBeLessThanOrEqual(1)
    expect(report.dropped).toBeLessThanOrEqual(unanswered)
    expect(report.handled.ack).toBeGreaterThan(0)
  })

  it('refuses new connections while it drains (HTTP 503), and a fresh relay on the same server takes them', async () => {
    const busy = await RawRelayClient.connect(relayServer.url)
    // A request still waiting keeps the drain going for a moment.
    busy.send('irn_publish', { topic: topic(), message: 'waiting', ttl: 60 })
    const closing = relayServer.relay.close()
    await expect(RawRelayClient.connect(relayServer.url)).rejects.toThrow(/HTTP 503|socket hang up|ECONNRESET/)
    await closing
    const fresh = attachRelay(relayServer.server, { path: '/relay', db: relayServer.db })
    try {
      const next = await RawRelayClient.connect(relayServer.url)
      expect((await next.request('irn_subscribe', { topic: topic() })).json.result).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await fresh.close()
    }
  })
})
