import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mintRelayJwt } from '../../../server/relay/mintRelayJwt.js'
import { relayLimits } from '../../../server/relay/relayLimits.js'
import { RawRelayClient, waitUntil } from './helpers/RawRelayClient.js'
import { startRelayServer, type RelayServer } from './helpers/startRelayServer.js'

let dir: string
let relayServer: RelayServer
let clock = Date.now()
const open: RawRelayClient[] = []
let topicCounter = 0

/** A fresh topic per test, 64 hex characters like WalletConnect's. */
function freshTopic(): string {
  topicCounter += 1
  return bytesToHex(sha256(utf8ToBytes(`topic-${topicCounter}-${Math.random()}`)))
}

async function client(options: { autoAck?: boolean } = {}): Promise<RawRelayClient> {
  const c = await RawRelayClient.connect(relayServer.url, options)
  open.push(c)
  return c
}

/** A round trip after which every frame the relay sent before it has arrived. */
async function settle(c: RawRelayClient): Promise<void> {
  await c.request('irn_unsubscribe', { topic: 'settle-marker', id: 'x' })
}

function stored(topic: string): number {
  return relayServer.db.prepare('SELECT COUNT(*) FROM relay_messages WHERE topic = ?').pluck().get(topic) as number
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-relay-mailbox-'))
  relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db'), now: () => clock })
})

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
})

