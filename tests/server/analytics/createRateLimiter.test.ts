import { describe, expect, it } from 'vitest'
import { createRateLimiter } from '../../../server/analytics/createRateLimiter.js'

describe('createRateLimiter', () => {
  it('allows max hits per window per key, then refuses until the window ends', () => {
    let now = 1_000
    const limiter = createRateLimiter({ max: 2, windowMs: 100, now: () => now })
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([true, true, false])
    expect(limiter.hit('b')).toBe(true)
    expect(limiter.retryAfterMs('a')).toBe(100)
    now += 60
    expect(limiter.retryAfterMs('a')).toBe(40)
    expect(limiter.hit('a')).toBe(false)
    now += 40
    expect(limiter.hit('a')).toBe(true)
    expect(limiter.retryAfterMs('unknown')).toBe(0)
  })

  it('stays bounded under a flood of distinct keys', () => {
    let now = 0
    const limiter = createRateLimiter({ max: 1, windowMs: 10, now: () => now })
    for (let i = 0; i < 25_000; i++) {
      now += 1
      expect(limiter.hit(`k${i}`)).toBe(true)
    }
    // Old windows were pruned, so early keys start fresh rather than being remembered forever.
    expect(limiter.retryAfterMs('k0')).toBe(0)
  })
})
