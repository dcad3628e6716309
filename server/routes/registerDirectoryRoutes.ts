import type { FastifyInstance } from 'fastify'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import { queryWallets } from '../directory/queryWallets.js'
import { badRequest } from '../utils/badRequest.js'
import { isWalletId } from '../utils/isWalletId.js'
import { readIntegerParam } from '../utils/readIntegerParam.js'
import { readListParam } from '../utils/readListParam.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, str } from './routeSchemas.js'

/** Most entries one `/getWallets` page returns (the modal's search asks for 100). */
export const maxEntriesPerPage = 100
/** Longest search text accepted, after trimming. */
export const maxSearchLength = 100

/**
 * Mounts `GET /getWallets`: the wallet directory with paging, search and filters,
 * answering `{ count, data }` in the incumbent's `WcWallet` shape.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerDirectoryRoutes(app, { db, config })
 */
export function registerDirectoryRoutes(app: FastifyInstance, { db }: ServerContext): void {
  app.get('/getWallets', {
    schema: routeSchema({
      summary: 'The wallet directory: a page of wallets, searched and filtered',
      tags: ['directory'],
      querystring: { page: str(16, { pattern: '^[0-9]+$' }), entries: str(16, { pattern: '^[0-9]+$' }), search: str(1024), include: str(13000), exclude: str(13000), excludedIds: str(13000), chains: str(4200), badge_type: { type: 'string', enum: ['none', 'certified'] }, badge: { type: 'string', enum: ['none', 'certified'] }, names: str(10100), rdns: str(25400), sdkType: str(64), sdkVersion: str(128) },
      responses: { 200: { type: 'object', required: ['count', 'data'], properties: { count: { type: 'integer', minimum: 0 }, data: { type: 'array', items: { type: 'object', required: ['id', 'name'] } } } } },
    }),
  }, async (request, reply) => {
    const query = request.query
    const page = readIntegerParam(query, 'page', { min: 1, max: 100_000, fallback: 1 })
    const entries = readIntegerParam(query, 'entries', { min: 1, max: maxEntriesPerPage, fallback: 40 })
    const rawSearch = readStringParam(query, 'search', { maxLength: 1024 })
    const search = rawSearch?.trim()
    if (search !== undefined && [...search].length > maxSearchLength) {
      throw badRequest(`search is too long (at most ${maxSearchLength} characters)`)
    }
    if (search !== undefined && /[\u0000-\u001f\u007f]/.test(search)) throw badRequest('search must not contain control characters')
    const idList = { isValid: isWalletId, expected: 'wallet ids ([A-Za-z0-9._-], at most 128 characters)' }
    const include = readListParam(query, 'include', idList)
    const exclude = [...(readListParam(query, 'exclude', idList) ?? []), ...(readListParam(query, 'excludedIds', idList) ?? [])]
    const chains = readListParam(query, 'chains', { isValid: isCaipNetworkId, expected: 'CAIP-2 ids (namespace:reference)', maxItems: 100 })
    // `badge` is what the incumbent's rank prefetch sends instead of `badge_type`.
    const badge = readStringParam(query, 'badge_type', { maxLength: 32 }) ?? readStringParam(query, 'badge', { maxLength: 32 })
    if (badge !== undefined && badge !== 'none' && badge !== 'certified') throw badRequest("badge_type must be 'none' or 'certified'")
    const names = readListParam(query, 'names', { isValid: (n) => n.length <= 100, expected: 'wallet names', maxItems: 100 })
    const rdns = readListParam(query, 'rdns', { isValid: (r) => /^[A-Za-z0-9.-]{1,253}$/.test(r), expected: 'reverse domain names', maxItems: 100 })

    const result = queryWallets(db, {
      page,
      entries,
      ...(search ? { search } : {}),
      ...(include ? { include } : {}),
      ...(exclude.length ? { exclude } : {}),
      ...(chains ? { chains } : {}),
      certifiedOnly: badge === 'certified',
      ...(names ? { names } : {}),
      ...(rdns ? { rdns } : {}),
    })
    reply.header('cache-control', 'public, max-age=60').header('content-type', 'application/json; charset=utf-8')
    // Entries are stored as JSON text (written by loadDirectory), so they are spliced in as they are.
    return reply.send(`{"count":${result.count},"data":[${result.entries.join(',')}]}`)
  })
}
