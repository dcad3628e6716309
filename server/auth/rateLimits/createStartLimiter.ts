import type { Redis } from 'ioredis'
import { HttpError } from '../../errors/HttpError.js'
import { createRedisRateLimiter } from '../../scale/createRedisRateLimiter.js'
import type { SqlStorage } from '../../storage/SqlStorage.js'
import { digest } from '../secrets.js'

const hourMs = 3_600_000

/**
 * The error of a refused start: 429 `RATE_LIMITED` with `data.retryAfter` (seconds).
 *
 * @example
 * throw rateLimited('Too many login codes for this email this hour', 1200)
 */
export function rateLimited(message: string, retryAfterSeconds: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds))
  return new HttpError({ status: 429, code: 'RATE_LIMITED', message: `${message}; try again in ${retryAfter} s`, data: { retryAfter } })
}

/**
 * Counts login starts (email codes and social logins) per client IP. The IP is kept as a digest.
 * Without `redis` the count is a sliding hour in the server's storage (a restart keeps it; on
 * Postgres every instance shares it). With `redis` (several instances, `config.redis`) it is an
 * hourly window in Redis, shared by every instance, like the other per-IP limits; when Redis does
 * not answer the start is allowed.
 *
 * @example
 * const starts = createStartLimiter(storage, { now: Date.now, perHour: 20 })
 * await starts.hit(request.ip) // throws RATE_LIMITED past 20 in an hour
 */
export function createStartLimiter(storage: SqlStorage, { now, perHour, redis }: { now: () => number; perHour: number; redis?: Redis }) {
  const shared = redis ? createRedisRateLimiter({ redis, prefix: 'portico:rl:auth-start:', max: perHour, windowMs: hourMs }) : undefined
  const refuse = (retryAfterMs: number) => rateLimited('Too many logins started from this address', retryAfterMs / 1000)
  return {
    /** Records a start from `ip`, or throws 429 when the IP is over its hourly count. */
    async hit(ip: string): Promise<void> {
      const ipHash = digest(`ip:${ip}`)
      if (shared) {
        const { allowed, retryAfterMs } = await shared.hit(ipHash)
        if (!allowed) throw refuse(retryAfterMs)
        return
      }
      const at = now()
      await storage.transaction(async (tx) => {
        await tx.run('DELETE FROM auth_starts WHERE at <= ?', [at - hourMs])
        const [{ n, oldest }] = (await tx.query<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM auth_starts WHERE ip_hash = ? AND at > ?', [
          ipHash,
          at - hourMs,
        ])) as [{ n: number; oldest: number | null }]
        if (n >= perHour) throw refuse((oldest ?? at) + hourMs - at)
        await tx.run('INSERT INTO auth_starts (ip_hash, at) VALUES (?, ?)', [ipHash, at])
      })
    },
  }
}
