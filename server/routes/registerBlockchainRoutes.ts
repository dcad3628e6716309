import type { FastifyInstance } from 'fastify'
import { createPublicClient, http } from 'viem'
import type { PublicClient } from 'viem'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { Balance } from '../blockchain/Balance.js'
import { readBip122Balances } from '../blockchain/readBip122Balances.js'
import { readCosmosBalances } from '../blockchain/readCosmosBalances.js'
import { readEvmBalances } from '../blockchain/readEvmBalances.js'
import { readSolanaBalances } from '../blockchain/readSolanaBalances.js'
import { readPolkadotBalances } from '../blockchain/readPolkadotBalances.js'
import { readStacksBalances } from '../blockchain/readStacksBalances.js'
import { readSuiBalances } from '../blockchain/readSuiBalances.js'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { isAccountAddress } from '../utils/isAccountAddress.js'
import { isNamespaceAddress } from '../utils/isNamespaceAddress.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import { readStringParam } from '../utils/readStringParam.js'
import { readSdkParams } from '../utils/readSdkParams.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery, str } from './routeSchemas.js'

/** The namespaces whose history `/v1/account/:address/history` reads from the chain's own API (registerActivityRoutes.ts). */
const historyFromChainApi = new Set(['bip122', 'sui', 'cosmos', 'polkadot', 'stacks', 'solana'])

/** Whether `/v1/account/:address/history` serves a chain's activity: eip155 with the indexer on, and the namespaces read from their chain's API. */
export function servesHistory(caipNetworkId: string, config: { indexer?: unknown }): boolean {
  const namespace = caipNetworkId.split(':')[0] ?? ''
  return historyFromChainApi.has(namespace) || (namespace === 'eip155' && config.indexer !== false)
}

/**
 * Mounts the blockchain API: `GET /v1/supported-chains` → `{ http, ws, history }`,
 * `GET /v1/account/:address/balance?currency=usd&chainId=<caip2>` → `{ balances }` (eip155,
 * solana, sui and polkadot read from the chain, bip122 from the chain's Esplora API, cosmos from the chain's REST
 * gateway (bank balances of every denom), stacks from the chain's blockchain API (STX and configured SIP-010 tokens); other namespaces `[]` for now;
 * tokens whose read failed are listed in `unavailableTokens` and the rest is still answered) and
 * `GET /v1/identity/:address` → `{ name, avatar }`. A malformed address or chain id is a 400; a
 * chain whose native balance cannot be read within `upstreamTimeoutMs` a 502.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerBlockchainRoutes(app, { db, config })
 */
export function registerBlockchainRoutes(app: FastifyInstance, { config, publicBaseUrl }: ServerContext): void {
  const chains = new Map<string, ChainConfig>(config.chains.map((chain) => [chain.caipNetworkId, chain]))
  const clients = new Map<string, PublicClient>()
  const clientFor = (chain: ChainConfig): PublicClient => {
    let client = clients.get(chain.caipNetworkId)
    if (!client) {
      // One bounded attempt, shorter than the client's own timeout: a hung node gives a 502 in time.
      client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: upstreamTimeoutMs, retryCount: 0 }) }) as PublicClient
      clients.set(chain.caipNetworkId, client)
    }
    return client
  }
  const identities = new Map(Object.entries(config.identities ?? {}).map(([address, identity]) => [address.toLowerCase(), identity]))

  app.get('/v1/supported-chains', { schema: routeSchema({ summary: 'The chains this server serves', tags: ['blockchain'], querystring: sdkQuery, responses: { 200: { type: 'object', required: ['http', 'ws', 'history'], properties: { http: { type: 'array', items: { type: 'string' } }, ws: { type: 'array', items: { type: 'string' } }, history: { type: 'array', items: { type: 'string' } } } } }, errors: [401, 403] }) }, async (request) => {
    readSdkParams(request, config)
    return {
      http: config.chains.map((chain) => chain.caipNetworkId),
      ws: config.chains.filter((chain) => chain.wsUrl).map((chain) => chain.caipNetworkId),
      // The chains whose activity `/v1/account/:address/history` serves (Portico's addition): the
      // indexed EVM chains and the Esplora-backed Bitcoin ones; elsewhere it answers an empty list.
      history: config.chains.filter((chain) => servesHistory(chain.caipNetworkId, config)).map((chain) => chain.caipNetworkId),
    }
  })

  app.get<{ Params: { address: string } }>('/v1/account/:address/balance', { schema: routeSchema({ summary: 'Native and token balances of an account on a chain', tags: ['blockchain'], params: { address: str(128) }, querystring: { ...sdkQuery, chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), currency: str(8), forceUpdate: str(256) }, requiredQuery: ['chainId'], responses: { 200: { type: 'object', required: ['balances'], properties: { balances: { type: 'array', items: { type: 'object', required: ['name', 'symbol', 'chainId', 'quantity'] } }, unavailableTokens: { type: 'array', items: { type: 'string' } } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const { address } = request.params
    const chainId = readStringParam(request.query, 'chainId', { required: true, maxLength: 41 }) as string
    if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
    const currency = readStringParam(request.query, 'currency', { maxLength: 8 }) ?? 'usd'
    if (currency.toLowerCase() !== 'usd') throw badRequest('currency must be usd')
    readStringParam(request.query, 'forceUpdate', { maxLength: 256 })
    const namespace = chainId.split(':')[0]
    if (!isNamespaceAddress(namespace as string, address)) throw badRequest(`address is not a valid ${namespace} address`)
    const chain = chains.get(chainId)
    if (!chain || (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122' && namespace !== 'sui' && namespace !== 'cosmos' && namespace !== 'polkadot' && namespace !== 'stacks')) return { balances: [] as Balance[] }
    try {
      const baseUrl = publicBaseUrl()
      const { balances, unavailable } =
        namespace === 'eip155'
          ? await readEvmBalances({ chain, client: clientFor(chain), address, baseUrl })
          : namespace === 'solana'
            ? await readSolanaBalances({ chain, address, baseUrl })
            : namespace === 'sui'
              ? await readSuiBalances({ chain, address, baseUrl })
              : namespace === 'bip122'
                ? await readBip122Balances({ chain, address, baseUrl })
                : namespace === 'polkadot'
                  ? await readPolkadotBalances({ chain, address, baseUrl })
                  : namespace === 'stacks'
                    ? await readStacksBalances({ chain, address, baseUrl })
                    : await readCosmosBalances({ chain, address, baseUrl })
      return { balances, ...(unavailable.length > 0 ? { unavailableTokens: unavailable } : {}) }
    } catch (cause) {
      if (cause instanceof HttpError) throw cause
      throw new HttpError({ status: 502, code: 'UPSTREAM_UNAVAILABLE', message: `Could not read balances from ${chainId}`, cause })
    }
  })

  app.get<{ Params: { address: string } }>('/v1/identity/:address', { schema: routeSchema({ summary: 'The name and avatar of an account', tags: ['blockchain'], params: { address: str(128) }, querystring: { ...sdkQuery, sender: str(128) }, responses: { 200: { type: 'object', required: ['name', 'avatar'], properties: { name: { type: ['string', 'null'] }, avatar: { type: ['string', 'null'] } } } }, errors: [401, 403] }) }, async (request) => {
    readSdkParams(request, config)
    readStringParam(request.query, 'sender', { maxLength: 128 })
    const { address } = request.params
    if (!isAccountAddress(address)) throw badRequest('address is not a valid account address')
    const identity = identities.get(address.toLowerCase())
    return { name: identity?.name ?? null, avatar: identity?.avatar ?? null }
  })
}
