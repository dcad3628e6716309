import { connect, createServer as createTcpServer, type Server } from 'node:net'
import { rmSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../../server/createServer.js'
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
      expect(server.db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1])
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
        expect((await client.query('SELECT version, name FROM schema_migrations')).rows).toEqual([{ version: 1, name: 'relay mailbox' }])
      } finally {
        await client.end()
      }
      // Not in the SQLite file: that one has no relay table.
      expect(server.db.prepare("SELECT name FROM sqlite_master WHERE name = 'relay_messages'").pluck().get()).toBeUndefined()
    } finally {
      await server.dispose()
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
