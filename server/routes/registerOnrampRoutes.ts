import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

import { formatDecimalUnits } from '../../kernel/utils/formatDecimalUnits.js'
import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import { parseDecimalUnits } from '../../kernel/utils/parseDecimalUnits.js'
import { HttpError } from '../errors/HttpError.js'
import { createUrlTemplateProvider, type UrlTemplateProviderConfig } from '../onramp/createUrlTemplateProvider.js'
import { formatFiatCents, parseFiatCents } from '../onramp/fiatCents.js'
import { listOnrampAssets } from '../onramp/listOnrampAssets.js'
import type { OnrampAsset, OnrampOrderStatus, OnrampPaymentMethod, OnrampProvider, OnrampProviderQuote } from '../onramp/OnrampProvider.js'
import { badRequest } from '../utils/badRequest.js'
import { decimalOfNumber } from '../utils/decimalOfNumber.js'
import { isNamespaceAddress } from '../utils/isNamespaceAddress.js'
import { readSdkParams } from '../utils/readSdkParams.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery, str } from './routeSchemas.js'

/** `/v1/onramp/*` settings: the providers it answers from (none by default: the routes then sell nothing). */
export type OnrampConfig = { providers?: (OnrampProvider | UrlTemplateProviderConfig)[] }

/** One provider's line in a quote answer: a quote, or why there is none (never a made-up number). */
export type OnrampQuoteLine =
  | ({ provider: string; name: string; status: 'ok'; paymentMethods: OnrampPaymentMethod[] } & Omit<OnrampProviderQuote, 'fiatTotal' | 'fiatSubtotal' | 'providerFee' | 'networkFee' | 'cryptoAmount'> & {
        paymentTotal: { amount: string; currency: string }
        paymentSubtotal: { amount: string; currency: string }
        purchaseAmount: { amount: string; currency: string }
        providerFee: { amount: string; currency: string }
        networkFee: { amount: string; currency: string }
      })
  | { provider: string; name: string; status: 'unavailable' | 'out_of_limits'; message: string; paymentMethods: OnrampPaymentMethod[] }

type OrderRow = {
  id: string
  provider: string
  chain_id: string
  asset_symbol: string
  asset_address: string | null
  address: string
  fiat_currency: string
  fiat_amount: string | null
  crypto_amount: string | null
  payment_method: string
  status: OnrampOrderStatus
  tx_hash: string | null
  paid_amount: string | null
  reason: string | null
  created_at: number
  updated_at: number
}

const statusRank: Record<OnrampOrderStatus, number> = { created: 0, pending: 1, completed: 2, failed: 2 }
const fiatPattern = /^[A-Z]{3}$/
const providerIdPattern = /^[a-z0-9-]{1,32}$/

function isProvider(value: OnrampProvider | UrlTemplateProviderConfig): value is OnrampProvider {
  return typeof (value as OnrampProvider).checkoutUrl === 'function'
}

/**
 * The providers of a configuration: objects that implement `OnrampProvider` as they are, and
 * URL-template settings (`{ type: 'moonpay', publicKey, … }`) built into one.
 *
 * @throws Error for a malformed provider or two with one id
 */
export function resolveOnrampProviders(config: OnrampConfig | undefined): OnrampProvider[] {
  const providers = (config?.providers ?? []).map((p) => (isProvider(p) ? p : createUrlTemplateProvider(p)))
  const ids = new Set<string>()
  for (const provider of providers) {
    if (!providerIdPattern.test(provider.id ?? '')) throw new Error(`onramp provider id ${JSON.stringify(provider.id)} must be 1 to 32 of a-z, 0-9 and "-"`)
    if (ids.has(provider.id)) throw new Error(`onramp provider ${provider.id} is configured twice`)
    ids.add(provider.id)
  }
  return providers
}

