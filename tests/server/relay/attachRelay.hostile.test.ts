import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintRelayJwt } from '../../../server/relay/mintRelayJwt.js'
import { relayLimits } from '../../../server/relay/relayLimits.js'
import { RawRelayClient, waitUntil, type RawFrame } from './helpers/RawRelayClient.js'
import { startRelayServer, type RelayServer } from './helpers/startRelayServer.js'

/** Opens an upgrade and reports the HTTP status and body it was refused with (or 101). */
async function upgradeStatus(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => {
      socket.terminate()
      resolve({ status: 101, body: '' })
    })
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    socket.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error)
    })
  })
}

function errorOf(frame: RawFrame): { code: number; message: string } {
  return frame.json.error as { code: number; message: string }
}

describe('attachRelay: hostile input', () => {
  let dir: string
  let relayServer: RelayServer
  const maxMessageBytes = 4096

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-relay-hostile-'))
    relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db'), maxMessageBytes })
    // Another upgrade handler on another path, which the relay must leave alone.
    relayServer.server.on('upgrade', (request, socket) => {
      if (!request.url?.startsWith('/other')) return
      socket.end('HTTP/1.1 418 I\'m a Teapot\r\nConnection: close\r\nContent-Length: 6\r\n\r\nteapot')
    })
  })

  afterAll(async () => {
    await relayServer?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  describe('the upgrade', () => {
    it('refuses a missing, garbled, foreign-signed or expired JWT with 401 and a JSON reason', async () => {
      const { url } = relayServer
      const missing = await upgradeStatus(`${url}?projectId=p`)
      expect(missing.status).toBe(401)
      expect(JSON.parse(missing.body)).toEqual({ code: 'RELAY_UNAUTHORIZED', message: 'Missing relay JWT ("auth").' })

      expect((await upgradeStatus(`${url}?auth=garbage&projectId=p`)).status).toBe(401)

      const good = mintRelayJwt({ aud: url }).jwt.split('.')
      const foreign = mintRelayJwt({ aud: url }).jwt.split('.')
      const wrongSignature = await upgradeStatus(`${url}?auth=${good[0]}.${good[1]}.${foreign[2]}&projectId=p`)
      expect(wrongSignature.status).toBe(401)
      expect(JSON.parse(wrongSignature.body).message).toMatch(/signature/)

      const expired = mintRelayJwt({ aud: url, iat: Math.floor(Date.now() / 1000) - 7200, ttlSeconds: 3600 }).jwt
      expect((await upgradeStatus(`${url}?auth=${expired}&projectId=p`)).status).toBe(401)

      const otherAudience = mintRelayJwt({ aud: url.replace('/relay', '/elsewhere') }).jwt
      expect((await upgradeStatus(`${url}?auth=${otherAudience}&projectId=p`)).status).toBe(401)
      expect(relayServer.relay.clientCount()).toBe(0)
    })

    it('refuses a missing projectId with 400 and accepts a valid JWT with one', async () => {
      const { url } = relayServer
      const { jwt } = mintRelayJwt({ aud: url })
      const noProject = await upgradeStatus(`${url}?auth=${jwt}`)
      expect(noProject.status).toBe(400)
      expect(JSON.parse(noProject.body).message).toMatch(/projectId/)
      expect((await upgradeStatus(`${url}?auth=${jwt}&projectId=p&ua=wc-2/js-2.25.0`)).status).toBe(101)
    })

    it('leaves upgrades on other paths to other handlers', async () => {
      const other = relayServer.url.replace('/relay', '/other')
      expect(await upgradeStatus(other)).toEqual({ status: 418, body: 'teapot' })
    })
  })

  describe('frames', () => {
    let client: RawRelayClient

    beforeAll(async () => {
      client = await RawRelayClient.connect(relayServer.url)
    })
    afterAll(async () => {
      await client?.close()
    })

    async function nextFrame(send: () => void): Promise<RawFrame> {
      const before = client.frames.length
      send()
      return waitUntil(() => client.frames[before], 5000, 'a reply')
    }

    it('answers malformed JSON with -32700 and wrong shapes with -32600, with id null', async () => {
      for (const text of ['not json', '{"id":1,', '\u0000\u0001', '']) {
        const reply = await nextFrame(() => client.sendRaw(text))
        expect(reply.rawId).toBe('null')
        expect(errorOf(reply).code).toBe(-32700)
      }
      const binary = await nextFrame(() => client.sendRaw(Buffer.from([0xff, 0xfe, 0x00, 0x7b])))
      expect(errorOf(binary).code).toBe(-32700)
      for (const text of ['[]', '[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}]', '42', '"x"', 'null']) {
        const reply = await nextFrame(() => client.sendRaw(text))
        expect(errorOf(reply).code).toBe(-32600)
        expect(reply.rawId).toBe('null')
      }
      const noId = await nextFrame(() => client.sendRaw('{"jsonrpc":"2.0","method":"irn_publish","params":{}}'))
      expect(errorOf(noId)).toEqual({ code: -32600, message: 'Invalid request: "id" must be an integer or a string' })
      const objectId = await nextFrame(() => client.sendRaw('{"id":{"a":1},"jsonrpc":"2.0","method":"irn_subscribe","params":{}}'))
      expect(errorOf(objectId).code).toBe(-32600)
      const noVersion = await nextFrame(() => client.sendRaw('{"id":7,"method":"irn_subscribe","params":{"topic":"t"}}'))
      expect(noVersion.rawId).toBe('7')
      expect(errorOf(noVersion).code).toBe(-32600)
      const numericMethod = await nextFrame(() => client.sendRaw('{"id":8,"jsonrpc":"2.0","method":5}'))
      expect(errorOf(numericMethod).code).toBe(-32600)
    })

    it('answers unknown methods with -32601, echoing a 19-digit id exactly', async () => {
      const reply = await nextFrame(() => client.sendRaw('{"id":1763712345678901234,"jsonrpc":"2.0","method":"eth_sendTransaction","params":{}}'))
      expect(reply.rawId).toBe('1763712345678901234')
      expect(reply.text).toContain('"id":1763712345678901234,')
      expect(errorOf(reply)).toEqual({ code: -32601, message: 'Method not found: eth_sendTransaction' })
      for (const method of ['__proto__', 'constructor', 'toString', 'irn_SUBSCRIBE']) {
        const r = await nextFrame(() => client.sendRaw(`{"id":"9007199254740993123","jsonrpc":"2.0","method":"${method}","params":{}}`))
        expect(r.rawId).toBe('"9007199254740993123"')
        expect(errorOf(r).code).toBe(-32601)
      }
    })

    it('answers wrong params with -32602 and a message naming the field', async () => {
      const cases: [string, unknown, RegExp][] = [
        ['irn_subscribe', [], /"params" must be an object/],
        ['irn_subscribe', { topic: 5 }, /"topic" must be a non-empty string/],
        ['irn_subscribe', { topic: '' }, /"topic"/],
        ['irn_subscribe', { topic: 'a b' }, /printable/],
        ['irn_subscribe', { topic: 'a'.repeat(300) }, /at most 256/],
        ['irn_batchSubscribe', { topics: 'abc' }, /"topics" must be an array/],
        ['irn_batchSubscribe', { topics: ['ok', 7] }, /"topics\[1\]"/],
        ['irn_batchSubscribe', { topics: Array.from({ length: 501 }, (_, i) => `t${i}`) }, /at most 500/],
        ['irn_publish', { topic: 't', message: 'm' }, /"ttl"/],
        ['irn_publish', { topic: 't', message: 'm', ttl: -5 }, /"ttl"/],
        ['irn_publish', { topic: 't', message: 'm', ttl: 1.5 }, /"ttl"/],
        ['irn_publish', { topic: 't', message: 'm', ttl: 10 ** 9 }, /"ttl"/],
        ['irn_publish', { topic: 't', message: '', ttl: 300 }, /"message"/],
        ['irn_publish', { topic: 't', message: 'm', ttl: 300, tag: 'x' }, /"tag"/],
        ['irn_publish', { topic: 't', message: 'm', ttl: 300, prompt: 'yes' }, /"prompt"/],
        ['irn_publish', { topic: 't', message: 'x'.repeat(maxMessageBytes + 1), ttl: 300 }, /limit is 4096/],
        ['irn_batchPublish', { messages: [{ topic: 't', message: 'm', ttl: 300 }, null] }, /each message/],
        ['irn_batchUnsubscribe', { subscriptions: [{ id: 'x' }] }, /"topic"/],
        ['wc_proposeSession', { pairingTopic: 'p' }, /"sessionProposal"/],
        ['wc_approveSession', { sessionTopic: 's', pairingTopic: 'p', sessionProposalResponse: 'r' }, /"sessionSettlementRequest"/],
      ]
      for (const [method, params, message] of cases) {
        const reply = await client.request(method, params)
        expect(errorOf(reply).code, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBe(-32602)
        expect(errorOf(reply).message).toMatch(message)
      }
    })

    it('rejects a bad batch publish as a whole: nothing of it is stored', async () => {
      const before = relayServer.db.prepare('SELECT COUNT(*) AS n FROM relay_messages').get() as { n: number }
      const reply = await client.request('irn_batchPublish', {
        messages: [
          { topic: 'batch-atomic', message: 'first', ttl: 300 },
          { topic: 'batch-atomic', message: 'second', ttl: 'soon' },
        ],
      })
      expect(errorOf(reply).code).toBe(-32602)
      const after = relayServer.db.prepare('SELECT COUNT(*) AS n FROM relay_messages').get() as { n: number }
      expect(after.n).toBe(before.n)
    })

    it('answers an oversized frame with -32600 and keeps the connection', async () => {
      const limit = 2 * maxMessageBytes + relayLimits.frameEnvelopeBytes
      const reply = await nextFrame(() => client.sendRaw(`{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"t","ttl":300,"message":"${'x'.repeat(limit)}"}}`))
      expect(errorOf(reply).code).toBe(-32600)
      expect(errorOf(reply).message).toMatch(/exceeds the limit/)
      expect(client.socket.readyState).toBe(WebSocket.OPEN)
    })

    it('still serves the same connection normally after all of that', async () => {
      const reply = await client.request('irn_subscribe', { topic: 'after-hostile' })
      expect(typeof reply.json.result).toBe('string')
      expect(client.closeCode).toBeUndefined()
    })
  })

  it('closes only the socket that sends a frame above the hard limit (1009)', async () => {
    const bystander = await RawRelayClient.connect(relayServer.url)
    const offender = await RawRelayClient.connect(relayServer.url)
    const hardLimit = (2 * maxMessageBytes + relayLimits.frameEnvelopeBytes) * relayLimits.hardFrameFactor
    offender.sendRaw('x'.repeat(hardLimit + 1))
    const code = await waitUntil(() => offender.closeCode, 5000, 'the offender to be closed')
    expect(code).toBe(1009)
    const reply = await bystander.request('irn_subscribe', { topic: 'bystander' })
    expect(typeof reply.json.result).toBe('string')
    await bystander.close()
  })

  it('ignores acknowledgements for ids a client was never sent, and keeps the message', async () => {
    const publisher = await RawRelayClient.connect(relayServer.url)
    const recipient = await RawRelayClient.connect(relayServer.url, { autoAck: false })
    const stranger = await RawRelayClient.connect(relayServer.url)
    const topic = 'ack-theft'
    await recipient.request('irn_subscribe', { topic })
    await publisher.request('irn_publish', { topic, message: 'for the recipient only', ttl: 300 })
    const push = await waitUntil(() => recipient.frames.find((f) => f.json.method === 'irn_subscription'), 5000, 'the push')
    expect(push.rawId).toMatch(/^\d{19}$/)
    // Another client acks the recipient's push id, and junk acks arrive: nothing is deleted, nothing is answered.
    const answeredBefore = stranger.frames.length
    stranger.sendRaw(`{"id":${push.rawId},"jsonrpc":"2.0","result":true}`)
    stranger.sendRaw('{"id":"nope","jsonrpc":"2.0","result":true}')
    stranger.sendRaw('{"id":1,"jsonrpc":"2.0","error":{"code":1,"message":"x"}}')
    await stranger.request('irn_subscribe', { topic: 'stranger-own' })
    expect(stranger.frames.length).toBe(answeredBefore + 1)
    const stored = () => (relayServer.db.prepare('SELECT COUNT(*) AS n FROM relay_messages WHERE topic = ?').get(topic) as { n: number }).n
    expect(stored()).toBe(1)
    // The real recipient's ack, echoed the way the 2.25 client does (a BigInt string ending in "n"), deletes it.
    recipient.sendRaw(`{"id":"${push.rawId}n","jsonrpc":"2.0","result":true}`)
    await waitUntil(() => (stored() === 0 ? true : undefined), 5000, 'the acked message to be deleted')
    await Promise.all([publisher.close(), recipient.close(), stranger.close()])
  })

  it('answers a storage failure with -32603 instead of crashing, and the connection stays up', async () => {
    const broken = await startRelayServer({ dbPath: join(dir, 'broken.db') })
    try {
      const c = await RawRelayClient.connect(broken.url)
      broken.db.exec('DROP TABLE relay_messages')
      const publish = await c.request('irn_publish', { topic: 't', message: 'nowhere to go', ttl: 60 })
      expect(errorOf(publish)).toEqual({ code: -32603, message: 'Internal error' })
      // Subscribing still answers (stored messages cannot be read, so none are pushed).
      const subscribe = await c.request('irn_subscribe', { topic: 't' })
      expect(typeof subscribe.json.result).toBe('string')
      expect(c.socket.readyState).toBe(WebSocket.OPEN)
      await c.close()
    } finally {
      await broken.stop()
    }
  })

  // Reading pauses at 256 waiting frames (TCP back-pressure), so in practice every frame is handled;
  // a frame that still finds 1024 waiting would be refused with -32005. Either way none is lost.
  it('answers every frame of a 4000-frame burst, and the connection stays usable', async () => {
    const burster = await RawRelayClient.connect(relayServer.url)
    const ids: string[] = []
    for (let i = 0; i < 4000; i += 1) ids.push(burster.send('x_unknown', {}))
    await waitUntil(() => (burster.frames.length >= ids.length ? true : undefined), 15_000, 'every answer')
    const codes = new Map<number, number>()
    for (const frame of burster.frames) {
      const code = errorOf(frame).code
      codes.set(code, (codes.get(code) ?? 0) + 1)
    }
    expect([...codes.keys()].every((code) => code === -32601 || code === -32005)).toBe(true)
    expect(new Set(burster.frames.map((f) => f.rawId))).toEqual(new Set(ids))
    expect((await burster.request('irn_subscribe', { topic: 'after-burst' })).json.result).toEqual(expect.any(String))
    await burster.close()
  })

  it('refuses subscriptions beyond the per-client limit with -32005', async () => {
    const greedy = await RawRelayClient.connect(relayServer.url)
    const perBatch = relayLimits.maxBatchTopics
    for (let batch = 0; batch < relayLimits.maxSubscriptionsPerClient / perBatch; batch += 1) {
      const topics = Array.from({ length: perBatch }, (_, i) => `greedy-${batch}-${i}`)
      expect(Array.isArray((await greedy.request('irn_batchSubscribe', { topics })).json.result)).toBe(true)
    }
    const refused = await greedy.request('irn_subscribe', { topic: 'one-more' })
    expect(errorOf(refused).code).toBe(-32005)
    // Topics it already has are still fine.
    expect(typeof (await greedy.request('irn_subscribe', { topic: 'greedy-0-0' })).json.result).toBe('string')
    await greedy.close()
  })

  it('does not let one flooding client starve another', async () => {
    const flooder = await RawRelayClient.connect(relayServer.url)
    const sender = await RawRelayClient.connect(relayServer.url)
    const receiver = await RawRelayClient.connect(relayServer.url, { autoAck: false })
    await receiver.request('irn_subscribe', { topic: 'quiet-topic' })

    // Each flood frame is a full batch (50 stored messages), so the flood takes far longer to handle
    // than to arrive: a relay that handled frames first come, first served would answer most of it
    // before the quiet message.
    const floodSize = 200
    const floodIds = new Set<string>()
    for (let i = 0; i < floodSize; i += 1) {
      const messages = Array.from({ length: 50 }, (_, j) => ({ topic: `flood-${i}`, message: `flood ${i}/${j} ${'z'.repeat(100)}`, ttl: 60 }))
      floodIds.add(flooder.send('irn_batchPublish', { messages }))
    }
    sender.send('irn_publish', { topic: 'quiet-topic', message: 'hello through the flood', ttl: 60 })

    await waitUntil(() => (receiver.deliveries('quiet-topic').length > 0 ? true : undefined), 10_000, 'the quiet message')
    // The mailbox's row ids give the order in which the relay handled the messages: the quiet one
    // came before most of the flood.
    const quietRow = relayServer.db.prepare("SELECT row_id FROM relay_messages WHERE topic = 'quiet-topic'").pluck().get() as number
    const floodBefore = relayServer.db
      .prepare("SELECT COUNT(*) FROM relay_messages WHERE topic LIKE 'flood-%' AND row_id < ?")
      .pluck()
      .get(quietRow) as number
    expect(floodBefore).toBeLessThan((floodSize * 50) / 4)

    // The flood is answered in full (accepted, or refused with -32005), and the flooder is still connected.
    await waitUntil(() => (flooder.frames.filter((f) => floodIds.has(f.rawId ?? '')).length === floodSize ? true : undefined), 15_000, 'the flood answers')
    const answers = flooder.frames.filter((f) => floodIds.has(f.rawId ?? ''))
    for (const answer of answers) {
      if ('error' in answer.json) expect(errorOf(answer).code).toBe(-32005)
      else expect(answer.json.result).toBe(true)
    }
    expect(flooder.socket.readyState).toBe(WebSocket.OPEN)
    await Promise.all([flooder.close(), sender.close(), receiver.close()])
  }, 30_000)
})
