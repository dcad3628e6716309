import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { createChainProxy } from './createChainProxy.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, str } from './routeSchemas.js'

/** The REST gateway reads the proxy forwards (what wallets and cosmjs's REST users read); anything else is a 404. */
const allowedReads = [
  /^cosmos\/auth\/v1beta1\/accounts\/[a-z0-9]{1,90}$/,
  /^cosmos\/bank\/v1beta1\/balances\/[a-z0-9]{1,90}(\/by_denom)?$/,
  /^cosmos\/bank\/v1beta1\/denoms_metadata(\/[a-zA-Z0-9/:._-]{3,128})?$/,
  /^cosmos\/tx\/v1beta1\/txs(\/[0-9a-fA-F]{64})?$/,
  /^cosmos\/base\/tendermint\/v1beta1\/(node_info|blocks\/latest)$/,
]
/** The REST gateway writes: simulate and broadcast (JSON `{ tx_bytes, mode? }`). */
const allowedWrites = /^cosmos\/tx\/v1beta1\/(simulate|txs)$/
/** The CometBFT JSON-RPC methods the proxy forwards (what `@cosmjs/stargate` calls). */
const allowedRpcMethods = new Set(['status', 'health', 'abci_info', 'abci_query', 'broadcast_tx_sync', 'broadcast_tx_async', 'tx', 'tx_search', 'block'])
type Params = { projectId: string; chainId: string; '*'?: string }

/** Largest JSON body (a signed transaction in base64) accepted. */
const maxBodyChars = 300_000

/**
 * Mounts the node-API proxy for cosmos chains, whose `rpcUrl` serves both CometBFT RPC and the
 * REST gateway: `POST /v1/cosmos/<projectId>/<caip2>` forwards one CometBFT JSON-RPC call (methods
 * `status`, `health`, `abci_info`, `abci_query`, `broadcast_tx_sync`/`_async`, `tx`, `tx_search`,
 * `block`), so `StargateClient.connect(<that URL>)` works; `GET …/<caip2>/cosmos/…` forwards the
 * REST reads wallets use (accounts, balances, denom metadata, transactions, node info) and
 * `POST …/<caip2>/cosmos/tx/v1beta1/simulate|txs` the two REST writes. Status, content type and body
 * pass through. Like the JSON-RPC proxy: the project must exist and allow the request's origin
 * (401 / 403), and calls are rate limited per IP and per project (429 with `retry-after`). Unknown
 * chain or one of another namespace: 400; a path or method outside the subset: 404 / 400; upstream
 * down or slower than `upstreamTimeoutMs`: 502. Register it in its own scope (it replaces the body parsers).
 *
 * @param scope an encapsulated Fastify scope
 * @param context database and configuration
 * @example
 * await app.register(async (scope) => registerCosmosProxyRoutes(scope, { db, config }))
 */
export function registerCosmosProxyRoutes(scope: FastifyInstance, { config, redis, metrics }: ServerContext): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxBodyChars }, (_request, body, done) => done(null, body))

  const { admit, forward } = createChainProxy({ config, ...(redis ? { redis } : {}), ...(metrics ? { metrics } : {}), namespace: 'cosmos', calls: 'Cosmos node calls', exampleChainId: 'cosmos:cosmoshub-4', defaultContentType: 'application/json' })
  const jsonBody = (body: unknown): Record<string, unknown> => {
    let parsed: unknown
    try {
      parsed = typeof body === 'string' ? JSON.parse(body) : undefined
    } catch {
      parsed = undefined
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The body must be a JSON object')
    return parsed as Record<string, unknown>
  }

  scope.post<{ Params: Params }>('/v1/cosmos/:projectId/:chainId', { schema: routeSchema({ summary: 'CometBFT JSON-RPC of a cosmos chain', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }) }, body: { type: 'object', required: ['method'], properties: { method: { type: 'string' }, params: { type: 'object' }, id: {} } }, consumes: ['application/json'], responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const call = jsonBody(request.body)
    if (typeof call.method !== 'string' || !allowedRpcMethods.has(call.method)) {
      throw badRequest(`method must be one of the proxied CometBFT methods: ${[...allowedRpcMethods].join(', ')}`)
    }
    return forward(reply, `${chain.rpcUrl}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: call.id ?? 1, method: call.method, params: call.params ?? {} }) }, chain.caipNetworkId)
  })

  scope.get<{ Params: Params }>('/v1/cosmos/:projectId/:chainId/*', { schema: routeSchema({ summary: 'REST read of a cosmos chain', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), '*': str(512) }, responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const path = request.params['*'] ?? ''
    if (!allowedReads.some((pattern) => pattern.test(path))) throw new HttpError({ status: 404, code: 'NOT_FOUND', message: 'This Cosmos REST path is not proxied' })
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    return forward(reply, `${chain.rpcUrl}/${path}${query}`, { method: 'GET' }, chain.caipNetworkId)
  })

  scope.post<{ Params: Params }>('/v1/cosmos/:projectId/:chainId/*', { schema: routeSchema({ summary: 'Broadcast of a cosmos transaction', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), '*': str(512) }, body: { type: 'object', required: ['tx_bytes'], properties: { tx_bytes: { type: 'string' }, mode: { type: 'string' } } }, consumes: ['application/json'], responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const path = request.params['*'] ?? ''
    if (!allowedWrites.test(path)) throw new HttpError({ status: 404, code: 'NOT_FOUND', message: 'This Cosmos REST path is not proxied' })
    const body = jsonBody(request.body)
    if (typeof body.tx_bytes !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.tx_bytes)) throw badRequest('tx_bytes must be a base64 transaction')
    return forward(reply, `${chain.rpcUrl}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tx_bytes: body.tx_bytes, mode: body.mode ?? 'BROADCAST_MODE_SYNC' }) }, chain.caipNetworkId)
  })
}
