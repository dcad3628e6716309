import type { FastifyInstance } from 'fastify'

import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { ConvertProvider } from '../convert/ConvertProvider.js'
import { createUniswapV2Provider } from '../convert/createUniswapV2Provider.js'
import { badRequest } from '../utils/badRequest.js'
import { readSdkParams } from '../utils/readSdkParams.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery, str } from './routeSchemas.js'

/** Base units: a whole number, at most 78 digits (2^256), more than zero. */
function readAmount(value: unknown, name = 'amount', optional = false): bigint | undefined {
  if (value === undefined && optional) return undefined
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value)) throw badRequest(`${name} must be a whole number of the token's base units (no sign, no decimals)`)
  const amount = BigInt(value)
  if (amount <= 0n || amount >= 2n ** 256n) throw badRequest(`${name} must be more than zero and less than 2^256`)
  return amount
}

/** The CAIP-2 chain of a CAIP-10 parameter (`eip155:1:0x…` → `eip155:1`), or a 400. */
function chainOfCaip10(value: string, name: string): string {
  const chainId = value.split(':').slice(0, 2).join(':')
  if (value.split(':').length !== 3 || !isCaipNetworkId(chainId)) throw badRequest(`${name} must be a CAIP-10 address such as eip155:1:0x…`)
  return chainId
}

/**
 * Mounts the swap API (spec §7): `GET /v1/convert/tokens?chainId`, `GET /v1/convert/quotes?amount&
 * userAddress&from&to`, `GET /v1/convert/allowance?tokenAddress&userAddress`, `GET
 * /v1/convert/gas-price?chainId`, `GET /v1/convert/build-approve?userAddress&from&to` (and Portico's
 * optional `amount`, to approve only what the swap spends) and `POST /v1/convert/build-transaction`
 * with `{ amount, from, to, userAddress, eip155: { slippage }, disableEstimate }`. Amounts are base
 * units; tokens and accounts CAIP-10. Answers come from `config.convertProvider`, by default the
 * Uniswap V2-compatible pools of the chains' `swap` settings; every refusal is a 4xx with a message.
 * A token listed without a logo gets the server's token image (`/public/getTokenImage/:symbol`), as its balances do.
 *
 * @example
 * registerConvertRoutes(app, context)
 */
