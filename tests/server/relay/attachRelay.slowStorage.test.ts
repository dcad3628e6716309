import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { attachRelay } from '../../../server/relay/attachRelay.js'
import { applyMigrations } from '../../../server/storage/applyMigrations.js'
import { createSqliteStorage } from '../../../server/storage/createSqliteStorage.js'
import type { SqlStorage } from '../../../server/storage/SqlStorage.js'
import { RawRelayClient, waitUntil } from './helpers/RawRelayClient.js'

// A shared database can be slow to answer (Postgres under load). The storage here is real SQLite
// whose statements are held until the test lets them through, so a request is still being handled
// when the relay closes: it must be answered before its socket is closed, not dropped.
function held(storage: SqlStorage): { storage: SqlStorage; waiting(): number; release(): void } {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let waiting = 0
  const later = async <T>(value: () => Promise<T>) => {
    waiting++
    await gate
    waiting--
    return value()
  }
  return {
    storage: { ...storage, query: (sql, params) => later(() => storage.query(sql, params)), run: (sql, params) => later(() => storage.run(sql, params)) },
    waiting: () => waiting,
    release,
  }
}

describe('attachRelay on slow storage', () => {
  it('answers a publish still waiting for storage when the relay closes, then closes with 1001', async () => {
    const db = new Database(':memory:')
    const storage = createSqliteStorage(db)
    await applyMigrations(storage)
    const server = http.createServer()
    const slow = held(storage)
    const relay = attachRelay(server, { path: '/relay', storage: slow.storage })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    try {
      const client = await RawRelayClient.connect(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`)
      const id = client.send('irn_publish', { topic: 'a'.repeat(64), message: 'slow', ttl: 60 })
      // The publish is waiting for storage; the relay closes, and only then does the storage answer.
      await waitUntil(() => (slow.waiting() > 0 ? true : undefined), 5_000, 'the publish to wait for storage')
      const closing = relay.close()
      slow.release()
      await closing
      await waitUntil(() => client.closeCode)
      expect(client.closeCode).toBe(1001)
      const answer = client.frames.find((frame) => frame.rawId === id && !('method' in frame.json))
      expect(answer?.json).toMatchObject({ result: true })
      expect(db.prepare('SELECT COUNT(*) FROM relay_messages').pluck().get()).toBe(1)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      db.close()
    }
  })
})
