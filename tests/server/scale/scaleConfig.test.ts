import { connect, createServer as createTcpServer, type Server } from 'node:net'
import { rmSync } from 'node:fs'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../../server/createServer.js'
import { main } from '../../../server/main.js'
import { startLoopbackBalancer } from '../../../server/scale/startLoopbackBalancer.js'
import { StorageError } from '../../../server/storage/StorageError.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { makeDataDir, startTestServer } from '../helpers/startTestServer.js'

let engines: TestEngines
beforeAll(async () => {
  engines = await startEngines()
})
afterAll(async () => {
  await engines?.stop()
})

describe('createServer: database and redis', () => {
  it('without database config keeps the relay mailbox in portico.sqlite, migrated', async () => {
    const server = await startTestServer({ relay: {} })
    try {
      expect(server.storage.dialect).toBe('sqlite')
      expect(server.db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2, 3, 4, 5, 6, 7])
      expect(server.db.prepare("SELECT name FROM sqlite_master WHERE name = 'relay_messages'").pluck().get()).toBe('relay_messages')
    } finally {
      await server.dispose()
    }
  })

  it('with database.url migrates Postgres at start and keeps the mailbox there', async () => {
    const url = await engines.createDatabase('server_config')
    const server = await startTestServer({ relay: {}, database: { url }, redis: { url: engines.redisUrl } })
    try {
      expect(server.storage.dialect).toBe('postgres')
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        expect((await client.query('SELECT version, name FROM schema_migrations ORDER BY version')).rows).toEqual([
          { version: 1, name: 'relay mailbox' },
          { version: 2, name: 'name zone' },
          { version: 3, name: 'analytics events' },
          { version: 4, name: 'email capture' },
          { version: 5, name: 'auth' },
          { version: 6, name: 'indexer' },
          { version: 7, name: 'on-ramp orders' },
        ])
      } finally {
        await client.end()
      }
      // Not in the SQLite file: that one has no relay table.
      expect(server.db.prepare("SELECT name FROM sqlite_master WHERE name = 'relay_messages'").pluck().get()).toBeUndefined()
      // Analytics events go to Postgres too.
      const event = { eventId: '00000000-0000-4000-8000-000000000001', url: 'http://127.0.0.1/', domain: '127.0.0.1', timestamp: 1_700_000_000_000, props: { type: 'track', event: 'MODAL_OPEN' } }
      expect((await server.post('/e?projectId=pg-analytics&st=appkit&sv=1.0.0', event)).status).toBe(202)
      const events = new pg.Client({ connectionString: url })
      await events.connect()
      try {
        expect((await events.query('SELECT project_id, event_id, timestamp, sdk_type FROM analytics_events')).rows).toEqual([
          { project_id: 'pg-analytics', event_id: event.eventId, timestamp: '1700000000000', sdk_type: 'appkit' },
        ])
      } finally {
        await events.end()
      }
      expect(server.db.prepare('SELECT COUNT(*) FROM analytics_events').pluck().get()).toBe(0)
    } finally {
      await server.dispose()
    }
  })

  it('takes DATABASE_URL and REDIS_URL from the environment (server/main.ts)', async () => {
    const dataDir = makeDataDir()
    const url = await engines.createDatabase('from_env')
    const server = await main({ argv: [], env: { PORT: '0', DATA_DIR: dataDir, DATABASE_URL: url, REDIS_URL: engines.redisUrl } })
    try {
      expect(server.storage.dialect).toBe('postgres')
      expect((await server.storage.query<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))[0]!.n).toBeGreaterThanOrEqual(4)
    } finally {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses a bad redis url, and an unreachable database or Redis, with a StorageError', async () => {
    const dataDir = makeDataDir()
    try {
      const base = { dataDir, port: 0, chains: [], indexer: false as const }
      await expect(createServer({ ...base, redis: { url: 'http://127.0.0.1:6379' } })).rejects.toThrow(StorageError)
      await expect(createServer({ ...base, database: { url: 'postgres://portico@127.0.0.1:1/none' } })).rejects.toMatchObject({ code: 'STORAGE_FAILED' })
      const closedPort = await new Promise<number>((resolve) => {
        const probe: Server = createTcpServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number }
          probe.close(() => resolve(port))
        })
      })
      await expect(createServer({ ...base, redis: { url: `redis://127.0.0.1:${closedPort}` } })).rejects.toThrow(/Could not connect to Redis/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})

