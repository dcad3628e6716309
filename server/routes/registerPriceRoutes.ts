import type { FastifyInstance } from 'fastify'
import { isCaipAddress } from '../../kernel/utils/isCaipAddress.js'
import { badRequest } from '../utils/badRequest.js'
import { authorizeProject } from '../projects/authorizeProject.js'
import { isProjectId } from '../utils/isProjectId.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery } from './routeSchemas.js'

/** Most addresses one `/v1/fungible/price` request may ask about. */
export const maxPriceAddresses = 100

/** The address the incumbent's API uses for an EVM chain's native currency. */
export const evmNativeAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The wrapped-SOL mint, which stands for SOL. */
export const solanaNativeAddress = 'So11111111111111111111111111111111111111111'

type Fungible = { address: string; name: string; symbol: string; iconUrl: string; price: number }
type PriceEntry = Omit<Fungible, 'address' | 'iconUrl'> & { iconUrl?: string }

/**
 * Mounts `POST /v1/fungible/price` with body `{ currency: 'usd', addresses: CAIP-10[], projectId }`
 * → `{ fungibles: [{ address, name, symbol, iconUrl, price }] }` from the server's price table (each
 * chain's native currency — `0xeeee…eeee` on eip155, the wrapped-SOL mint on solana — and its
 * tokens). Addresses the table does not hold are left out; a malformed body is a 400.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerPriceRoutes(app, { db, config })
 */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 80))
  if (Array.isArray(value)) return 'an array'
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

export function registerPriceRoutes(app: FastifyInstance, { config, publicBaseUrl }: ServerContext): void {
  // Keyed by `<caip2>:<address>`, EVM addresses lower-cased.
  const table = new Map<string, PriceEntry>()
  const key = (chainId: string, address: string) => `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
  for (const chain of config.chains) {
    const native = chain.caipNetworkId.startsWith('eip155:') ? evmNativeAddress : chain.caipNetworkId.startsWith('solana:') ? solanaNativeAddress : undefined
    if (native) table.set(key(chain.caipNetworkId, native), { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, price: chain.nativePriceUsd ?? 0 })
    for (const token of chain.tokens ?? []) {
      table.set(key(chain.caipNetworkId, token.address), { name: token.name, symbol: token.symbol, price: token.priceUsd, ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}) })
    }
  }

  app.post('/v1/fungible/price', { schema: routeSchema({ summary: 'USD prices of fungible assets', tags: ['blockchain'], querystring: { projectId: sdkQuery.projectId }, body: { type: 'object', required: ['currency', 'addresses'], properties: { currency: { type: 'string', enum: ['usd'] }, addresses: { type: 'array', items: { type: 'string', maxLength: 200 } }, projectId: sdkQuery.projectId } }, responses: { 200: { type: 'object', required: ['fungibles'], properties: { fungibles: { type: 'array', items: { type: 'object', required: ['address', 'name', 'symbol', 'iconUrl', 'price'] } } } } }, errors: [401, 403] }) }, async (request) => {
    const body = request.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('the body must be a JSON object { currency, addresses, projectId }')
    const { currency, addresses, projectId } = body as Record<string, unknown>
    if (typeof currency !== 'string' || currency.toLowerCase() !== 'usd') throw badRequest('currency must be usd')
    if (projectId !== undefined && (typeof projectId !== 'string' || !isProjectId(projectId))) {
      throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
    }
    const queryProjectId = readStringParam(request.query, 'projectId', { maxLength: 128 })
    if (queryProjectId !== undefined && !isProjectId(queryProjectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
    authorizeProject({ config, projectId: (projectId as string | undefined) ?? queryProjectId, origin: request.headers.origin })
    if (!Array.isArray(addresses)) throw badRequest('addresses must be an array of CAIP-10 addresses')
    if (addresses.length > maxPriceAddresses) throw badRequest(`addresses lists too many items (at most ${maxPriceAddresses})`)
    const bad = addresses.find((a) => typeof a !== 'string' || !isCaipAddress(a))
    // Only a string is quoted back: serialising arbitrary (deeply nested) input could overflow the stack.
    if (bad !== undefined) throw badRequest(`addresses must be CAIP-10 addresses; got ${describeValue(bad)}`)
    const baseUrl = publicBaseUrl()
    const fungibles: Fungible[] = []
    for (const address of new Set(addresses as string[])) {
      const parts = address.split(':')
      const entry = table.get(key(`${parts[0]}:${parts[1]}`, parts[2] as string))
      if (!entry) continue
      fungibles.push({
        address,
        name: entry.name,
        symbol: entry.symbol,
        iconUrl: entry.iconUrl ?? `${baseUrl}/public/getTokenImage/${encodeURIComponent(entry.symbol)}`,
        price: entry.price,
      })
    }
    return { fungibles }
  })
}