afterAll(async () => {
  await relayServer?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('attachRelay: delivery and mailbox', () => {
  it('pushes a publish to every other subscriber, never back to the publisher', async () => {
    const topic = freshTopic()
    const [publisher, first, second] = await Promise.all([client(), client(), client()])
    for (const c of [publisher, first, second]) await c.request('irn_subscribe', { topic })
    const reply = await publisher.request('irn_publish', { topic, message: 'to both', ttl: 300, tag: 1108, prompt: true })
    expect(reply.json.result).toBe(true)
    await waitUntil(() => (first.deliveries(topic).length && second.deliveries(topic).length ? true : undefined))
    const push = first.frames.find((f) => f.json.method === 'irn_subscription')!
    expect(push.rawId).toMatch(/^\d{19}$/)
    expect(push.json.params).toEqual({
      id: bytesToHex(sha256(utf8ToBytes(topic + first.clientId))),
      data: { topic, message: 'to both', publishedAt: clock, attestation: '' },
    })
    await settle(publisher)
    expect(publisher.deliveries()).toEqual([])
  })

  it('answers irn_subscribe with the id the WalletConnect client computes itself', async () => {
    const c = await client()
    const topic = freshTopic()
    const reply = await c.request('irn_subscribe', { topic })
    expect(reply.json.result).toBe(bytesToHex(sha256(utf8ToBytes(topic + c.clientId))))
  })

  it('keeps a message for a peer that subscribes later, and deletes it once acknowledged', async () => {
    const topic = freshTopic()
    const publisher = await client()
    await publisher.request('irn_publish', { topic, message: 'waiting for you', ttl: 300 })
    expect(stored(topic)).toBe(1)
    // The publisher subscribing does not get its own message back.
    await publisher.request('irn_subscribe', { topic })
    await settle(publisher)
    expect(publisher.deliveries()).toEqual([])

    const late = await client()
    await late.request('irn_subscribe', { topic })
    await waitUntil(() => late.deliveries(topic)[0])
    expect(late.deliveries(topic)[0]).toMatchObject({ topic, message: 'waiting for you', attestation: '' })
    await waitUntil(() => (stored(topic) === 0 ? true : undefined), 5000, 'the acked message to be deleted')

    const later = await client()
    await later.request('irn_subscribe', { topic })
    await settle(later)
    expect(later.deliveries()).toEqual([])
  })

  it('delivers an unacknowledged message again to the next subscriber', async () => {
    const topic = freshTopic()
    const publisher = await client()
    const forgetful = await client({ autoAck: false })
    await forgetful.request('irn_subscribe', { topic })
    await publisher.request('irn_publish', { topic, message: 'ack me', ttl: 300 })
    await waitUntil(() => forgetful.deliveries(topic)[0])
    await forgetful.close()
    expect(stored(topic)).toBe(1)
    const next = await client()
    await next.request('irn_subscribe', { topic })
    await waitUntil(() => next.deliveries(topic)[0])
    expect(next.deliveries(topic).map((d) => d.message)).toEqual(['ack me'])
  })

  it('stores a retried publish once and delivers it once', async () => {
    const topic = freshTopic()
    const [publisher, peer] = await Promise.all([client(), client({ autoAck: false })])
    await peer.request('irn_subscribe', { topic })
    await publisher.request('irn_publish', { topic, message: 'same', ttl: 300 })
    await publisher.request('irn_publish', { topic, message: 'same', ttl: 300 })
    await settle(peer)
    expect(peer.deliveries(topic)).toHaveLength(1)
    expect(stored(topic)).toBe(1)
  })

  it('drops messages whose TTL has passed, by the injected clock', async () => {
    const topic = freshTopic()
    const publisher = await client()
    await publisher.request('irn_publish', { topic, message: 'short-lived', ttl: 10 })
    await publisher.request('irn_publish', { topic, message: 'long-lived', ttl: 60 })
    clock += 11_000
    try {
      const late = await client()
      await late.request('irn_subscribe', { topic })
      await settle(late)
      expect(late.deliveries(topic).map((d) => d.message)).toEqual(['long-lived'])
      // The expired row is gone from the database, not only hidden.
      expect(relayServer.db.prepare("SELECT COUNT(*) FROM relay_messages WHERE message = 'short-lived'").pluck().get()).toBe(0)
    } finally {
      clock -= 11_000
    }
  })

  it('refuses a publish beyond the per-topic mailbox limit with -32005 and keeps what it has', async () => {
    const topic = freshTopic()
    const publisher = await client()
    for (let batch = 0; batch < relayLimits.maxStoredPerTopic / 100; batch += 1) {
      const messages = Array.from({ length: 100 }, (_, i) => ({ topic, message: `m-${batch}-${i}`, ttl: 60 }))
      expect((await publisher.request('irn_batchPublish', { messages })).json.result).toBe(true)
    }
    expect(stored(topic)).toBe(relayLimits.maxStoredPerTopic)
    const refused = await publisher.request('irn_publish', { topic, message: 'one too many', ttl: 60 })
    expect((refused.json.error as { code: number }).code).toBe(-32005)
    expect(stored(topic)).toBe(relayLimits.maxStoredPerTopic)
    relayServer.db.prepare('DELETE FROM relay_messages WHERE topic = ?').run(topic)
  })

  it('implements batch subscribe, batch unsubscribe, batch publish and (batch) fetch', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const topics = [freshTopic(), freshTopic()]
    const ids = await b.request('irn_batchSubscribe', { topics })
    expect(ids.json.result).toEqual(topics.map((t) => bytesToHex(sha256(utf8ToBytes(t + b.clientId)))))
    await a.request('irn_batchPublish', { messages: topics.map((topic) => ({ topic, message: `on ${topic}`, ttl: 60 })) })
    await waitUntil(() => (b.deliveries().length === 2 ? true : undefined))

    expect((await b.request('irn_batchUnsubscribe', { subscriptions: topics.map((topic) => ({ topic, id: 'x' })) })).json.result).toBe(true)
    await a.request('irn_publish', { topic: topics[0], message: 'after unsubscribe', ttl: 60 })
    await settle(b)
    expect(b.deliveries()).toHaveLength(2)

    // Fetch returns what is stored for others and consumes it.
    const fetched = await b.request('irn_fetchMessages', { topic: topics[0] })
    expect(fetched.json.result).toEqual({
      messages: [{ topic: topics[0], message: 'after unsubscribe', publishedAt: clock, attestation: '' }],
      hasMore: false,
    })
    expect((await b.request('irn_fetchMessages', { topic: topics[0] })).json.result).toEqual({ messages: [], hasMore: false })
    // A publisher's fetch never returns its own messages.
    await a.request('irn_publish', { topic: topics[1], message: 'mine', ttl: 60 })
    expect((await a.request('irn_fetchMessages', { topic: topics[1] })).json.result).toEqual({ messages: [], hasMore: false })

    // Paging: 600 stored messages come back as 500 + 100.
    const pageTopics = [freshTopic(), freshTopic()]
    for (let batch = 0; batch < 6; batch += 1) {
      const messages = Array.from({ length: 100 }, (_, i) => ({ topic: pageTopics[batch % 2]!, message: `p-${batch}-${i}`, ttl: 60 }))
      await a.request('irn_batchPublish', { messages })
    }
    const page1 = (await b.request('irn_batchFetchMessages', { topics: pageTopics })).json.result as { messages: unknown[]; hasMore: boolean }
    expect(page1.messages).toHaveLength(relayLimits.fetchPageSize)
    expect(page1.hasMore).toBe(true)
    const page2 = (await b.request('irn_batchFetchMessages', { topics: pageTopics })).json.result as { messages: unknown[]; hasMore: boolean }
    expect(page2.messages).toHaveLength(600 - relayLimits.fetchPageSize)
    expect(page2.hasMore).toBe(false)
  })

  it('wc_proposeSession and wc_approveSession subscribe their sender and publish on the right topics', async () => {
    const pairingTopic = freshTopic()
    const sessionTopic = freshTopic()
    const [dapp, wallet] = await Promise.all([client(), client()])

    const proposed = await dapp.request('wc_proposeSession', {
      pairingTopic,
      sessionProposal: 'encrypted proposal',
      ttl: 300,
      correlationId: 1763712345678901,
    })
    expect(proposed.json.result).toBe(true)
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    await waitUntil(() => wallet.deliveries(pairingTopic)[0])
    expect(wallet.deliveries(pairingTopic)[0]!.message).toBe('encrypted proposal')

    const approved = await wallet.request('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'encrypted response',
      sessionSettlementRequest: 'encrypted settle',
      ttl: 300,
      correlationId: 1,
      approvedChains: ['eip155:31337'],
      approvedMethods: ['personal_sign'],
      approvedEvents: ['chainChanged'],
    })
    expect(approved.json.result).toBe(true)
    // The dapp was subscribed to the pairing topic implicitly: the response arrives live.
    await waitUntil(() => dapp.deliveries(pairingTopic)[0])
    expect(dapp.deliveries(pairingTopic).map((d) => d.message)).toEqual(['encrypted response'])
    // The settle request waits in the mailbox until the dapp subscribes to the session topic.
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    await waitUntil(() => dapp.deliveries(sessionTopic)[0])
    expect(dapp.deliveries(sessionTopic).map((d) => d.message)).toEqual(['encrypted settle'])
    // The wallet was subscribed to the session topic implicitly.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'session request', ttl: 300, tag: 1108 })
    await waitUntil(() => wallet.deliveries(sessionTopic)[0])
    expect(wallet.deliveries(sessionTopic).map((d) => d.message)).toEqual(['session request'])
  })
})

