import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import WebSocket from 'ws'
import { randomBytes } from 'node:crypto'
import { attachRelay, type Relay } from '../../server/relay/attachRelay.js'
import { createRedisFanout } from '../../server/relay/createRedisFanout.js'
import type { RelayFanout } from '../../server/relay/RelayFanout.js'
import { applyMigrations } from '../../server/storage/applyMigrations.js'
import { createPostgresStorage } from '../../server/storage/createPostgresStorage.js'
import type { SqlStorage } from '../../server/storage/SqlStorage.js'
import { mintRelayJwt } from '../../server/relay/mintRelayJwt.js'
import { readRawJsonRpcId } from '../../server/relay/readRawJsonRpcId.js'

export type BenchRelayThroughputParameters = {
  /** Messages to send; bounded to 1..100000. Default 5000. */
  messages?: number
  /** Publishes awaiting their response at once. Default 64. */
  window?: number
  /** Bytes of each message. Default 512. */
  messageBytes?: number
  /**
   * Where the relay runs. Default: one relay on SQLite (WAL, temporary folder). With engines:
   * `instances` relays sharing one Postgres database and one Redis; with 2 the publisher is on
   * the first and the subscriber on the second, so every message crosses Redis.
   */
  engines?: { postgresUrl: string; redisUrl: string; instances: 1 | 2 }
}

export type BenchRelayThroughputReturnType = {
  messagesPerSecond: number
  messages: number
  ms: number
  /** 95th percentile of publish-sent → delivery-received, in ms (with `window` publishes in flight). */
  p95DeliveryMs: number
}

type RelayInstance = { url: string; close(): Promise<void> }

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`
}

async function closeRelayServer(relay: Relay, server: http.Server): Promise<void> {
  await relay.close()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** One relay on a temporary SQLite file, as `server/` runs without a database config. */
async function startSqliteRelay(): Promise<RelayInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-relay-bench-'))
  const db = new Database(join(dir, 'relay.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  const server = http.createServer()
  const relay = attachRelay(server, { path: '/relay', db })
  return {
    url: await listen(server),
    async close() {
      await closeRelayServer(relay, server)
      db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One relay instance on shared Postgres + Redis, as `server/` runs with `database` and `redis`. */
async function startSharedRelay(postgresUrl: string, redisUrl: string): Promise<RelayInstance> {
  const storage: SqlStorage = await createPostgresStorage(postgresUrl)
  await applyMigrations(storage)
  const fanout: RelayFanout = await createRedisFanout({ url: redisUrl })
  const server = http.createServer()
  const relay = attachRelay(server, { path: '/relay', storage, fanout })
  return {
    url: await listen(server),
    async close() {
      await closeRelayServer(relay, server)
      await fanout.close()
      await storage.close()
    },
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function openClient(url: string): Promise<WebSocket> {
  const { jwt } = mintRelayJwt({ aud: url })
  const socket = new WebSocket(`${url}?auth=${jwt}&projectId=portico-bench&ua=portico-bench`)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return socket
}

/**
 * Relay throughput between two clients on loopback: a publisher sends `messages` `irn_publish`
 * requests (at most `window` unanswered at a time) on a topic a second client subscribed to;
 * the subscriber acknowledges each `irn_subscription` as the WalletConnect client does. Every
 * message goes through the relay's mailbox: a temporary SQLite WAL database, or with `engines`
 * Postgres shared by one or two instances (fan-out through Redis). The time runs from the first
 * publish to the last delivery; each message's delivery latency from its publish being sent.
 *
 * @param parameters {@link BenchRelayThroughputParameters}
 * @returns Messages per second, the message count and the elapsed milliseconds.
 * @example
 * const { messagesPerSecond } = await benchRelayThroughput({ messages: 2000 })
 */
export async function benchRelayThroughput(
  parameters: BenchRelayThroughputParameters = {},
): Promise<BenchRelayThroughputReturnType> {
  const messages = Math.min(100_000, Math.max(1, Math.floor(parameters.messages ?? 5000)))
  const window = Math.min(1000, Math.max(1, Math.floor(parameters.window ?? 64)))
  const messageBytes = Math.min(64 * 1024, Math.max(16, Math.floor(parameters.messageBytes ?? 512)))
  const engines = parameters.engines
  const instances: RelayInstance[] = []
  const sockets: WebSocket[] = []
  try {
    if (!engines) instances.push(await startSqliteRelay())
    else for (let i = 0; i < engines.instances; i += 1) instances.push(await startSharedRelay(engines.postgresUrl, engines.redisUrl))
    const publisher = await openClient(instances[0]!.url)
    const subscriber = await openClient(instances[instances.length - 1]!.url)
    sockets.push(publisher, subscriber)
    // A fresh topic each run: a shared mailbox keeps what earlier runs left unacknowledged.
    const topic = randomBytes(32).toString('hex')

    // Subscribe, and wait for the answer.
    await new Promise<void>((resolve) => {
      subscriber.once('message', () => resolve())
      subscriber.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }))
    })

    let delivered = 0
    const sentAt: number[] = []
    const latencies: number[] = []
    const allDelivered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`benchRelayThroughput: only ${delivered}/${messages} delivered in 120 s`)), 120_000)
      subscriber.on('message', (data) => {
        const text = data.toString()
        if (!text.includes('"irn_subscription"')) return
        const at = text.indexOf('"message":"')
        const sequence = Number(text.slice(at + 11, at + 23))
        if (sentAt[sequence] !== undefined) latencies.push(performance.now() - sentAt[sequence]!)
        subscriber.send(`{"id":${readRawJsonRpcId(text)},"jsonrpc":"2.0","result":true}`)
        delivered += 1
        if (delivered === messages) {
          clearTimeout(timer)
          resolve()
        }
      })
    })

    const filler = 'x'.repeat(Math.max(0, messageBytes - 12))
    let sent = 0
    let answered = 0
    let failed = 0
    const send = (): void => {
      sent += 1
      const message = `${String(sent).padStart(12, '0')}${filler}`
      sentAt[sent] = performance.now()
      publisher.send(
        JSON.stringify({ id: sent, jsonrpc: '2.0', method: 'irn_publish', params: { topic, message, ttl: 300, tag: 1108 } }),
      )
    }
    publisher.on('message', (data) => {
      answered += 1
      if (data.toString().includes('"error"')) failed += 1
      if (sent < messages) send()
    })

    const start = performance.now()
    for (let i = 0; i < Math.min(window, messages); i += 1) send()
    await allDelivered
    const ms = performance.now() - start
    if (failed > 0) throw new Error(`benchRelayThroughput: ${failed} publishes were refused`)
    void answered
    latencies.sort((x, y) => x - y)
    return {
      messagesPerSecond: Math.round((messages / ms) * 1000),
      messages,
      ms: Math.round(ms * 10) / 10,
      p95DeliveryMs: Math.round(percentile(latencies, 95) * 10) / 10,
    }
  } finally {
    for (const socket of sockets) socket.terminate()
    for (const instance of instances) await instance.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchRelayThroughput()
  console.log(`relay throughput: ${result.messagesPerSecond} messages/s, p95 delivery ${result.p95DeliveryMs} ms (${result.messages} messages in ${result.ms} ms)`)
}
