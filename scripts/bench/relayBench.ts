import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import WebSocket from 'ws'
import { attachRelay } from '../../server/relay/attachRelay.js'
import { mintRelayJwt } from '../../server/relay/mintRelayJwt.js'
import { readRawJsonRpcId } from '../../server/relay/readRawJsonRpcId.js'

export type BenchRelayThroughputParameters = {
  /** Messages to send; bounded to 1..100000. Default 5000. */
  messages?: number
  /** Publishes awaiting their response at once. Default 64. */
  window?: number
  /** Bytes of each message. Default 512. */
  messageBytes?: number
}

export type BenchRelayThroughputReturnType = { messagesPerSecond: number; messages: number; ms: number }

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
 * message goes through the relay's SQLite mailbox (a temporary WAL database). The time runs from
 * the first publish to the last delivery.
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
  const dir = mkdtempSync(join(tmpdir(), 'portico-relay-bench-'))
  const db = new Database(join(dir, 'relay.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  const server = http.createServer()
  const relay = attachRelay(server, { path: '/relay', db })
  const sockets: WebSocket[] = []
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`
    const publisher = await openClient(url)
    const subscriber = await openClient(url)
    sockets.push(publisher, subscriber)
    const topic = 'b'.repeat(64)

    // Subscribe, and wait for the answer.
    await new Promise<void>((resolve) => {
      subscriber.once('message', () => resolve())
      subscriber.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }))
    })

    let delivered = 0
    const allDelivered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`benchRelayThroughput: only ${delivered}/${messages} delivered in 120 s`)), 120_000)
      subscriber.on('message', (data) => {
        const text = data.toString()
        if (!text.includes('"irn_subscription"')) return
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
    return { messagesPerSecond: Math.round((messages / ms) * 1000), messages, ms: Math.round(ms * 10) / 10 }
  } finally {
    for (const socket of sockets) socket.terminate()
    await relay.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchRelayThroughput()
  console.log(`relay throughput: ${result.messagesPerSecond} messages/s (${result.messages} messages in ${result.ms} ms)`)
}
