// Issue 51, acceptance 2: /readyz against the real engines the scale-out tests start (Postgres,
// Redis) and a real chain upstream (anvil). Each is stopped in turn: /readyz answers 503 naming it
// within 5 s, and 200 again once it is back. /healthz answers all along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

type ReadyAnswer = { status: number; body: { status: string; down: string[]; checks: Record<string, { ok: boolean; ms: number; error?: string }> } }

describe('/readyz with Postgres, Redis and an anvil upstream', () => {
  let engines: TestEngines
  let anvil: Anvil
  let server: TestServer

  const readyz = async (): Promise<ReadyAnswer> => {
    const response = await fetch(`${server.url}/readyz`)
    return { status: response.status, body: await response.json() }
  }

  /** Polls /readyz until `wanted` holds, failing after `deadlineMs`; returns the last answer. */
  const until = async (wanted: (answer: ReadyAnswer) => boolean, deadlineMs: number, what: string): Promise<ReadyAnswer> => {
    const deadline = Date.now() + deadlineMs
    let last: ReadyAnswer | undefined
    while (Date.now() < deadline) {
      last = await readyz()
      if (wanted(last)) return last
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`/readyz did not become ${what} within ${deadlineMs} ms; last answer: ${JSON.stringify(last)}`)
  }
  const ready = (answer: ReadyAnswer) => answer.status === 200 && answer.body.status === 'ready'
  const downWith = (name: string) => (answer: ReadyAnswer) => answer.status === 503 && answer.body.status === 'unready' && answer.body.down.includes(name)

  beforeAll(async () => {
    engines = await startEngines()
    anvil = await startAnvil({ chainId: 31337 })
    server = await startTestServer({
      database: { url: await engines.createDatabase('readiness') },
      redis: { url: engines.redisUrl },
      indexer: false,
      health: { timeoutMs: 1_000 },
      chains: [{ caipNetworkId: 'eip155:31337', name: 'anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
  })

  afterAll(async () => {
    await server?.dispose()
    await anvil?.stop()
    await engines?.stop()
  })

  it('is ready when everything answers, naming each check', async () => {
    const answer = await until(ready, 30_000, 'ready')
    expect(answer.body.down).toEqual([])
    expect(Object.keys(answer.body.checks).sort()).toEqual(['chain:eip155:31337', 'database', 'redis'])
    expect(Object.values(answer.body.checks).every((check) => check.ok)).toBe(true)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('goes unready within 5 s when Postgres stops, and ready again when it returns', async () => {
    await until(ready, 30_000, 'ready')
    await engines.stopPostgres()
    const down = await until(downWith('database'), 5_000, 'unready with database down')
    expect(down.body.checks.database).toMatchObject({ ok: false })
    expect(down.body.checks.redis?.ok).toBe(true)
    // The process still answers.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    await engines.startPostgres()
    await until(ready, 30_000, 'ready after Postgres returned')
  })

  it('goes unready within 5 s when Redis stops, and ready again when it returns', async () => {
    await until(ready, 30_000, 'ready')
    await engines.stopRedis()
    const down = await until(downWith('redis'), 5_000, 'unready with redis down')
    expect(down.body.down).toEqual(['redis'])
    await engines.startRedis()
    await until(ready, 30_000, 'ready after Redis returned')
  })

  it('goes unready within 5 s when the chain upstream stops, and ready again when it returns', async () => {
    await until(ready, 30_000, 'ready')
    await anvil.stop()
    const down = await until(downWith('chain:eip155:31337'), 5_000, 'unready with the upstream down')
    expect(down.body.down).toEqual(['chain:eip155:31337'])
    // The reason names no URL (an upstream URL may carry an API key).
    expect(down.body.checks['chain:eip155:31337']?.error).not.toContain(anvil.rpcUrl)
    anvil = await startAnvil({ chainId: 31337, port: anvil.port })
    await until(ready, 30_000, 'ready after the upstream returned')
  })
})
