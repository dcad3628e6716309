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
// whose every statement is answered 300 ms late, so a request is still being handled when the
// relay closes: it must be answered before its socket is closed, not dropped.
function slowed(storage: SqlStorage, ms: number): SqlStorage {
  const later = <T>(value: Promise<T>) => value.then((result) => new Promise<T>((resolve) => setTimeout(() => resolve(result), ms)))
  return {
    ...storage,
    query: (sql, params) => later(storage.query(sql, params)),
    run: (sql, params) => later(storage.run(sql, params)),
  }
}

describe('attachRelay on slow storage', () => {
  it('answers a publish still waiting for storage when the relay closes, then closes with 1001', async () => {
    const db = new Database(':memory:')
    const storage = createSqliteStorage(db)
    await applyMigrations(storage)
    const server = http.createServer()
    const relay = attachRelay(server, { path: '/relay', storage: slowed(storage, 300) })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    try {
      const client = await RawRelayClient.connect(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`)
      const id = client.send('irn_publish', { topic: 'a'.repeat(64), message: 'slow', ttl: 60 })
      await new Promise((resolve) => setTimeout(resolve, 50)) // the publish is now waiting for storage
      await relay.close()
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
