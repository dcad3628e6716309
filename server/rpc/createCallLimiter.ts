import type { FastifyReply } from 'fastify'
import { createRateLimiter } from '../analytics/createRateLimiter.js'
import type { ServerConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'

/** Calls per minute to the node and bundler proxies, unless `rpcRateLimit` says otherwise. */
export const defaultRpcRateLimit = { perIp: 6_000, perProject: 60_000, windowMs: 60_000 }

export type CallLimiter = {
  /**
   * Counts `count` calls for the caller's IP and the project; over either limit it sets
   * `retry-after` and throws 429 `RATE_LIMITED` naming which limit and what was called.
   */
  charge(caller: { ip: string }, reply: FastifyReply, projectId: string | undefined, count?: number): void
}

/**
 * The per-IP and per-project call counters of one proxy route (`rpcRateLimit`): the JSON-RPC
 * proxy, the node-API proxies and the bundler route each keep their own.
 *
 * @param config the server's configuration (`rpcRateLimit`)
 * @param calls what the error calls them, e.g. `RPC calls`, `bundler calls`
 * @example
 * const limiter = createCallLimiter(config, 'bundler calls')
 * limiter.charge(request, reply, projectId)
 */
export function createCallLimiter(config: Pick<ServerConfig, 'rpcRateLimit'>, calls: string): CallLimiter {
  const limits = { ...defaultRpcRateLimit, ...config.rpcRateLimit }
  const perIp = createRateLimiter({ max: limits.perIp, windowMs: limits.windowMs })
  const perProject = createRateLimiter({ max: limits.perProject, windowMs: limits.windowMs })
  return {
    charge(caller, reply, projectId, count = 1) {
      const project = projectId ?? ''
      const overIp = !perIp.hit(caller.ip, count)
      const overProject = !perProject.hit(project, count)
      if (!overIp && !overProject) return
      const retryAfterMs = Math.max(overIp ? perIp.retryAfterMs(caller.ip) : 0, overProject ? perProject.retryAfterMs(project) : 0)
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
      throw new HttpError({ status: 429, code: 'RATE_LIMITED', message: `Too many ${calls} ${overIp ? 'from this address' : 'for this project'}; try again later` })
    },
  }
}