describe('attachRelay: restart, pings and close', () => {
  it('keeps the mailbox across a restart on the same database', async () => {
    const topic = freshTopic()
    const publisher = await client()
    await publisher.request('irn_publish', { topic, message: 'survives restarts', ttl: 300 })
    await publisher.close()
    const { port } = relayServer
    await relayServer.stop()
    relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db'), port, now: () => clock })
    const late = await client()
    await late.request('irn_subscribe', { topic })
    await waitUntil(() => late.deliveries(topic)[0])
    expect(late.deliveries(topic)[0]!.message).toBe('survives restarts')
  })

  it('pings every interval and terminates a socket that stops answering', async () => {
    // 200 ms: a tighter interval would call a healthy socket dead whenever a busy machine delays its pong.
    const pinged = await startRelayServer({ dbPath: join(dir, 'ping.db'), pingIntervalMs: 200 })
    try {
      const connect = (autoPong: boolean) => {
        const socket = new WebSocket(`${pinged.url}?auth=${mintRelayJwt({ aud: pinged.url }).jwt}&projectId=p`, { autoPong })
        let pings = 0
        let closed = false
        socket.on('ping', () => (pings += 1))
        socket.on('close', () => (closed = true))
        return { socket, pings: () => pings, closed: () => closed }
      }
      const healthy = connect(true)
      const dead = connect(false)
      await waitUntil(() => (dead.closed() ? true : undefined), 10_000, 'the dead socket to be terminated')
      await waitUntil(() => (healthy.pings() >= 4 ? true : undefined), 10_000, 'four pings')
      expect(healthy.closed()).toBe(false)
      expect(pinged.relay.clientCount()).toBe(1)
      healthy.socket.terminate()
    } finally {
      await pinged.stop()
    }
  })

  it('close() closes every socket with 1001 and counts no clients', async () => {
    const closing = await startRelayServer({ dbPath: join(dir, 'close.db') })
    const a = await RawRelayClient.connect(closing.url)
    const b = await RawRelayClient.connect(closing.url)
    expect(closing.relay.clientCount()).toBe(2)
    await closing.relay.close()
    expect(closing.relay.clientCount()).toBe(0)
    await waitUntil(() => (a.closeCode && b.closeCode ? true : undefined))
    expect([a.closeCode, b.closeCode]).toEqual([1001, 1001])
    await closing.stop()
  })
})
