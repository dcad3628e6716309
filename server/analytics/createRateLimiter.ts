export type RateLimiter = {
  /** Counts `weight` hits (default 1) for `key`; false when the key is over its limit in the current window. */
  hit(key: string, weight?: number): boolean
  /** Milliseconds until `key`'s window resets. */
  retryAfterMs(key: string): number
}

export type CreateRateLimiterParameters = {
  max: number
  windowMs: number
  /** Clock, injectable for tests. */
  now?: () => number
}

/**
 * A fixed-window counter per key, in memory. Expired windows are dropped as the map grows,
 * so a flood of distinct keys cannot grow it without bound.
 *
 * @param parameters - hits allowed per window, window length and an optional clock
 * @returns the limiter
 * @example
 * const limiter = createRateLimiter({ max: 300, windowMs: 60_000 })
 * if (!limiter.hit(projectId)) reply.code(429)
 */
export function createRateLimiter({ max, windowMs, now = Date.now }: CreateRateLimiterParameters): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  const prune = (time: number) => {
    for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key)
  }
  return {
    hit(key, weight = 1) {
      const time = now()
      let window = windows.get(key)
      if (!window || time - window.start >= windowMs) {
        if (windows.size >= 10_000) prune(time)
        window = { start: time, count: 0 }
        windows.set(key, window)
      }
      window.count += weight
      return window.count <= max
    },
    retryAfterMs(key) {
      const window = windows.get(key)
      return window ? Math.max(0, window.start + windowMs - now()) : 0
    },
  }
}
