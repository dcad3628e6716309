import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { redactUrl } from '../storage/createPostgresStorage.js'
import { StorageError } from '../storage/StorageError.js'
import type { RelayFanout } from './RelayFanout.js'
import type { RelayStoredMessage } from './RelayMailbox.js'

/** The Redis channel every instance publishes its stored messages on. */
export const relayFanoutChannel = 'portico:relay:messages'

type Envelope = { from: string; messages: readonly RelayStoredMessage[] }

function isStoredMessage(value: unknown): value is RelayStoredMessage {
  if (typeof value !== 'object' || value === null) return false
  const m = value as Record<string, unknown>
  return (
    typeof m.rowId === 'number' && typeof m.topic === 'string' && typeof m.message === 'string' &&
    typeof m.publisher === 'string' && typeof m.tag === 'number' && typeof m.publishedAt === 'number' &&
    typeof m.expiresAt === 'number' && typeof m.attestation === 'string'
  )
}

/**
 * The relay fan-out on Redis pub/sub: each instance publishes the messages it stored on
 * {@link relayFanoutChannel} and delivers those of the other instances to its own subscribers.
 * The mailbox (Postgres) stays the record: a message missed here (Redis down, a client between
 * instances) is delivered from it on the client's next subscribe.
 *
 * @param parameters - `url`: `redis://host:port`
 * @returns the fan-out, subscribed (resolves once Redis confirmed the subscription); a
 *   {@link StorageError} when Redis cannot be reached
 * @example
 * const fanout = await createRedisFanout({ url: 'redis://127.0.0.1:6379' })
 * attachRelay(server, { path: '/relay', storage, fanout })
 */
export async function createRedisFanout(parameters: { url: string }): Promise<RelayFanout> {
  const instance = randomUUID()
  const publisher = new Redis(parameters.url, { lazyConnect: true, maxRetriesPerRequest: 2 })
  const subscriber = new Redis(parameters.url, { lazyConnect: true })
  // Connection errors are retried by ioredis; meanwhile publishes fail and the mailbox covers them.
  publisher.on('error', () => {})
  subscriber.on('error', () => {})
  const handlers = new Set<(message: RelayStoredMessage) => void>()
  subscriber.on('message', (_channel: string, text: string) => {
    let envelope: Envelope
    try {
      envelope = JSON.parse(text) as Envelope
    } catch {
      return
    }
    if (envelope.from === instance || !Array.isArray(envelope.messages)) return
    for (const message of envelope.messages) {
      if (!isStoredMessage(message)) continue
      for (const handler of handlers) handler(message)
    }
  })
  try {
    await Promise.all([publisher.connect(), subscriber.connect()])
    await subscriber.subscribe(relayFanoutChannel)
  } catch (error) {
    publisher.disconnect()
    subscriber.disconnect()
    throw new StorageError(`Could not connect to Redis at ${redactUrl(parameters.url)}.`, { cause: error })
  }
  let closed: Promise<void> | undefined
  return {
    async publish(messages) {
      await publisher.publish(relayFanoutChannel, JSON.stringify({ from: instance, messages } satisfies Envelope))
    },
    onMessage(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    close() {
      closed ??= (async () => {
        handlers.clear()
        await Promise.allSettled([publisher.quit(), subscriber.quit()])
      })()
      return closed
    },
  }
}
