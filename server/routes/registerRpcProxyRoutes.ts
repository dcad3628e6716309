import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { admitChainQuery } from '../rpc/admitChainQuery.js'
import { createCallLimiter } from '../rpc/createCallLimiter.js'
import { parseJsonRpcBody } from '../rpc/parseJsonRpcBody.js'
import type { JsonRpcRequest } from '../rpc/parseJsonRpcBody.js'
import { isRpcMethodAllowed } from '../rpc/rpcAllowLists.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import type { ServerContext } from './ServerContext.js'
import { empty, routeSchema, sdkQuery, str } from './routeSchemas.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON-RPC proxy's calls in this request (for the metrics): the chain and each call's method. */
    rpcCalls?: { chainId: string; methods: string[] }
  }
}

const rpcError = (id: JsonRpcRequest['id'], code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id: id ?? null,
  error: { code, message },
})

/** Calls (each request of a batch counts) the proxy forwards per window when the configuration sets no limit. */
export { defaultRpcRateLimit } from '../rpc/createCallLimiter.js'

/** Most requests of one batch an upstream of `namespace` takes; larger batches are split. */
export const upstreamBatchSize: Readonly<Record<string, number>> = { solana: 100 }

type UpstreamAnswer = { status: number; text: string }

async function callUpstream(rpcUrl: string, body: string, observe?: (outcome: 'ok' | 'error', seconds: number) => void): Promise<UpstreamAnswer> {
  const started = performance.now()
  try {
    const answer = await fetchUpstream(rpcUrl, body)
    observe?.('ok', (performance.now() - started) / 1000)
    return answer
  } catch (error) {
    observe?.('error', (performance.now() - started) / 1000)
    throw error
  }
}

