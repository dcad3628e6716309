import type { FastifyInstance } from 'fastify'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { ChainConfig } from '../createServer.js'
import { readAccountHistory } from '../indexer/readAccountHistory.js'
import { readPolkadotHistory } from '../blockchain/readPolkadotHistory.js'
import { readSolanaHistory } from '../blockchain/readSolanaHistory.js'
import { readSuiHistory } from '../blockchain/readSuiHistory.js'
import { readBip122HistoryPage } from '../blockchain/readBip122HistoryPage.js'
import { readCosmosHistory } from '../blockchain/readCosmosHistory.js'
import { readStacksHistory } from '../blockchain/readStacksHistory.js'
import { readAccountNfts } from '../indexer/readAccountNfts.js'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { decodeHistoryCursor } from '../utils/decodeHistoryCursor.js'
import { isNamespaceAddress } from '../utils/isNamespaceAddress.js'
import { readSdkParams } from '../utils/readSdkParams.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery, str } from './routeSchemas.js'

/** Transactions per history page unless `indexer.historyPageSize` says otherwise. */
export const defaultHistoryPageSize = 20

function readChainAndAddress(query: unknown, address: string): { chainId: string; namespace: string } {
  const chainId = readStringParam(query, 'chainId', { required: true, maxLength: 41 }) as string
  if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
  const namespace = chainId.split(':')[0] as string
  if (!isNamespaceAddress(namespace, address)) throw badRequest(`address is not a valid ${namespace} address`)
  return { chainId, namespace }
}

/** Runs a history read from a chain's own API; its failure becomes a 502 `UPSTREAM_UNAVAILABLE` (400s pass through). */
async function upstreamPage<T>(chain: ChainConfig, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (cause) {
    if (cause instanceof HttpError) throw cause
    throw new HttpError({ status: 502, code: 'UPSTREAM_UNAVAILABLE', message: `Could not read ${what} from ${chain.caipNetworkId}`, cause })
  }
}

/**
 * Mounts the account activity endpoints, read from the indexer's tables (the server's storage):
 * `GET /v1/account/:address/history?chainId=<caip2>&cursor=` → `{ data: Transaction[], next }`
 * (eip155; bip122 chains read from their Esplora API; sui and solana chains from their JSON-RPC; cosmos chains from their REST gateway; polkadot chains from their node's recent blocks; stacks chains from their blockchain API; other namespaces and chains the server does not
 * follow answer `{ data: [], next: null }`)
 * and Portico's own `GET /v1/account/:address/nfts?chainId=<caip2>` → `{ data, next: null }`
 * (the ERC-721 tokens of known collections the account holds). A malformed address, chain id or
 * cursor is a 400.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerActivityRoutes(app, { storage, config })
 */
export function registerActivityRoutes(app: FastifyInstance, { storage, config, publicBaseUrl }: ServerContext): void {
  const chains = new Map<string, ChainConfig>(config.chains.map((chain) => [chain.caipNetworkId, chain]))
  const pageSize = (config.indexer !== false && config.indexer?.historyPageSize) || defaultHistoryPageSize

  app.get<{ Params: { address: string } }>('/v1/account/:address/history', { schema: routeSchema({ summary: 'Transactions of an account on a chain, newest first, paged', tags: ['blockchain'], params: { address: str(128) }, querystring: { ...sdkQuery, chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), cursor: str(88) }, requiredQuery: ['chainId'], responses: { 200: { type: 'object', required: ['data', 'next'], properties: { data: { type: 'array', items: { type: 'object' } }, next: { type: ['string', 'null'] } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const { address } = request.params
    const { chainId, namespace } = readChainAndAddress(request.query, address)
    // A Solana cursor is a transaction signature (up to 88 base58 characters); others fit in 64.
    const raw = readStringParam(request.query, 'cursor', { maxLength: namespace === 'solana' ? 88 : 64 })
    const chain = chains.get(chainId)
    if (chain && namespace === 'solana') return upstreamPage(chain, 'history', () => readSolanaHistory({ chain, address, pageSize, baseUrl: publicBaseUrl(), ...(raw !== undefined ? { cursor: raw } : {}) }))
    if (chain && namespace === 'sui') return readSuiHistory({ chain, address, baseUrl: publicBaseUrl(), ...(raw !== undefined ? { cursor: raw } : {}) })
    if (chain && namespace === 'polkadot') return upstreamPage(chain, 'history', () => readPolkadotHistory({ chain, address, baseUrl: publicBaseUrl(), ...(raw !== undefined ? { cursor: raw } : {}) }))
    if (chain && namespace === 'bip122') return readBip122HistoryPage({ chain, address, baseUrl: publicBaseUrl(), ...(raw !== undefined ? { cursor: raw } : {}) })
    if (chain && namespace === 'cosmos') return upstreamPage(chain, 'history', () => readCosmosHistory({ chain, address, pageSize, baseUrl: publicBaseUrl(), ...(raw !== undefined ? { cursor: raw } : {}) }))
    if (chain && namespace === 'stacks') return readStacksHistory({ chain, address, pageSize, baseUrl: publicBaseUrl(), ...(raw !== undefined ? { cursor: raw } : {}) })
    const cursor = raw === undefined ? undefined : decodeHistoryCursor(raw)
    if (!chain || namespace !== 'eip155') return { data: [], next: null }
    return readAccountHistory({ storage, chain, address, pageSize, baseUrl: publicBaseUrl(), ...(cursor ? { cursor } : {}) })
  })

  app.get<{ Params: { address: string } }>('/v1/account/:address/nfts', { schema: routeSchema({ summary: 'ERC-721 tokens of known collections an account holds', tags: ['blockchain'], params: { address: str(128) }, querystring: { ...sdkQuery, chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }) }, requiredQuery: ['chainId'], responses: { 200: { type: 'object', required: ['data', 'next'], properties: { data: { type: 'array', items: { type: 'object' } }, next: { type: ['string', 'null'] } } } }, errors: [401, 403] }) }, async (request) => {
    readSdkParams(request, config)
    const { address } = request.params
    const { chainId, namespace } = readChainAndAddress(request.query, address)
    const chain = chains.get(chainId)
    if (!chain || namespace !== 'eip155') return { data: [], next: null }
    return { data: await readAccountNfts({ storage, chain, address, baseUrl: publicBaseUrl() }), next: null }
  })
}
