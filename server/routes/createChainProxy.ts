import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { ChainConfig, ServerConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { authorizeProject } from '../projects/authorizeProject.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import { badRequest } from '../utils/badRequest.js'
import { isProjectId } from '../utils/isProjectId.js'
import { createCallLimiter } from '../rpc/createCallLimiter.js'
import type { ServerMetrics } from '../observability/createMetrics.js'

export type ChainProxyParameters = {
  config: ServerConfig
  /** The server's Redis client when configured: the rate limits are then counted across instances. */
  redis?: Redis
  /** The server's metrics: each forward's upstream latency. */
  metrics?: ServerMetrics
  /** The namespace whose chains the proxy serves, e.g. `cosmos`. */
  namespace: string
  /** What the 429 message calls the calls, e.g. `Cosmos node calls`. */
  calls: string
  /** A chain id for the 400 message, e.g. `cosmos:cosmoshub-4`. */
  exampleChainId: string
  /** The content type sent when the upstream names none. */
  defaultContentType: string
}

/** What a node-API proxy route needs: admit a call to a chain, and forward it upstream. */
export type ChainProxy = {
  /**
   * Admits a call: the project exists and allows the origin (401 / 403), the per-IP and
   * per-project rate limits hold (429 with `retry-after`), and the chain is one of the namespace's
   * served chains (400).
   */
  admit(request: FastifyRequest<{ Params: { projectId: string; chainId: string } }>, reply: FastifyReply): Promise<ChainConfig>
  /** Forwards to the chain's node within `upstreamTimeoutMs` (502 otherwise); status, content type and body pass through. */
  forward(reply: FastifyReply, url: string, init: RequestInit, chainId?: string): Promise<FastifyReply>
}

/**
 * The admission and forwarding shared by the node-API proxies of namespaces whose clients append
 * paths to a base URL (Esplora for bip122, CometBFT RPC and the REST gateway for cosmos), with
 * rate-limit counters of its own (`rpcRateLimit`, like the JSON-RPC proxy's).
 *
 * @example
 * const proxy = createChainProxy({ config, namespace: 'bip122', calls: 'Esplora calls', exampleChainId: 'bip122:000000000019d6689c085ae165831e93', defaultContentType: 'text/plain; charset=utf-8' })
 */
export function createChainProxy({ config, redis, metrics, namespace, calls, exampleChainId, defaultContentType }: ChainProxyParameters): ChainProxy {
  const chains = new Map<string, ChainConfig>(config.chains.filter((c) => c.caipNetworkId.startsWith(`${namespace}:`)).map((c) => [c.caipNetworkId, c]))
  const limiter = createCallLimiter(config, calls, redis)
  return {
    async admit(request, reply) {
      const { projectId, chainId } = request.params
      if (!isProjectId(projectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
      authorizeProject({ config, projectId, origin: request.headers.origin })
      await limiter.charge(request, reply, projectId)
      if (!isCaipNetworkId(chainId)) throw badRequest(`chainId must be a CAIP-2 id such as ${exampleChainId}`)
      const chain = chains.get(chainId)
      if (!chain) throw new HttpError({ status: 400, code: 'UNSUPPORTED_CHAIN', message: `Chain ${chainId} is not a ${namespace} chain served by this server` })
      return chain
    },
    async forward(reply, url, init, chainId) {
      let response: Response
      const started = performance.now()
      const observe = (outcome: 'ok' | 'error') => {
        if (metrics && chainId) metrics.upstreamDuration.observe({ chain: chainId, outcome }, (performance.now() - started) / 1000)
      }
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(upstreamTimeoutMs) })
      } catch (cause) {
        observe('error')
        throw new HttpError({ status: 502, code: 'UPSTREAM_UNAVAILABLE', message: 'The chain did not answer', cause })
      }
      observe(response.status >= 500 ? 'error' : 'ok')
      const text = await response.text()
      reply.code(response.status)
      reply.header('content-type', response.headers.get('content-type') ?? defaultContentType)
      reply.header('cache-control', 'no-store')
      return reply.send(text)
    },
  }
}
