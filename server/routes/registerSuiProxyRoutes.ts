import type { FastifyInstance } from 'fastify'
import { badRequest } from '../utils/badRequest.js'
import { createChainProxy } from './createChainProxy.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, str } from './routeSchemas.js'

type Params = { projectId: string; chainId: string }

/** Largest body (a query, or a signed transaction in base64) accepted. */
const maxBodyChars = 300_000
/** Longest query text forwarded (the SDK's longest document is about 3,000 characters). */
const maxQueryChars = 20_000

/**
 * The GraphQL RPC URL of a sui chain's `rpcUrl`: the URL itself when its path ends in `/graphql`,
 * otherwise `<rpcUrl>/graphql` (the sandbox ledger's and providers' layout).
 *
 * @example
 * suiGraphqlUrl('http://127.0.0.1:4707') // 'http://127.0.0.1:4707/graphql'
 */
export function suiGraphqlUrl(rpcUrl: string): string {
  const base = rpcUrl.replace(/\/+$/, '')
  return /\/graphql$/.test(base) ? base : `${base}/graphql`
}

/**
 * Mounts the GraphQL RPC proxy for sui chains: `POST /v1/sui/<projectId>/<caip2>/graphql` forwards
 * one GraphQL request (`{ query, variables?, operationName? }`, queries and mutations, no
 * subscriptions) to the chain's GraphQL RPC (`suiGraphqlUrl(rpcUrl)`), so `@mysten/sui`'s
 * `SuiGraphQLClient` and the sui plugin can use that URL as a network's node from a page whose CSP
 * allows only its own origin. Status, content type and body pass through. Like the other proxies:
 * the project must exist and allow the request's origin (401 / 403), calls are rate limited per IP
 * and per project (429); unknown chain or one of another namespace: 400; a malformed body: 400;
 * upstream down or too slow: 502. Register it in its own scope (it replaces the body parsers).
 *
 * @param scope an encapsulated Fastify scope
 * @param context database and configuration
 * @example
 * await app.register(async (scope) => registerSuiProxyRoutes(scope, { db, config }))
 */
export function registerSuiProxyRoutes(scope: FastifyInstance, { config, redis, metrics }: ServerContext): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxBodyChars }, (_request, body, done) => done(null, body))

  const { admit, forward } = createChainProxy({ config, ...(redis ? { redis } : {}), ...(metrics ? { metrics } : {}), namespace: 'sui', calls: 'Sui GraphQL calls', exampleChainId: 'sui:mainnet', defaultContentType: 'application/json' })

  scope.post<{ Params: Params }>('/v1/sui/:projectId/:chainId/graphql', { schema: routeSchema({ summary: 'Sui GraphQL query', tags: ['rpc'], params: { projectId: str(128), chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }) }, body: { type: 'object', required: ['query'], properties: { query: { type: 'string' }, variables: { type: ['object', 'null'] }, operationName: { type: ['string', 'null'] } } }, consumes: ['application/json'], responses: { default: { description: 'The chain\'s answer, status and body passed through', content: { '*/*': { schema: {} } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request, reply) => {
    const chain = await admit(request, reply)
    let body: unknown
    try {
      body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    } catch {
      body = undefined
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a GraphQL request: a JSON object with a "query" string')
    const { query, variables, operationName } = body as Record<string, unknown>
    if (typeof query !== 'string' || query.length === 0 || query.length > maxQueryChars) throw badRequest(`query must be a GraphQL document of at most ${maxQueryChars} characters`)
    if (/^\s*subscription\b/.test(query)) throw badRequest('Subscriptions are not proxied')
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) throw badRequest('variables must be an object')
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw badRequest('operationName must be a string')
    return forward(reply, suiGraphqlUrl(chain.rpcUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: variables ?? undefined, operationName: operationName ?? undefined }) }, chain.caipNetworkId)
  })
}