async function fetchUpstream(rpcUrl: string, body: string): Promise<UpstreamAnswer> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(upstreamTimeoutMs),
  })
  const text = await response.text()
  if (response.status >= 500 && !/^\s*[[{]/.test(text)) throw new Error(`upstream answered HTTP ${response.status}`)
  return { status: response.status, text }
}

/**
 * Sends a batch in slices the upstream accepts, one after another, and joins the answers into
 * one array. A slice whose answer is not an array fails the whole batch (502).
 */
async function callUpstreamInSlices(rpcUrl: string, requests: JsonRpcRequest[], size: number, observe?: (outcome: 'ok' | 'error', seconds: number) => void): Promise<UpstreamAnswer> {
  const answers: unknown[] = []
  for (let index = 0; index < requests.length; index += size) {
    const slice = requests.slice(index, index + size)
    const { text } = await callUpstream(rpcUrl, JSON.stringify(slice), observe)
    if (text.trim() === '' && slice.every((r) => r.id === undefined)) continue
    const parsed = JSON.parse(text) as unknown
    if (!Array.isArray(parsed)) throw new Error('upstream answered a batch slice without an array')
    answers.push(...parsed)
  }
  return { status: 200, text: JSON.stringify(answers) }
}

/**
 * Mounts the JSON-RPC proxy `POST /v1/?chainId=<caip2>&projectId=…` (and `/v1?chainId=`). It
 * forwards single and batch requests to the configured chain's `rpcUrl` and passes the answers
 * through. Only the namespace's read-only methods (and the broadcast of signed transactions) are
 * forwarded, see {@link rpcAllowLists}; every other method gets the JSON-RPC error -32004
 * 'Requested RPC call is not allowed' without reaching the node. The project must exist and
 * allow the request's origin (401 / 403, see `authorizeProject`). Unknown or malformed chain:
 * 400 `{ code, message }`; malformed body: 400 with a JSON-RPC error (-32700 / -32600); over the
 * rate limit: 429 with `retry-after`; upstream down or slower than `upstreamTimeoutMs`: 502 with
 * JSON-RPC errors (-32603). A body of notifications only gets 204 and no body (JSON-RPC 2.0).
 * Register it in its own scope: it replaces the body parsers with a raw-text one.
 *
 * @param scope - an encapsulated Fastify scope
 * @param context - database and configuration
 * @example
 * await app.register(async (scope) => registerRpcProxyRoutes(scope, { db, config }))
 */
export function registerRpcProxyRoutes(scope: FastifyInstance, { config, redis, metrics }: ServerContext): void {
  const chains = new Map<string, ChainConfig>(config.chains.map((chain) => [chain.caipNetworkId, chain]))
  const limiter = createCallLimiter(config, 'RPC calls', redis)
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  // Each call of the body, by method (`refused` for one the allow-list keeps from the node), with the status answered (also a 429).
  scope.addHook('onResponse', async (request, reply) => {
    const calls = request.rpcCalls
    if (!metrics || !calls) return
    for (const method of calls.methods) metrics.rpcCalls.inc({ chain: calls.chainId, method, status: String(reply.statusCode) })
  })

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // The wallet frame (on the auth service's wallet origin) reads chains and broadcasts through the proxy.
    const { chainId, projectId } = admitChainQuery(request, config)
    const chain = chains.get(chainId)
    if (!chain) throw new HttpError({ status: 400, code: 'UNSUPPORTED_CHAIN', message: `Chain ${chainId} is not served by this server` })

    const text = typeof request.body === 'string' ? request.body : ''
    const parsed = parseJsonRpcBody(text)
    if (!parsed.ok) return reply.code(400).send(rpcError(null, parsed.code, parsed.message))

    const namespace = chainId.split(':')[0] as string
    request.rpcCalls = { chainId, methods: parsed.requests.map((r) => (isRpcMethodAllowed(namespace, r.method) ? r.method : 'refused')) }
    // Every call counts, so a batch of 1000 costs what 1000 single requests cost.
    await limiter.charge(request, reply, projectId, parsed.requests.length)

    const allowed = parsed.requests.filter((r) => isRpcMethodAllowed(namespace, r.method))
    const refused = parsed.requests.filter((r) => !isRpcMethodAllowed(namespace, r.method))
    const refusals = refused.filter((r) => r.id !== undefined).map((r) => rpcError(r.id, -32004, 'Requested RPC call is not allowed'))
    const notificationsOnly = parsed.requests.every((r) => r.id === undefined)
    if (allowed.length === 0) {
      if (notificationsOnly) return reply.code(204).send()
      return reply.code(200).send(parsed.batch ? refusals : (refusals[0] ?? null))
    }

    // Unchanged bodies are forwarded byte for byte; a batch with refused methods is rebuilt, and
    // one larger than the upstream takes is sent in slices.
    const sliceSize = upstreamBatchSize[namespace]
    const sliced = parsed.batch && sliceSize !== undefined && allowed.length > sliceSize
    let payload = text
    if (refused.length > 0 && !sliced) {
      try {
        payload = JSON.stringify(parsed.batch ? allowed : allowed[0])
      } catch {
        return reply.code(400).send(rpcError(null, -32600, 'Invalid request: nested too deeply'))
      }
    }
    let answer: UpstreamAnswer
    try {
      const observe = metrics ? (outcome: 'ok' | 'error', seconds: number) => metrics.upstreamDuration.observe({ chain: chainId, outcome }, seconds) : undefined
      answer = sliced ? await callUpstreamInSlices(chain.rpcUrl, allowed, sliceSize, observe) : await callUpstream(chain.rpcUrl, payload, observe)
    } catch {
      const message = `Upstream RPC for ${chainId} is unavailable`
      const errors = parsed.requests.filter((r) => r.id !== undefined).map((r) => rpcError(r.id, -32603, message))
      if (errors.length === 0) return reply.code(204).send()
      return reply.code(502).send(parsed.batch ? errors : errors[0])
    }

    if (notificationsOnly) return reply.code(204).send()
    reply.code(answer.status).header('content-type', 'application/json; charset=utf-8')
    if (refusals.length === 0) return reply.send(answer.text)
    // A batch mixing allowed and refused methods: merge the refusals into the upstream's array.
    try {
      const upstream = JSON.parse(answer.text) as unknown
      if (Array.isArray(upstream)) return reply.send([...upstream, ...refusals])
    } catch {
      // Not JSON: pass it through untouched.
    }
    return reply.send(answer.text)
  }

  // `rateLimit: {}`: the server's per-IP request limit (@fastify/rate-limit) on top of the call limits.
  const schema = routeSchema({
    summary: 'JSON-RPC proxy to a chain: read-only methods and signed transactions, single or batch',
    tags: ['rpc'],
    querystring: { chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), projectId: sdkQuery.projectId },
    requiredQuery: ['chainId'],
    consumes: ['application/json'],
    body: { anyOf: [{ type: 'object', required: ['jsonrpc', 'method'], properties: { jsonrpc: { const: '2.0' }, id: { type: ['integer', 'string', 'null'] }, method: { type: 'string', maxLength: 128 }, params: { type: ['array', 'object'] } } }, { type: 'array', maxItems: 1000 }] },
    responses: { 200: { anyOf: [{ type: 'object', required: ['jsonrpc'] }, { type: 'array' }, { type: 'null' }] }, 204: empty, 400: { anyOf: [{ type: 'object', required: ['jsonrpc', 'error'] }, { type: 'array' }, { type: 'object', required: ['code', 'message'] }] }, 502: { anyOf: [{ type: 'object', required: ['jsonrpc', 'error'] }, { type: 'array' }, { type: 'object', required: ['code', 'message'] }] } },
    errors: [401, 403, 429],
  })
  scope.post('/v1', { config: { rateLimit: {} }, schema }, handler)
  scope.post('/v1/', { config: { rateLimit: {} }, schema }, handler)
}
