import { describe, expect, it } from 'vitest'
import { benchRelayThroughput } from '../../../scripts/bench/relayBench.js'

describe('benchRelayThroughput', () => {
  it('moves every message between two authenticated clients and reports a rate', async () => {
    const result = await benchRelayThroughput({ messages: 300, window: 16 })
    expect(result.messages).toBe(300)
    expect(result.ms).toBeGreaterThan(0)
    // ms is reported to 0.1 ms, the rate from the unrounded time: allow that rounding.
    expect(Math.abs(result.messagesPerSecond - (300 / result.ms) * 1000)).toBeLessThan((300 / result.ms) * 1000 * 0.01 + 1)
    expect(result.p95DeliveryMs).toBeGreaterThan(0)
    expect(result.p95DeliveryMs).toBeLessThanOrEqual(result.ms)
  }, 20_000)
})
