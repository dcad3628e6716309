import type { Database } from 'better-sqlite3'
import { HttpError } from '../../errors/HttpError.js'
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
 * Counts login starts (email codes and social logins) per client IP in a sliding hour, in the
 * database (a restart keeps the count). The IP is kept as a digest.
 *
 * @example
 * const starts = createStartLimiter(db, { now: Date.now, perHour: 20 })
 * starts.hit(request.ip) // throws RATE_LIMITED past 20 in an hour
 */
export function createStartLimiter(db: Database, { now, perHour }: { now: () => number; perHour: number }) {
  const count = db.prepare<[string, number], { n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM auth_starts WHERE ip_hash = ? AND at > ?')
  const insert = db.prepare('INSERT INTO auth_starts (ip_hash, at) VALUES (?, ?)')
  const prune = db.prepare('DELETE FROM auth_starts WHERE at <= ?')
  return {
    /** Records a start from `ip`, or throws 429 when the IP is over its hourly count. */
    hit(ip: string): void {
      const at = now()
      const ipHash = digest(`ip:${ip}`)
      prune.run(at - hourMs)
      const { n, oldest } = count.get(ipHash, at - hourMs) as { n: number; oldest: number | null }
      if (n >= perHour) throw rateLimited('Too many logins started from this address', ((oldest ?? at) + hourMs - at) / 1000)
      insert.run(ipHash, at)
    },
  }
}
