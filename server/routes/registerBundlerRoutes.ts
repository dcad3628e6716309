import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { bundlerMethods, defaultBundlerName } from '../bundler/bundlerMethods.js'
import { callBundler } from '../bundler/callBundler.js'
import { HttpError } from '../errors/HttpError.js'
import { admitChainQuery } from '../rpc/admitChainQuery.js'
import { createCallLimiter } from '../rpc/createCallLimiter.js'
import { parseJsonRpcBody } from '../rpc/parseJsonRpcBody.js'
import type { JsonRpcRequest } from '../rpc/parseJsonRpcBody.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery, str } from './routeSchemas.js'

const rpcError = (id: JsonRpcRequest['id'], code: number, message: string) => ({ jsonrpc: '2.0' as const, id: id ?? null, error: { code, message } })

/** What `eth_getUserOperationReceipt` answers when the bundler fails (contract §3 and §6). */
export const receiptFailureMessage = 'Failed to fetch user operation receipt'
/** What every other method answers when the bundler fails. */
export const bundlerFailureMessage = 'The bundler did not answer'

/**
 * Mounts the ERC-4337 bundler route `POST /v1/bundler?projectId=<id>&chainId=<CAIP-2>&bundler=<name>`
 * (docs/guides/smart-accounts.md §3): one JSON-RPC 2.0 request (not a batch) is forwarded to the
 * bundler `ServerConfig.bundlers` names for the chain. Project, origin and rate-limit checks are
 * the RPC proxy's. Only {@link bundlerMethods} are forwarded; another method answers `-32601`.
 * Unknown chain: 400 `UNSUPPORTED_CHAIN`; unknown bundler name: 400 `UNKNOWN_BUNDLER`; a batch or
 * malformed body: 400 with JSON-RPC `-32600` / `-32700`. A bundler that cannot be reached or
 * answers garbage gives `-32603` ('Failed to fetch user operation receipt' for
 * `eth_getUserOperationReceipt`, else 'The bundler did not answer'); its own JSON-RPC errors pass
 * through unchanged (all JSON-RPC errors with HTTP 200, so a JSON-RPC client reads them). Register it in its own scope: it replaces the body parsers with a raw-text one.
 *
 * @param scope - an encapsulated Fastify scope
 * @param context - the server's configuration
 * @example
 * await app.register(async (scope) => registerBundlerRoutes(scope, context))
 */
export function registerBundlerRoutes(scope: FastifyInstance, { config, redis }: ServerContext): void {
  const bundlers = new Map(Object.entries(config.bundlers ?? {}).map(([chainId, b]) => [chainId, { url: b.url, name: b.name ?? defaultBundlerName, ...(b.timeoutMs ? { timeoutMs: b.timeoutMs } : {}) }]))
  const limiter = createCallLimiter(config, 'bundler calls', redis)
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { chainId, projectId } = admitChainQuery(request, config)
    const name = readStringParam(request.query, 'bundler', { maxLength: 64 }) ?? defaultBundlerName
    const bundler = bundlers.get(chainId)
    if (!bundler) throw new HttpError({ status: 400, code: 'UNSUPPORTED_CHAIN', message: `No bundler is configured for ${chainId} on this server` })
    if (bundler.name !== name) throw new HttpError({ status: 400, code: 'UNKNOWN_BUNDLER', message: `The bundler of ${chainId} is ${bundler.name}, not ${name.slice(0, 64)}` })

    const parsed = parseJsonRpcBody(typeof request.body === 'string' ? request.body : '')
    if (!parsed.ok) return reply.code(400).send(rpcError(null, parsed.code, parsed.message))
    if (parsed.batch) return reply.code(400).send(rpcError(null, -32600, 'Invalid request: the bundler route takes one request, not a batch'))
    const call = parsed.requests[0] as JsonRpcRequest

    await limiter.charge(request, reply, projectId)

    if (!bundlerMethods.has(call.method)) return reply.send(rpcError(call.id, -32601, `The method ${call.method} does not exist / is not available on the bundler route`))
    try {
      const answer = await callBundler(bundler.url, call, bundler.timeoutMs)
      return reply.send({ jsonrpc: '2.0', id: call.id ?? null, ...answer })
    } catch (cause) {
      request.log.warn({ err: cause, chainId }, 'bundler call failed')
      return reply.send(rpcError(call.id, -32603, call.method === 'eth_getUserOperationReceipt' ? receiptFailureMessage : bundlerFailureMessage))
    }
  }

  // `rateLimit: {}`: the server's per-IP request limit (@fastify/rate-limit) on top of the call limits.
  scope.post('/v1/bundler', {
    config: { rateLimit: {} },
    schema: routeSchema({
      summary: 'One ERC-4337 JSON-RPC request to the chain\'s bundler',
      tags: ['rpc'],
      querystring: { chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), projectId: sdkQuery.projectId, bundler: str(64) },
      requiredQuery: ['chainId'],
      consumes: ['application/json'],
      body: { type: 'object', required: ['jsonrpc', 'method'], properties: { jsonrpc: { const: '2.0' }, id: { type: ['integer', 'string', 'null'] }, method: { type: 'string', maxLength: 128 }, params: { type: 'array' } } },
      responses: { 200: { type: 'object', required: ['jsonrpc'] }, 400: { anyOf: [{ type: 'object', required: ['jsonrpc', 'error'] }, { type: 'array' }, { type: 'object', required: ['code', 'message'] }] } },
      errors: [401, 403, 429],
    }),
  }, handler)
}
