import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEngines, type TestEngines } from '../../helpers/engines.js'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** Whether something accepts a TCP connection on 127.0.0.1:port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

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

  it('a process that dies without stop() (SIGKILL) leaves no engine running and no folder behind', async () => {
    // A separate Node process starts engines, prints where they are, and is killed.
    const script = "import('./sandbox/engines/startEngines.ts').then(async (m) => { const e = await m.startEngines(); console.log(JSON.stringify({ postgresUrl: e.postgresUrl, redisUrl: e.redisUrl })) })"
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] })
    const line = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('\n')) resolve(out.trim())
      })
      child.once('exit', (code) => reject(new Error(`the engines' process exited (${String(code)}) before it printed`)))
    })
    const { postgresUrl, redisUrl } = JSON.parse(line) as { postgresUrl: string; redisUrl: string }
    const ports = [Number(new URL(postgresUrl).port), Number(new URL(redisUrl).port)]
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    const dataDirectory = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory
    await client.end()
    const folder = dirname(dataDirectory)
    expect(folder).toMatch(/portico-engines-/)
    expect(await Promise.all(ports.map(answers))).toEqual([true, true])
    child.kill('SIGKILL')
    await expect.poll(() => Promise.all(ports.map(answers)), { timeout: 20_000 }).toEqual([false, false])
    await expect.poll(() => existsSync(folder), { timeout: 10_000 }).toBe(false)
  })
})