/** The limit of a payment method that `cents` is outside of, as a sentence, or undefined when inside. */
function limitProblem(cents: bigint, method: OnrampPaymentMethod | undefined, fiatCurrency: string, methodId: string): string | undefined {
  if (!method) return `${methodId} is not a payment method this provider takes in ${fiatCurrency}`
  const min = parseFiatCents(method.min) ?? 0n
  const max = parseFiatCents(method.max) ?? 0n
  if (cents >= min && cents <= max) return undefined
  const money = (value: string) => Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `The amount must be between ${money(method.min)} and ${money(method.max)} ${fiatCurrency} (${methodId.replace('_', ' ')})`
}

/** A request body as an object (a non-object is a 400). */
function bodyOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send a JSON object')
  return body as Record<string, unknown>
}

/** A string field of a body: absent allowed unless required; another type or an overlong value is a 400. */
function field(body: Record<string, unknown>, name: string, { required = false, maxLength = 128 } = {}): string | undefined {
  const value = body[name]
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`${name} is required`)
    return undefined
  }
  if (typeof value !== 'string') throw badRequest(`${name} must be a string`)
  if (value.length > maxLength) throw badRequest(`${name} is too long (at most ${maxLength} characters)`)
  return value
}

/**
 * An amount field of a body that the incumbent's client sends as a JSON number
 * (`presetFiatAmount: 50`) and others as a decimal string (`"50"`): either, as a decimal string
 * for the amount readers to check. A number that is not finite (`1e400` reads as Infinity) and any
 * other type are a 400.
 */
function amountField(body: Record<string, unknown>, name: string, maxLength: number): string | undefined {
  const value = body[name]
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw badRequest(`${name} must be a finite number`)
    return decimalOfNumber(value)
  }
  if (value !== undefined && value !== null && typeof value !== 'string') throw badRequest(`${name} must be a number or a decimal string`)
  return field(body, name, { maxLength })
}

/**
 * Mounts the on-ramp API (spec §7): `GET /v1/onramp/options`, `POST /v1/onramp/quote`, `POST
 * /v1/generators/onrampurl`, and Portico's `GET /v1/onramp/orders/:orderId` (what a checkout
 * became, which the plugin polls) and `POST /v1/onramp/webhooks/:provider` (a provider's signed
 * report on an order). Answers come from `config.onramp.providers`; keys never leave the server
 * (only a checkout URL carries what the provider's widget requires). Every refusal is a 4xx with
 * a message; a provider that cannot quote says so in its line of the quote.
 *
 * @example
 * await app.register(async (scope) => registerOnrampRoutes(scope, context))
 */