export function registerConvertRoutes(app: FastifyInstance, { config, publicBaseUrl }: ServerContext): void {
  const provider: ConvertProvider = config.convertProvider ?? createUniswapV2Provider(config.chains)
  const text = (query: unknown, name: string, required = true) => readStringParam(query, name, { required, maxLength: 128 }) as string

  app.get('/v1/convert/tokens', { schema: routeSchema({ summary: 'Tokens that can be swapped on a chain', tags: ['convert'], querystring: { ...sdkQuery, chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }) }, requiredQuery: ['chainId'], responses: { 200: { type: 'object', required: ['tokens'], properties: { tokens: { type: 'array' } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const chainId = text(request.query, 'chainId')
    if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
    // A token the provider lists without a logo gets the one its balances carry (the server's
    // token image), so the Swap view's list shows the same logos as Send's.
    const logo = (symbol: string) => `${publicBaseUrl()}/public/getTokenImage/${encodeURIComponent(symbol)}`
    return { tokens: (await provider.tokens(chainId)).map((token) => (token.logoUri ? token : { ...token, logoUri: logo(token.symbol) })) }
  })

  app.get('/v1/convert/quotes', { schema: routeSchema({ summary: 'A swap quote', tags: ['convert'], querystring: { ...sdkQuery, from: str(128), to: str(128), userAddress: str(128), amount: str(80, { pattern: '^[0-9]+$' }), toAmount: str(80, { pattern: '^[0-9]+$' }), gasPrice: str(80) }, requiredQuery: ['from', 'to', 'userAddress'], responses: { 200: { type: 'object', required: ['quotes'], properties: { quotes: { type: 'array' } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const q = request.query as Record<string, unknown>
    const from = text(q, 'from')
    const to = text(q, 'to')
    const userAddress = text(q, 'userAddress')
    readStringParam(q, 'gasPrice', { maxLength: 80 })
    // Portico's addition: `toAmount` instead of `amount` asks what receiving it costs.
    if (q.amount !== undefined && q.toAmount !== undefined) throw badRequest('give amount (to sell) or toAmount (to receive), not both')
    const exactOut = q.amount === undefined && q.toAmount !== undefined
    const amount = readAmount(exactOut ? q.toAmount : q.amount, exactOut ? 'toAmount' : 'amount') as bigint
    const chainId = chainOfCaip10(from, 'from')
    if (chainOfCaip10(to, 'to') !== chainId) throw badRequest('from and to must be on the same chain')
    return { quotes: [await provider.quote({ chainId, from, to, amount, userAddress, exactOut })] }
  })

  app.get('/v1/convert/allowance', { schema: routeSchema({ summary: 'A token allowance to the swap router', tags: ['convert'], querystring: { ...sdkQuery, tokenAddress: str(128), userAddress: str(128) }, requiredQuery: ['tokenAddress', 'userAddress'], responses: { 200: { type: 'object', required: ['allowance'], properties: { allowance: { type: 'string' } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const tokenAddress = text(request.query, 'tokenAddress')
    const userAddress = text(request.query, 'userAddress')
    chainOfCaip10(tokenAddress, 'tokenAddress')
    const allowance = await provider.allowance({ tokenAddress, userAddress })
    return { allowance: allowance.toString() }
  })

  app.get('/v1/convert/gas-price', { schema: routeSchema({ summary: 'Gas prices of a chain', tags: ['convert'], querystring: { ...sdkQuery, chainId: str(41, { pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }) }, requiredQuery: ['chainId'], responses: { 200: { type: 'object', required: ['standard', 'fast', 'instant'], properties: { standard: { type: 'string' }, fast: { type: 'string' }, instant: { type: 'string' } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const chainId = text(request.query, 'chainId')
    if (!isCaipNetworkId(chainId)) throw badRequest('chainId must be a CAIP-2 id such as eip155:1')
    const price = await provider.gasPrice(chainId)
    return { standard: price.standard.toString(), fast: price.fast.toString(), instant: price.instant.toString() }
  })

  app.get('/v1/convert/build-approve', { schema: routeSchema({ summary: 'The approval transaction of a swap', tags: ['convert'], querystring: { ...sdkQuery, from: str(128), to: str(128), userAddress: str(128), amount: str(80, { pattern: '^[0-9]+$' }) }, requiredQuery: ['from', 'to', 'userAddress'], responses: { 200: { type: 'object', required: ['tx'], properties: { tx: { type: 'object' } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const q = request.query as Record<string, unknown>
    const from = text(q, 'from')
    const to = text(q, 'to')
    const userAddress = text(q, 'userAddress')
    const amount = readAmount(q.amount, 'amount', true)
    const chainId = chainOfCaip10(from, 'from')
    return { tx: await provider.buildApprove({ chainId, from, to, userAddress, ...(amount ? { amount } : {}) }) }
  })

  app.post('/v1/convert/build-transaction', { schema: routeSchema({ summary: 'The swap transaction', tags: ['convert'], querystring: sdkQuery, body: { type: 'object', required: ['amount', 'from', 'to', 'userAddress'], properties: { amount: { type: 'string', pattern: '^[0-9]+$', maxLength: 80 }, from: { type: 'string', maxLength: 128 }, to: { type: 'string', maxLength: 128 }, userAddress: { type: 'string', maxLength: 128 }, disableEstimate: { type: 'boolean' }, eip155: { type: 'object', properties: { slippage: { type: 'number', exclusiveMinimum: 0, maximum: 50 } } } } }, responses: { 200: { type: 'object', required: ['tx'], properties: { tx: { type: 'object' } } } }, errors: [401, 403, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>
    const from = text(body, 'from')
    const to = text(body, 'to')
    const userAddress = text(body, 'userAddress')
    const amount = readAmount(body.amount) as bigint
    const slippage = (body.eip155 as { slippage?: unknown } | undefined)?.slippage ?? 1
    if (typeof slippage !== 'number' || !Number.isFinite(slippage) || slippage <= 0 || slippage > 50) throw badRequest('eip155.slippage must be a percentage above 0 and at most 50')
    if (body.disableEstimate !== undefined && typeof body.disableEstimate !== 'boolean') throw badRequest('disableEstimate must be a boolean')
    const chainId = chainOfCaip10(from, 'from')
    if (chainOfCaip10(to, 'to') !== chainId) throw badRequest('from and to must be on the same chain')
    return { tx: await provider.buildTransaction({ chainId, from, to, amount, userAddress, slippage, disableEstimate: body.disableEstimate === true }) }
  })
}
