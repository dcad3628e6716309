import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { createChainProxy } from './createChainProxy.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, str } from './routeSchemas.js'

const principal = 'S[0-9A-Z]{27,40}(\\.[a-zA-Z][a-zA-Z0-9-]{0,39})?'
/** The Stacks API reads the proxy forwards (what `@stacks/transactions`, wallets and the plugin read); anything else is a 404. */
const allowedReads = [
  /^v2\/info$/,
  new RegExp(`^v2/accounts/${principal}$`),
  /^v2\/fees\/transfer$/,
  /^extended\/v1\/tx\/(0x)?[0-9a-fA-F]{64}$/,
  new RegExp(`^extended/v1/address/${principal}/(balances|stx|nonces|transactions)$`),
  new RegExp(`^metadata/v1/ft/${principal}$`),
  /^v2\/contracts\/source\/S[0-9A-Z]{27,40}\/[a-zA-Z][a-zA-Z0-9_-]{0,39}$/,
]
/** The writes: fee estimates and broadcasts. */
const allowedWrites = /^v2\/(fees\/transaction|transactions)$/
type Params = { projectId: string; chainId: string; '*'?: string }

/** Largest body (a serialized transaction, hex in JSON or raw bytes) accepted. */
const maxBodyBytes = 300_000

/**
 * Mounts the node-API proxy for stacks chains, whose `rpcUrl` serves the Stacks node API (`/v2/…`)
 * and the blockchain API (`/extended/v1/…`) on one base, so `@stacks/transactions` and SIP-030
 * wallets can use `<server>/v1/stacks/<projectId>/<caip2>` as their API base URL: `GET` forwards
 * `/v2/info`, `/v2/accounts/{principal}`, `/v2/fees/transfer`, `/extended/v1/tx/{txid}` and
 * `/extended/v1/address/{principal}/(balances|stx|nonces|transactions)`, `/metadata/v1/ft/{contract}` and
 * `/v2/contracts/source/{address}/{name}`; `POST` forwards
 * `/v2/fees/transaction` (JSON) and `/v2/transactions` (JSON `{ tx }` or raw bytes). Status, content
 * type and body pass through. Like the other proxies: the project must exist and allow the request's
 * origin (401 / 403), calls are rate limited per IP and per project (429); unknown chain or one of
 * another namespace: 400; a path outside the subset: 404; upstream down or too slow: 502. Register it
 * in its own scope (it replaces the body parsers).
 *
 * @param scope an encapsulated Fastify scope
 * @param context database and configuration
 * @example
 * await app.register(async (scope) => registerStacksProxyRoutes(scope, { db, config }))
 */
export function registerStacksProxyRoutes(scope: FastifyInstance, { config, redis, metrics }: ServerContext): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBodyBytes }, (_request, body, done) => done(null, body))

  const { admit, forward } = createChainProxy({ config, ...(redis ? { redis } : {}), ...(metrics ? { metrics } : {}), namespace: 'stacks', calls: 'Stacks API calls', exampleChainId: 'stacks:1', defaultContentType: 'application/json' })

  scope.get<{ Params: Params }>('/v1/stacks/:projectId/:chainId/*', { schema: routeSchema({ summary: 'Stacks API read', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), '*': str(512) }, responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const path = request.params['*'] ?? ''
    if (!allowedReads.some((pattern) => pattern.test(path))) throw new HttpError({ status: 404, code: 'NOT_FOUND', message: 'This Stacks API path is not proxied' })
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    if (query.length > 200) throw badRequest('The query is too long')
    return forward(reply, `${chain.rpcUrl.replace(/\/+$/, '')}/${path}${query}`, { method: 'GET' }, chain.caipNetworkId)
  })

  scope.post<{ Params: Params }>('/v1/stacks/:projectId/:chainId/*', { schema: routeSchema({ summary: 'Stacks transaction broadcast or fee estimate', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), '*': str(512) }, body: { type: 'string' }, consumes: ['application/json', 'application/octet-stream'], responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    const path = request.params['*'] ?? ''
    if (!allowedWrites.test(path)) throw new HttpError({ status: 404, code: 'NOT_FOUND', message: 'This Stacks API path is not proxied' })
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    if (body.length === 0) throw badRequest('The body is empty')
    const type = String(request.headers['content-type'] ?? 'application/octet-stream').slice(0, 100)
    if (path === 'v2/fees/transaction' && !type.includes('application/json')) throw badRequest('POST /v2/fees/transaction takes JSON')
    return forward(reply, `${chain.rpcUrl.replace(/\/+$/, '')}/${path}`, { method: 'POST', headers: { 'content-type': type.includes('application/json') ? 'application/json' : 'application/octet-stream' }, body: new Blob([new Uint8Array(body)]) }, chain.caipNetworkId)
  })
}
