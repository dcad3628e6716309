import { execFileSync } from 'node:child_process'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type TestSandbox } from '../helpers/startSandbox.js'

/** Processes whose parent is `pid`, as `{ pid, args }`. */
function childrenOf(pid: number): { pid: number; args: string }[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[2]) === pid)
    .map((match) => ({ pid: Number(match[1]), args: match[3]! }))
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('npm start -- --scale (PORTICO_SCALE=1)', () => {
  let sandbox: TestSandbox
  let postgres: { pid: number; port: number }
  let redis: { pid: number; port: number }

  beforeAll(async () => {
    sandbox = await startSandbox({ env: { PORTICO_SCALE: '1' } })
    const children = childrenOf(sandbox.pid)
    const pgProcess = children.find((child) => /\/postgres -D /.test(child.args))
    const redisProcess = children.find((child) => /redis-server /.test(child.args))
    postgres = { pid: pgProcess?.pid ?? 0, port: Number(/ -p (\d+)/.exec(pgProcess?.args ?? '')?.[1]) }
    redis = { pid: redisProcess?.pid ?? 0, port: Number(/127\.0\.0\.1:(\d+)/.exec(redisProcess?.args ?? '')?.[1]) }
  })
  afterAll(async () => {
    await sandbox?.stop()
  })

  it('prints the same one ready line, with its own Postgres and Redis', () => {
    expect(sandbox.stdout()).toBe(`Portico sandbox ready at http://127.0.0.1:${sandbox.port}\n`)
    expect(postgres.pid).toBeGreaterThan(0)
    expect(redis.pid).toBeGreaterThan(0)
  })

  it('runs two instances on them behind the balancer on the usual port', async () => {
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${sandbox.url}/getWallets?page=1&entries=1`)).status).toBe(200)
    const client = new pg.Client({ connectionString: `postgres://portico@127.0.0.1:${postgres.port}/portico_sandbox` })
    await client.connect()
    try {
      expect(Number((await client.query('SELECT COUNT(*) AS n FROM schema_migrations')).rows[0].n)).toBeGreaterThanOrEqual(4)
    } finally {
      await client.end()
    }
    const probe = new Redis(`redis://127.0.0.1:${redis.port}`)
    try {
      // Both instances listen for the relay's fan-out.
      expect(await probe.pubsub('NUMSUB', 'portico:relay:messages')).toEqual(['portico:relay:messages', 2])
    } finally {
      probe.disconnect()
    }
  })

  it('stops Postgres and Redis with itself on SIGTERM', async () => {
    const { code } = await sandbox.stop()
    expect(code).toBe(0)
    expect(isRunning(postgres.pid)).toBe(false)
    expect(isRunning(redis.pid)).toBe(false)
  })
})
