import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { benchRelayThroughput } from '../../../scripts/bench/relayBench.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'

describe('benchRelayThroughput on Postgres + Redis', () => {
  let engines: TestEngines
  beforeAll(async () => {
    engines = await startEngines()
  })
  afterAll(async () => {
    await engines?.stop()
  })

  it.each([1, 2] as const)('moves every message with %i instance(s) and reports a rate and a p95 latency', async (instances) => {
    const postgresUrl = await engines.createDatabase(`bench_${instances}`)
    const result = await benchRelayThroughput({ messages: 200, window: 16, engines: { postgresUrl, redisUrl: engines.redisUrl, instances } })
    expect(result.messages).toBe(200)
    expect(result.messagesPerSecond).toBeGreaterThan(0)
    expect(result.p95DeliveryMs).toBeGreaterThan(0)
    expect(result.p95DeliveryMs).toBeLessThanOrEqual(result.ms)
  }, 60_000)
})
