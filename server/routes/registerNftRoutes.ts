import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { getAddress, isAddress } from 'viem'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { renderNftSvg } from '../images/renderNftSvg.js'
import { badRequest } from '../utils/badRequest.js'
import { nftUrls } from '../utils/nftUrls.js'
import type { ServerContext } from './ServerContext.js'
import { empty, media, routeSchema, str } from './routeSchemas.js'

type Params = { chainId: string; contract: string; tokenId: string }
type Collection = NonNullable<ChainConfig['nfts']>[number]

const maxTokenId = 2n ** 256n - 1n

/**
 * Mounts the metadata and images of the ERC-721 collections the server knows:
 * `GET /v1/nft/:chainId/:contract/:tokenId` → ERC-721 metadata JSON `{ name, description, image,
 * attributes }` (what the sandbox collection's `tokenURI` points at) and
 * `GET /public/getNftImage/:chainId/:contract/:tokenId` → a deterministic generated SVG.
 * Malformed parameters are a 400; an unknown collection a 404.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerNftRoutes(app, { db, config })
 */
export function registerNftRoutes(app: FastifyInstance, { config, publicBaseUrl }: ServerContext): void {
  const collections = new Map<string, Collection>()
  for (const chain of config.chains) {
    for (const nft of chain.nfts ?? []) collections.set(`${chain.caipNetworkId}/${nft.address.toLowerCase()}`, nft)
  }

  const find = ({ chainId, contract, tokenId }: Params): { collection: Collection; contract: string; tokenId: string } => {
    if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
    if (!isAddress(contract, { strict: false })) throw badRequest('contract must be an EVM address')
    if (!/^\d{1,78}$/.test(tokenId) || BigInt(tokenId) > maxTokenId) throw badRequest('tokenId must be a decimal integer below 2^256')
    const collection = collections.get(`${chainId}/${contract.toLowerCase()}`)
    if (!collection) throw new HttpError({ status: 404, code: 'NFT_NOT_FOUND', message: `No known collection ${contract} on ${chainId}` })
    return { collection, contract: getAddress(contract), tokenId: BigInt(tokenId).toString() }
  }

  app.get<{ Params: Params }>('/v1/nft/:chainId/:contract/:tokenId', { schema: routeSchema({ summary: 'ERC-721 metadata of a token of a known collection', tags: ['nft'], params: { chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), contract: str(42), tokenId: str(78, { pattern: '^[0-9]+$' }) }, responses: { 200: { type: 'object', required: ['name', 'description', 'image', 'attributes'], properties: { name: { type: 'string' }, description: { type: 'string' }, image: { type: 'string' }, attributes: { type: 'array' } } } }, errors: [404] }) }, async (request, reply) => {
    const { collection, contract, tokenId } = find(request.params)
    const { chainId } = request.params
    reply.header('cache-control', 'public, max-age=3600')
    return {
      name: `${collection.name} #${tokenId}`,
      description: collection.description ?? `Token #${tokenId} of ${collection.name}.`,
      image: nftUrls(publicBaseUrl(), chainId, contract, tokenId).imageUrl,
      attributes: [
        { trait_type: 'Collection', value: collection.name },
        { trait_type: 'Symbol', value: collection.symbol },
      ],
    }
  })

  app.get<{ Params: Params }>('/public/getNftImage/:chainId/:contract/:tokenId', { schema: routeSchema({ summary: 'The SVG art of a token of a known collection', tags: ['nft'], params: { chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }), contract: str(42), tokenId: str(78, { pattern: '^[0-9]+$' }) }, responses: { 200: media('image/svg+xml'), 304: empty }, errors: [404] }) }, async (request, reply) => {
    const { collection, contract, tokenId } = find(request.params)
    const svg = renderNftSvg({ seed: `${request.params.chainId}/${contract.toLowerCase()}/${tokenId}`, caption: `${collection.name} #${tokenId}` })
    const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.send(svg)
  })
}