export async function registerOnrampRoutes(app: FastifyInstance, { storage, config }: ServerContext): Promise<void> {
  const providers = resolveOnrampProviders(config.onramp)
  const assets = listOnrampAssets(config.chains)
  // Orders live in the server's storage (SQLite, or Postgres shared by every instance): a
  // provider's report may reach another instance than the one that opened the checkout.
  const select = async (id: string) => (await storage.query<OrderRow>('SELECT * FROM onramp_orders WHERE id = ?', [id]))[0]

  const sold = (asset: OnrampAsset) => providers.filter((p) => p.supports(asset))
  const findAsset = (symbol: string, chainId: string) => assets.find((a) => a.chainId === chainId && a.symbol.toLowerCase() === symbol.toLowerCase())
  const readAsset = (symbol: string | undefined, chainId: string | undefined): OnrampAsset => {
    if (!chainId || !isCaipNetworkId(chainId)) throw badRequest('network must be a CAIP-2 id such as eip155:1')
    if (!symbol) throw badRequest('purchaseCurrency is required')
    const asset = findAsset(symbol, chainId)
    if (!asset || sold(asset).length === 0) throw new HttpError({ status: 400, code: 'UNSUPPORTED_ASSET', message: `No on-ramp provider here sells ${symbol.slice(0, 16)} on ${chainId}` })
    return asset
  }
  const readFiat = (value: string | undefined): string => {
    const fiat = (value ?? 'USD').toUpperCase()
    if (!fiatPattern.test(fiat)) throw badRequest('paymentCurrency must be an ISO 4217 code such as USD')
    return fiat
  }
  const readMethod = (value: string | undefined): string => {
    const method = value ?? 'card'
    if (!/^[a-z_]{1,32}$/.test(method)) throw badRequest('paymentMethod must be a payment method id such as card')
    return method
  }
  const readCrypto = (value: string | undefined, asset: OnrampAsset): string | undefined => {
    if (value === undefined) return undefined
    const units = parseDecimalUnits(value, asset.decimals)
    if (units === undefined || units <= 0n || value.length > 60) throw badRequest(`the amount must be a positive decimal of ${asset.symbol} with at most ${asset.decimals} decimals`)
    return formatDecimalUnits(units, asset.decimals)
  }
  const readFiatAmount = (value: string | undefined): string | undefined => {
    if (value === undefined) return undefined
    const cents = parseFiatCents(value)
    if (cents === undefined || cents <= 0n) throw badRequest('the amount must be a positive fiat amount with at most 2 decimals, e.g. "50" or "49.99"')
    return formatFiatCents(cents)
  }

  app.get('/v1/onramp/options', { schema: routeSchema({ summary: 'What the on-ramp sells, in which currencies and payment methods', tags: ['onramp'], querystring: sdkQuery, responses: { 200: { type: 'object' } }, errors: [401, 403] }) }, async (request) => {
    readSdkParams(request, config)
    const offered = assets.filter((a) => sold(a).length > 0)
    const bySymbol = new Map<string, OnrampAsset[]>()
    for (const asset of offered) bySymbol.set(asset.symbol, [...(bySymbol.get(asset.symbol) ?? []), asset])
    const fiats = [...new Set(providers.flatMap((p) => p.fiatCurrencies))].sort()
    const limitsOf = (fiat: string) => {
      const merged = new Map<string, OnrampPaymentMethod>()
      for (const method of providers.flatMap((p) => p.paymentMethods(fiat))) {
        const known = merged.get(method.id)
        if (!known) merged.set(method.id, { ...method })
        else merged.set(method.id, { id: method.id, min: Number(method.min) < Number(known.min) ? method.min : known.min, max: Number(method.max) > Number(known.max) ? method.max : known.max })
      }
      return [...merged.values()]
    }
    return {
      purchaseCurrencies: [...bySymbol.entries()].map(([symbol, list]) => ({
        id: symbol,
        name: list[0]?.name ?? symbol,
        symbol,
        networks: list.map((a) => ({ name: a.chainId, display_name: a.chainName, chain_id: a.chainId, contract_address: a.address ?? '', decimals: a.decimals })),
      })),
      paymentCurrencies: fiats.map((id) => ({ id, payment_method_limits: limitsOf(id) })),
      // Portico's addition: who sells what, and who quotes.
      providers: providers.map((p) => ({
        id: p.id,
        name: p.name,
        quotes: typeof p.quote === 'function',
        fiatCurrencies: [...p.fiatCurrencies],
        assets: offered.filter((a) => p.supports(a)).map((a) => ({ chainId: a.chainId, symbol: a.symbol })),
      })),
    }
  })

  app.post('/v1/onramp/quote', { schema: routeSchema({ summary: 'Quotes of every provider for a purchase', tags: ['onramp'], querystring: sdkQuery, body: { type: 'object', properties: { purchaseCurrency: { type: 'string', maxLength: 64 }, paymentCurrency: { type: 'string', maxLength: 8 }, amount: { type: 'string', maxLength: 32 }, network: { type: 'string', maxLength: 64 } } }, responses: { 200: { type: 'object' } }, errors: [401, 403, 404, 429, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const body = bodyOf(request.body)
    const asset = readAsset(field(body, 'purchaseCurrency', { required: true, maxLength: 16 }), field(body, 'network', { required: true }))
    const fiatCurrency = readFiat(field(body, 'paymentCurrency', { maxLength: 8 }))
    const paymentMethod = readMethod(field(body, 'paymentMethod', { maxLength: 32 }))
    const side = field(body, 'amountIn', { maxLength: 8 }) ?? 'fiat'
    if (side !== 'fiat' && side !== 'crypto') throw badRequest('amountIn must be "fiat" or "crypto"')
    const amount = field(body, 'amount', { required: true, maxLength: 60 })
    const fiatAmount = side === 'fiat' ? readFiatAmount(amount) : undefined
    const cryptoAmount = side === 'crypto' ? readCrypto(amount, asset) : undefined
    const only = field(body, 'provider', { maxLength: 32 })
    const chosen = sold(asset).filter((p) => !only || p.id === only)
    if (only && chosen.length === 0) throw badRequest(`provider ${only.slice(0, 32)} does not sell ${asset.symbol} on ${asset.chainId} here`)

    const lines: OnrampQuoteLine[] = await Promise.all(
      chosen.map(async (provider): Promise<OnrampQuoteLine> => {
        const methods = provider.paymentMethods(fiatCurrency)
        const base = { provider: provider.id, name: provider.name, paymentMethods: methods }
        if (!provider.fiatCurrencies.includes(fiatCurrency)) return { ...base, status: 'unavailable', message: `${provider.name} does not take ${fiatCurrency}` }
        const method = methods.find((m) => m.id === paymentMethod)
        if (fiatAmount !== undefined) {
          const problem = limitProblem(parseFiatCents(fiatAmount) as bigint, method, fiatCurrency, paymentMethod)
          if (problem) return { ...base, status: 'out_of_limits', message: problem }
        }
        if (!provider.quote) return { ...base, status: 'unavailable', message: `${provider.name} shows its price in its own checkout` }
        let quote: OnrampProviderQuote
        try {
          quote = await provider.quote({ asset, fiatCurrency, paymentMethod, ...(fiatAmount !== undefined ? { fiatAmount } : {}), ...(cryptoAmount !== undefined ? { cryptoAmount } : {}) })
        } catch (error) {
          const message = error instanceof HttpError ? error.shortMessage : `${provider.name} could not quote right now`
          return { ...base, status: error instanceof HttpError && error.code === 'OUT_OF_LIMITS' ? 'out_of_limits' : 'unavailable', message }
        }
        const problem = limitProblem(parseFiatCents(quote.fiatTotal) ?? 0n, method, fiatCurrency, paymentMethod)
        if (problem) return { ...base, status: 'out_of_limits', message: problem }
        const money = (value: string) => ({ amount: value, currency: fiatCurrency })
        return {
          ...base,
          status: 'ok',
          quoteId: quote.quoteId,
          paymentTotal: money(quote.fiatTotal),
          paymentSubtotal: money(quote.fiatSubtotal),
          providerFee: money(quote.providerFee),
          networkFee: money(quote.networkFee),
          purchaseAmount: { amount: quote.cryptoAmount, currency: asset.symbol },
        }
      }),
    )
    // No provider takes this amount (each line is out of its limits): a 400 `OUT_OF_LIMITS`, as
    // docs/server/onramp.md lists it, naming the limits and carrying the lines. A provider that
    // takes it, or prices in its own checkout, keeps the answer a 200 with the others marked.
    const refusals = lines.filter((l): l is Exclude<OnrampQuoteLine, { status: 'ok' }> => l.status === 'out_of_limits')
    if (refusals.length > 0 && refusals.length === lines.length) {
      const same = refusals.every((l) => l.message === refusals[0]?.message)
      const message = same ? (refusals[0]?.message as string) : refusals.map((l) => `${l.name}: ${l.message}`).join('; ')
      throw new HttpError({ status: 400, code: 'OUT_OF_LIMITS', message, data: { quotes: lines } })
    }
    const best = lines.filter((l) => l.status === 'ok').sort((a, b) => Number(b.purchaseAmount.amount) - Number(a.purchaseAmount.amount))[0]
    // The spec's single-quote fields come from the best real quote only; with none they are absent.
    const summary = best ? { quoteId: best.quoteId, paymentTotal: best.paymentTotal, paymentSubtotal: best.paymentSubtotal, purchaseAmount: best.purchaseAmount, networkFee: best.networkFee } : {}
    return { ...summary, quotes: lines }
  })

  app.post('/v1/generators/onrampurl', { schema: routeSchema({ summary: 'A checkout URL of a provider', tags: ['onramp'], querystring: sdkQuery, body: { type: 'object' }, responses: { 200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } }, errors: [401, 403, 404, 429, 502] }) }, async (request) => {
    readSdkParams(request, config)
    const body = bodyOf(request.body)
    const wallets = body.destinationWallets
    if (!Array.isArray(wallets) || wallets.length !== 1 || typeof wallets[0] !== 'object' || wallets[0] === null) throw badRequest('destinationWallets must hold one { address, blockchains, assets }')
    const wallet = wallets[0] as Record<string, unknown>
    const address = field(wallet, 'address', { required: true, maxLength: 128 }) as string
    const network = field(body, 'defaultNetwork') ?? (Array.isArray(wallet.blockchains) && typeof wallet.blockchains[0] === 'string' ? wallet.blockchains[0] : undefined)
    const symbol = Array.isArray(wallet.assets) && typeof wallet.assets[0] === 'string' ? wallet.assets[0].slice(0, 16) : undefined
    const asset = readAsset(symbol, network)
    if (!isNamespaceAddress(asset.chainId.split(':')[0] as string, address)) throw badRequest(`destinationWallets[0].address is not a valid ${asset.chainId.split(':')[0]} address`)
    const fiatCurrency = readFiat(field(body, 'paymentCurrency', { maxLength: 8 }))
    const paymentMethod = readMethod(field(body, 'paymentMethod', { maxLength: 32 }))
    const fiatAmount = readFiatAmount(amountField(body, 'presetFiatAmount', 20))
    const cryptoAmount = readCrypto(amountField(body, 'presetCryptoAmount', 60), asset)
    if (fiatAmount === undefined && cryptoAmount === undefined) throw badRequest('give presetFiatAmount or presetCryptoAmount')
    if (body.defaultExperience !== undefined && body.defaultExperience !== 'buy') throw badRequest('defaultExperience must be "buy"')
    const candidates = sold(asset)
    const providerId = field(body, 'provider', { maxLength: 32 }) ?? (candidates.length === 1 ? candidates[0]?.id : undefined)
    if (!providerId) throw badRequest('provider is required when more than one provider sells this asset')
    const provider = candidates.find((p) => p.id === providerId)
    if (!provider) throw badRequest(`provider ${providerId.slice(0, 32)} does not sell ${asset.symbol} on ${asset.chainId} here`)
    if (!provider.fiatCurrencies.includes(fiatCurrency)) throw badRequest(`${provider.name} does not take ${fiatCurrency}`)
    if (fiatAmount !== undefined) {
      const problem = limitProblem(parseFiatCents(fiatAmount) as bigint, provider.paymentMethods(fiatCurrency).find((m) => m.id === paymentMethod), fiatCurrency, paymentMethod)
      if (problem) throw new HttpError({ status: 400, code: 'OUT_OF_LIMITS', message: problem })
    }
    const redirectUrl = field(body, 'redirectUrl', { maxLength: 2048 })
    if (redirectUrl !== undefined && !/^https?:\/\/\S+$/.test(redirectUrl)) throw badRequest('redirectUrl must be an http(s) URL')
    const orderId = randomBytes(16).toString('base64url')
    let url: string
    try {
      url = await provider.checkoutUrl({
        orderId,
        asset,
        address,
        fiatCurrency,
        paymentMethod,
        ...(fiatAmount !== undefined ? { fiatAmount } : {}),
        ...(cryptoAmount !== undefined ? { cryptoAmount } : {}),
        ...(redirectUrl ? { redirectUrl } : {}),
      })
    } catch (cause) {
      request.log.error(cause)
      throw new HttpError({ status: 502, code: 'ONRAMP_PROVIDER_FAILED', message: `${provider.name} could not open a checkout right now`, cause })
    }
    const now = Date.now()
    await storage.run(
      `INSERT INTO onramp_orders (id, provider, chain_id, asset_symbol, asset_address, address, fiat_currency, fiat_amount, crypto_amount, payment_method, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?)`,
      [orderId, provider.id, asset.chainId, asset.symbol, asset.address ?? null, address, fiatCurrency, fiatAmount ?? null, cryptoAmount ?? null, paymentMethod, now, now],
    )
    return { url, orderId }
  })

  app.get('/v1/onramp/orders/:orderId', { schema: routeSchema({ summary: 'The status of an on-ramp order', tags: ['onramp'], params: { orderId: str(64) }, querystring: sdkQuery, responses: { 200: { type: 'object' } }, errors: [401, 403, 404] }) }, async (request) => {
    readSdkParams(request, config)
    const orderId = readStringParam(request.params, 'orderId', { required: true, maxLength: 64 }) as string
    const row = /^[A-Za-z0-9_-]{22}$/.test(orderId) ? await select(orderId) : undefined
    if (!row) throw new HttpError({ status: 404, code: 'ORDER_NOT_FOUND', message: 'No on-ramp order has this id' })
    return {
      orderId: row.id,
      provider: row.provider,
      status: row.status,
      chainId: row.chain_id,
      purchaseCurrency: row.asset_symbol,
      address: row.address,
      paymentCurrency: row.fiat_currency,
      fiatAmount: row.fiat_amount,
      cryptoAmount: row.paid_amount ?? row.crypto_amount,
      txHash: row.tx_hash,
      reason: row.reason,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  })

  // Webhooks need the body exactly as sent (the signature covers its bytes): parsed as text here.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    scope.post('/v1/onramp/webhooks/:provider', { schema: routeSchema({ summary: 'A provider\'s signed report of an order', tags: ['onramp'], params: { provider: str(64) }, consumes: ['*/*'], body: { type: 'string' }, responses: { 200: { type: 'object' } }, errors: [401, 404, 409] }) }, async (request) => {
      const id = readStringParam(request.params, 'provider', { required: true, maxLength: 32 }) as string
      const provider = providers.find((p) => p.id === id)
      if (!provider?.verifyWebhook) throw new HttpError({ status: 404, code: 'NOT_FOUND', message: `No on-ramp provider ${id.slice(0, 32)} reports here` })
      if (typeof request.body !== 'string') throw badRequest('Send the report as application/json')
      let report: ReturnType<NonNullable<OnrampProvider['verifyWebhook']>>
      try {
        report = provider.verifyWebhook(request.body, request.headers)
      } catch (cause) {
        throw new HttpError({ status: 401, code: 'INVALID_SIGNATURE', message: 'The report is not signed by this provider', cause })
      }
      const row = await select(report.orderId)
      if (!row || row.provider !== provider.id) throw new HttpError({ status: 404, code: 'ORDER_NOT_FOUND', message: 'No order of this provider has this id' })
      if (statusRank[report.status] === undefined) throw badRequest('status must be pending, completed or failed')
      if (statusRank[report.status] <= statusRank[row.status] && !(report.status === row.status && report.status === 'pending')) {
        throw new HttpError({ status: 409, code: 'ORDER_CLOSED', message: `The order is already ${row.status}` })
      }
      // Only from the status just read: a report handled meanwhile (on another instance) wins.
      const { changes } = await storage.run(
        'UPDATE onramp_orders SET status = ?, tx_hash = COALESCE(?, tx_hash), paid_amount = COALESCE(?, paid_amount), reason = COALESCE(?, reason), updated_at = ? WHERE id = ? AND status = ?',
        [report.status, report.txHash?.slice(0, 128) ?? null, report.cryptoAmount?.slice(0, 60) ?? null, report.reason?.slice(0, 300) ?? null, Date.now(), row.id, row.status],
      )
      if (changes !== 1) throw new HttpError({ status: 409, code: 'ORDER_CLOSED', message: 'The order changed while this report was handled; send it again' })
      return { ok: true }
    })
  })
}