describe('rate limits shared through Redis', () => {
  const event = { eventId: '00000000-0000-4000-8000-000000000000', url: 'http://127.0.0.1/', domain: '127.0.0.1', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }

  it('counts analytics events per project across two instances', async () => {
    const shared = { relay: false as const, redis: { url: engines.redisUrl }, analyticsRateLimit: { max: 3, windowMs: 60_000 } }
    const [a, b] = [await startTestServer(shared), await startTestServer(shared)]
    try {
      const post = (server: typeof a) => server.post('/e?projectId=shared-analytics', event)
      expect((await post(a)).status).toBe(202)
      expect((await post(b)).status).toBe(202)
      expect((await post(a)).status).toBe(202)
      const refused = await post(b)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another project has its own count.
      expect((await b.post('/e?projectId=other-project', event)).status).toBe(202)
      // Without database.url each instance keeps the events it took in its own SQLite file.
      expect(a.db.prepare("SELECT COUNT(*) FROM analytics_events WHERE project_id = 'shared-analytics'").pluck().get()).toBe(2)
      expect(b.db.prepare("SELECT COUNT(*) FROM analytics_events WHERE project_id = 'shared-analytics'").pluck().get()).toBe(1)
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })

  it('counts per-IP requests across two instances', async () => {
    // Earlier tests' requests from 127.0.0.1 are still counted in this window: start afresh.
    const admin = new Redis(engines.redisUrl)
    await admin.flushdb()
    admin.disconnect()
    const shared = { relay: false as const, redis: { url: engines.redisUrl }, requestRateLimit: { max: 4, windowMs: 60_000 } }
    const [a, b] = [await startTestServer(shared), await startTestServer(shared)]
    try {
      const statuses: number[] = []
      for (const server of [a, b, a, b, a]) statuses.push((await server.post(`/e?projectId=ip-${statuses.length}`, event)).status)
      expect(statuses).toEqual([202, 202, 202, 202, 429])
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })

  it('keeps each instance\'s own count without Redis', async () => {
    const alone = { relay: false as const, analyticsRateLimit: { max: 1, windowMs: 60_000 } }
    const [a, b] = [await startTestServer(alone), await startTestServer(alone)]
    try {
      expect((await a.post('/e?projectId=solo', event)).status).toBe(202)
      expect((await b.post('/e?projectId=solo', event)).status).toBe(202)
      expect((await a.post('/e?projectId=solo', event)).status).toBe(429)
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })
})

describe('startLoopbackBalancer', () => {
  async function echo(tag: string): Promise<{ server: Server; port: number }> {
    const server = createTcpServer((socket) => socket.end(tag))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    return { server, port: (server.address() as { port: number }).port }
  }
  async function ask(port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      let text = ''
      const socket = connect(port, '127.0.0.1')
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })
  }

  it('alternates round-robin, skips an instance that is down, and first-alive sticks to the first', async () => {
    const a = await echo('A')
    const b = await echo('B')
    const roundRobin = await startLoopbackBalancer({ backends: [a, b].map(({ port }) => ({ host: '127.0.0.1', port })) })
    const firstAlive = await startLoopbackBalancer({ backends: [a, b].map(({ port }) => ({ host: '127.0.0.1', port })), strategy: 'first-alive' })
    try {
      expect([await ask(roundRobin.port), await ask(roundRobin.port), await ask(roundRobin.port), await ask(roundRobin.port)]).toEqual(['A', 'B', 'A', 'B'])
      expect([await ask(firstAlive.port), await ask(firstAlive.port)]).toEqual(['A', 'A'])
      await new Promise<void>((resolve) => a.server.close(() => resolve()))
      expect([await ask(roundRobin.port), await ask(roundRobin.port)]).toEqual(['B', 'B'])
      expect(await ask(firstAlive.port)).toBe('B')
      expect(roundRobin.totalConnections()).toEqual([2, 4])
      await new Promise<void>((resolve) => b.server.close(() => resolve()))
      expect(await ask(roundRobin.port)).toBe('') // nobody left: the connection is closed
    } finally {
      await roundRobin.close()
      await firstAlive.close()
    }
    await expect(startLoopbackBalancer({ backends: [] })).rejects.toThrow(/at least one backend/)
  })
})
