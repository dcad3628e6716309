import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import { builtinWalletLogo } from '../directory/builtinDirectory.js'
import { HttpError } from '../errors/HttpError.js'
import { assetLogo, tokenLogo } from '../images/brandIcons.js'
import { renderTileSvg } from '../images/renderTileSvg.js'
import type { RenderTileSvgParameters } from '../images/renderTileSvg.js'
import type { ServerContext } from './ServerContext.js'
import { empty, media, routeSchema, str } from './routeSchemas.js'

const namespaceSymbols: Record<string, string> = {
  eip155: 'ETH',
  solana: 'SOL',
  bip122: 'BTC',
  cosmos: 'ATOM',
  polkadot: 'DOT',
  sui: 'SUI',
  stacks: 'STX',
}
// Connector and social-login assets the modal asks `/public/getAssetImage` for.
const connectorAssets: Record<string, string> = {
  walletConnect: 'Wallet Connect',
  injected: 'Browser Wallet',
  announced: 'Browser Wallet',
  external: 'External Wallet',
  auth: 'Email Login',
  email: 'Email',
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
const currencyCodes = new Set(
  'USD EUR GBP JPY CAD AUD CHF CNY INR BRL MXN KRW SGD HKD SEK NOK DKK PLN CZK HUF TRY ZAR NZD ARS CLP COP PEN IDR THB VND PHP MYR AED SAR ILS NGN KES EGP UAH RON BGN'.split(' '),
)
const commonTokens = 'ETH WETH SOL BTC WBTC USDC USDT DAI MATIC POL BNB AVAX ATOM OSMO DOT KSM SUI STX OP ARB LINK UNI'.split(' ')
const imageCacheControl = 'public, max-age=86400'

/** Sends a logo when the icon set has one, else the generated tile. */
function sendSvg(request: FastifyRequest, reply: FastifyReply, parameters: RenderTileSvgParameters, logo?: string) {
  const svg = logo ?? renderTileSvg(parameters)
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`
  reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', imageCacheControl)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  if (request.headers['if-none-match'] === etag) return reply.code(304).send()
  return reply.send(svg)
}

function notFound(kind: string, id: string): HttpError {
  return new HttpError({ status: 404, code: 'IMAGE_NOT_FOUND', message: `No ${kind} image with id ${JSON.stringify(id.slice(0, 100))}` })
}

/**
 * Mounts the image endpoints: `GET /getWalletImage/:imageId`, `/public/getAssetImage/:id`,
 * `/public/getCurrencyImage/:id` and `/public/getTokenImage/:symbol`. Known tokens, networks (a
 * chain without a logo of its own gets its namespace's) and the WalletConnect asset are real
 * logos from @web3icons/core; anything else known is a deterministic SVG tile drawn on the
 * server (no external URLs); an unknown id is a 404 JSON error.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerImageRoutes(app, { db, config })
 */
export function registerImageRoutes(app: FastifyInstance, { db, config }: ServerContext): void {
  const findWallet = db.prepare('SELECT name FROM wallets WHERE image_id = ? LIMIT 1')
  const directoryChains = new Set(
    (db.prepare('SELECT DISTINCT chain_id FROM wallet_chains').all() as { chain_id: string }[]).map((row) => row.chain_id),
  )
  const chainNames = new Map(config.chains.map((chain) => [chain.caipNetworkId, chain.name]))
  const tokenSymbols = new Map<string, string>()
  for (const symbol of commonTokens) tokenSymbols.set(symbol.toLowerCase(), symbol)
  for (const chain of config.chains) {
    tokenSymbols.set(chain.nativeCurrency.symbol.toLowerCase(), chain.nativeCurrency.symbol)
    for (const token of chain.tokens ?? []) tokenSymbols.set(token.symbol.toLowerCase(), token.symbol)
  }

  app.get<{ Params: { imageId: string } }>('/getWalletImage/:imageId', { schema: routeSchema({ summary: 'A wallet logo', tags: ['images'], params: { imageId: str(200) }, responses: { 200: media('image/svg+xml'), 304: empty }, errors: [404] }) }, async (request, reply) => {
    const { imageId } = request.params
    const row = findWallet.get(imageId) as { name: string } | undefined
    if (!row) throw notFound('wallet', imageId)
    return sendSvg(request, reply, { label: row.name, seed: imageId }, builtinWalletLogo(imageId))
  })

  app.get<{ Params: { id: string } }>('/public/getAssetImage/:id', { schema: routeSchema({ summary: 'A connector, namespace or network logo', tags: ['images'], params: { id: str(200) }, responses: { 200: media('image/svg+xml'), 304: empty }, errors: [404] }) }, async (request, reply) => {
    const { id } = request.params
    const connector = connectorAssets[id]
    if (connector && Object.hasOwn(connectorAssets, id)) return sendSvg(request, reply, { label: connector, seed: `asset:${id}` }, await assetLogo(id))
    if (Object.hasOwn(namespaceSymbols, id)) return sendSvg(request, reply, { label: namespaceSymbols[id] as string, seed: `asset:${id}`, shape: 'round' }, await assetLogo(id))
    if (isCaipNetworkId(id) && (chainNames.has(id) || directoryChains.has(id))) {
      const namespace = id.split(':')[0] as string
      const label = chainNames.get(id) ?? namespaceSymbols[namespace] ?? namespace
      return sendSvg(request, reply, { label, seed: `asset:${id}`, shape: 'round' }, await assetLogo(id))
    }
    throw notFound('asset', id)
  })

  app.get<{ Params: { id: string } }>('/public/getCurrencyImage/:id', { schema: routeSchema({ summary: 'A fiat currency tile', tags: ['images'], params: { id: str(200) }, responses: { 200: media('image/svg+xml'), 304: empty }, errors: [404] }) }, async (request, reply) => {
    const code = request.params.id.toUpperCase()
    if (!currencyCodes.has(code)) throw notFound('currency', request.params.id)
    return sendSvg(request, reply, { label: code, seed: `currency:${code}`, shape: 'round' })
  })

  app.get<{ Params: { symbol: string } }>('/public/getTokenImage/:symbol', { schema: routeSchema({ summary: 'A token logo', tags: ['images'], params: { symbol: str(200) }, responses: { 200: media('image/svg+xml'), 304: empty }, errors: [404] }) }, async (request, reply) => {
    const symbol = tokenSymbols.get(request.params.symbol.toLowerCase())
    if (!symbol) throw notFound('token', request.params.symbol)
    return sendSvg(request, reply, { label: symbol, seed: `token:${symbol.toLowerCase()}`, shape: 'round' }, await tokenLogo(symbol))
  })
}
