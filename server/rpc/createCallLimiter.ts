import type { FastifyReply } from 'fastify'
import type { Redis } from 'ioredis'
import { createRateLimiter } from '../analytics/createRateLimiter.js'
import type { ServerConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { createRedisRateLimiter } from '../scale/createRedisRateLimiter.js'

/** Calls per minute to the node and bundler proxies, unless `rpcRateLimit` says otherwise. */
export const defaultRpcRateLimit = { perIp: 6_000, perProject: 60_000, windowMs: 60_000 }

export type CallLimiter = {
  /**
   * Counts `count` calls for the caller's IP and the project; over either limit it sets
   * `retry-after` and throws 429 `RATE_LIMITED` naming which limit and what was called.
   */
  charge(caller: { ip: string }, reply: FastifyReply, projectId: string | undefined, count?: number): Promise<void>
}

/**
 * The per-IP and per-project call counters of one proxy route (`rpcRateLimit`): the JSON-RPC
 * proxy, the node-API proxies and the bundler route each keep their own. In memory, or with
 * `redis` (`config.redis`) in Redis, so every instance counts against one limit (a Redis that does
 * not answer lets the call through).
 *
 * @param config the server's configuration (`rpcRateLimit`)
 * @param calls what the error calls them, e.g. `RPC calls`, `bundler calls`; also names the Redis keys
 * @param redis the server's Redis client, when configured
 * @example
 * const limiter = createCallLimiter(config, 'bundler calls', redis)
 * await limiter.charge(request, reply, projectId)
 */
export function createCallLimiter(config: Pick<ServerConfig, 'rpcRateLimit'>, calls: string, redis?: Redis): CallLimiter {
  const limits = { ...defaultRpcRateLimit, ...config.rpcRateLimit }
  type Counter = { hit(key: string, weight: number): Promise<{ allowed: boolean; retryAfterMs: number }> }
  const counter = (max: number, kind: 'ip' | 'project'): Counter => {
    if (redis) return createRedisRateLimiter({ redis, prefix: `portico:rl:calls:${calls.toLowerCase().replace(/[^a-z0-9]+/g, '-')}:${kind}:`, max, windowMs: limits.windowMs })
    const local = createRateLimiter({ max, windowMs: limits.windowMs })
    return {
      async hit(key, weight) {
        const allowed = local.hit(key, weight)
        return { allowed, retryAfterMs: allowed ? 0 : local.retryAfterMs(key) }
      },
    }
  }
  const perIp = counter(limits.perIp, 'ip')
  const perProject = counter(limits.perProject, 'project')
  return {
    async charge(caller, reply, projectId, count = 1) {
      const [ip, project] = await Promise.all([perIp.hit(caller.ip, count), perProject.hit(projectId ?? '', count)])
      const overIp = !ip.allowed
      const overProject = !project.allowed
      if (!overIp && !overProject) return
      const retryAfterMs = Math.max(overIp ? ip.retryAfterMs : 0, overProject ? project.retryAfterMs : 0)
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
      throw new HttpError({ status: 429, code: 'RATE_LIMITED', message: `Too many ${calls} ${overIp ? 'from this address' : 'for this project'}; try again later` })
    },
  }
}
