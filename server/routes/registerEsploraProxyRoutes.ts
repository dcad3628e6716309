import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { createChainProxy } from './createChainProxy.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, str } from './routeSchemas.js'

/** The Esplora reads the proxy forwards (the subset wallets and SDKs use); anything else is a 404. */
const allowedReads = [
  /^blocks\/tip\/(height|hash)$/,
  /^fee-estimates$/,
  /^address\/[A-Za-z0-9]{14,90}(\/(utxo|txs|txs\/chain(\/[0-9a-f]{64})?|txs\/mempool))?$/,
  /^tx\/[0-9a-f]{64}(\/(status|hex|raw|outspends|merkle-proof|outspend\/\d{1,6}))?$/,
]
type Params = { projectId: string; chainId: string; '*': string }

/** Largest transaction hex accepted by `POST …/tx`. */
const maxTxHexChars = 400_000

/**
 * Mounts the Esplora REST proxy for bip122 chains, whose `rpcUrl` is an Esplora base (`…/api`):
 * `GET /v1/esplora/<projectId>/<caip2>/api/<path>` for the read paths wallets use (tip height and
 * hash, fee estimates, address summary, UTXOs and transactions, transaction JSON, status, hex and
 * outspends) and `POST /v1/esplora/<projectId>/<caip2>/api/tx` (raw transaction hex) to broadcast.
 * The project id is in the path because Esplora clients append paths to a base URL. Status,
 * content type and body pass through, so an Esplora client pointed at the proxy base works
 * unchanged. Like the JSON-RPC proxy: the project must exist and allow the request's origin (401 /
 * 403, `authorizeProject`), and calls are rate limited per IP and per project (`rpcRateLimit`,
 * 429 with `retry-after`; this proxy keeps its own counters). Unknown chain or a chain of another
 * namespace: 400; a path outside the subset: 404; upstream down or slower than
 * `upstreamTimeoutMs`: 502. Register it in its own scope: it replaces the body parsers with a
 * raw-text one.
 *
 * @param scope an encapsulated Fastify scope
 * @param context database and configuration
 * @example
 * await app.register(async (scope) => registerEsploraProxyRoutes(scope, { db, config }))
 */
export function registerEsploraProxyRoutes(scope: FastifyInstance, { config, redis, metrics }: ServerContext): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxTxHexChars + 1_000 }, (_request, body, done) => done(null, body))

  const { admit, forward } = createChainProxy({ config, ...(redis ? { redis } : {}), ...(metrics ? { metrics } : {}), namespace: 'bip122', calls: 'Esplora calls', exampleChainId: 'bip122:000000000019d6689c085ae165831e93', defaultContentType: 'text/plain; charset=utf-8' })

  scope.get<{ Params: Params }>('/v1/esplora/:projectId/:chainId/api/*', { schema: routeSchema({ summary: 'Esplora REST read of a bip122 chain', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), '*': str(512) }, responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const path = request.params['*']
    if (!allowedReads.some((pattern) => pattern.test(path))) throw new HttpError({ status: 404, code: 'NOT_FOUND', message: 'This Esplora path is not proxied' })
    return forward(reply, `${chain.rpcUrl}/${path}`, { method: 'GET' }, chain.caipNetworkId)
  })

  scope.post<{ Params: Params }>('/v1/esplora/:projectId/:chainId/api/tx', { schema: routeSchema({ summary: 'Broadcast of a raw bip122 transaction (hex)', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }) }, body: { type: 'string', pattern: '^[0-9a-fA-F]+$' }, consumes: ['text/plain'], responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const hex = typeof request.body === 'string' ? request.body.trim() : ''
    if (hex.length === 0 || hex.length > maxTxHexChars || !/^[0-9a-fA-F]+$/.test(hex)) throw badRequest('The body must be a raw transaction in hex')
    return forward(reply, `${chain.rpcUrl}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: hex }, chain.caipNetworkId)
  })
}
