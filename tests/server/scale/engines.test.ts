import pg from 'pg'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEngines, type TestEngines } from '../../helpers/engines.js'

// Debian's postgresql and redis-server on loopback, as the scale tests use them.
describe('throwaway Postgres and Redis', () => {
  let engines: TestEngines

  beforeAll(async () => {
    engines = await startEngines()
  })
  afterAll(async () => {
    await engines?.stop()
  })

  it('Postgres answers on loopback, and a created database is empty and writable', async () => {
    expect(engines.postgresUrl).toMatch(/^postgres:\/\/portico@127\.0\.0\.1:\d+\/postgres$/)
    const url = await engines.createDatabase('engines_probe')
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const version = await client.query<{ server_version_num: string }>('SHOW server_version_num')
      expect(Number(version.rows[0]!.server_version_num)).toBeGreaterThanOrEqual(130000)
      await client.query('CREATE TABLE probe (n INTEGER)')
      await client.query('INSERT INTO probe VALUES (1), (2)')
      const sum = await client.query<{ total: string }>('SELECT SUM(n) AS total FROM probe')
      expect(sum.rows[0]!.total).toBe('3')
    } finally {
      await client.end()
    }
    await expect(engines.createDatabase('Bad-Name')).rejects.toThrow(/plain lower-case identifier/)
  })

  it('Redis answers on loopback and carries pub/sub between two clients', async () => {
    expect(engines.redisUrl).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/)
    const publisher = new Redis(engines.redisUrl)
    const subscriber = new Redis(engines.redisUrl)
    try {
      expect(await publisher.ping()).toBe('PONG')
      await publisher.set('probe', '42')
      expect(await subscriber.get('probe')).toBe('42')
      const received = new Promise<string>((resolve) => subscriber.on('message', (_channel, message: string) => resolve(message)))
      await subscriber.subscribe('probe-channel')
      expect(await publisher.publish('probe-channel', 'hello')).toBe(1)
      expect(await received).toBe('hello')
    } finally {
      publisher.disconnect()
      subscriber.disconnect()
    }
  })
})
