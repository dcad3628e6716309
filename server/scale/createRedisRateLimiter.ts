import type { Redis } from 'ioredis'

/** A fixed-window limiter whose counts live in Redis, shared by every instance. */
export type SharedRateLimiter = {
  /**
   * Counts `weight` hits (default 1) for `key`. `allowed` is false when the key is over its
   * limit in the current window; `retryAfterMs` is what is left of that window. When Redis does
   * not answer the hit is allowed (the per-instance HTTP limits still apply).
   */
  hit(key: string, weight?: number): Promise<{ allowed: boolean; retryAfterMs: number }>
}

export type CreateRedisRateLimiterParameters = {
  redis: Redis
  /** Keys are `<prefix><key>`, e.g. `portico:rl:analytics:`. */
  prefix: string
  max: number
  windowMs: number
}

/**
 * The Redis twin of `createRateLimiter` (server/analytics): one counter per key that starts with
 * the key's first hit and expires with its window, so several instances enforce one limit.
 *
 * @param parameters - {@link CreateRedisRateLimiterParameters}
 * @returns the limiter
 * @example
 * const limiter = createRedisRateLimiter({ redis, prefix: 'portico:rl:analytics:', max: 300, windowMs: 60_000 })
 * if (!(await limiter.hit(projectId)).allowed) reply.code(429)
 */
export function createRedisRateLimiter({ redis, prefix, max, windowMs }: CreateRedisRateLimiterParameters): SharedRateLimiter {
  return {
    async hit(key, weight = 1) {
      const name = `${prefix}${key}`
      try {
        // SET NX PX starts the window on the first hit only; INCRBY counts; PTTL says what is left.
        const results = await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incrby(name, weight).pttl(name).exec()
        const count = Number(results?.[1]?.[1] ?? 0)
        const ttl = Number(results?.[2]?.[1] ?? windowMs)
        return { allowed: count <= max, retryAfterMs: ttl > 0 ? ttl : windowMs }
      } catch {
        return { allowed: true, retryAfterMs: 0 }
      }
    },
  }
}
