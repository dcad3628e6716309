import { OnrampApiError, OnrampOutOfLimitsError } from '../errors.js'

/** An asset on one network, from `/v1/onramp/options`. */
export type OnrampAssetOption = { key: string; symbol: string; name: string; chainId: string; chainName: string; address: string | undefined; decimals: number }
export type OnrampLimit = { id: string; min: string; max: string }
export type OnrampOptions = {
  assets: OnrampAssetOption[]
  fiatCurrencies: { id: string; limits: OnrampLimit[] }[]
}
export type OnrampMoney = { amount: string; currency: string }
/** One provider's answer: a real quote, or why there is none (then the view never shows a number). */
export type OnrampQuoteLine =
  | { provider: string; name: string; status: 'ok'; quoteId: string; paymentTotal: OnrampMoney; paymentSubtotal: OnrampMoney; providerFee: OnrampMoney; networkFee: OnrampMoney; purchaseAmount: OnrampMoney; paymentMethods: OnrampLimit[] }
  | { provider: string; name: string; status: 'unavailable' | 'out_of_limits'; message: string; paymentMethods: OnrampLimit[] }
export type OnrampOrder = { orderId: string; provider: string; status: 'created' | 'pending' | 'completed' | 'failed'; chainId: string; cryptoAmount: string | null; txHash: string | null; reason: string | null }
export type OnrampApi = ReturnType<typeof createOnrampApi>

const decimal = /^\d{1,40}(\.\d{1,36})?$/
const fiat = /^\d{1,12}(\.\d{1,2})?$/
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')
const money = (value: unknown, pattern: RegExp): OnrampMoney | undefined => {
  const v = value as OnrampMoney
  return typeof v?.amount === 'string' && pattern.test(v.amount) && typeof v.currency === 'string' ? { amount: v.amount, currency: v.currency.slice(0, 16) } : undefined
}
const limits = (value: unknown): OnrampLimit[] =>
  (Array.isArray(value) ? value : [])
    .filter((l): l is OnrampLimit => typeof l?.id === 'string' && typeof l.min === 'string' && fiat.test(l.min) && typeof l.max === 'string' && fiat.test(l.max))
    .slice(0, 10)
    .map((l) => ({ id: l.id.slice(0, 32), min: l.min, max: l.max }))

/**
 * A client of a server that speaks the on-ramp API (spec §7): the Portico server or any other.
 * `url(path, params)` builds the address with the project's `projectId`, `st` and `sv`. A 4xx's
 * `message` becomes an {@link OnrampApiError} with that message (a 400 `OUT_OF_LIMITS` an
 * {@link OnrampOutOfLimitsError}; for a quote, its lines are the answer, each out of limits);
 * answers are checked and what does not fit is dropped, never trusted (a quote line without a
 * valid amount is no quote).
 *
 * @example
 * const api = createOnrampApi({ url: (path, params) => portico.services.blockchainApi.url(path, params) })
 */
export function createOnrampApi({ url, fetch: fetchFn = (...args) => globalThis.fetch(...args) }: { url: (path: string, params?: Record<string, string>) => string; fetch?: typeof fetch }) {
  async function call<T>(path: string, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await fetchFn(url(path), body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    } catch (cause) {
      throw new OnrampApiError('The on-ramp service is unreachable', { cause })
    }
    const raw = await response.text()
    let parsed: unknown
    try {
      parsed = raw ? JSON.parse(raw) : undefined
    } catch {
      parsed = undefined
    }
    if (!response.ok) {
      const refusal = parsed as { code?: unknown; message?: unknown; data?: { quotes?: unknown } } | undefined
      const message = typeof refusal?.message === 'string' ? refusal.message.slice(0, 300) || 'The on-ramp service failed' : 'The on-ramp service failed'
      // No provider takes the amount (docs/server/onramp.md): the limits, not a failure.
      if (response.status === 400 && refusal?.code === 'OUT_OF_LIMITS') {
        throw new OnrampOutOfLimitsError(message, { status: response.status, lines: Array.isArray(refusal.data?.quotes) ? refusal.data.quotes : [] })
      }
      throw new OnrampApiError(message, { status: response.status })
    }
    if (typeof parsed !== 'object' || parsed === null) throw new OnrampApiError('The on-ramp service answered something that is not JSON', { status: response.status })
    return parsed as T
  }
  return {
    async options(): Promise<OnrampOptions> {
      const body = await call<{ purchaseCurrencies?: unknown; paymentCurrencies?: unknown }>('/v1/onramp/options')
      const assets: OnrampAssetOption[] = []
      for (const currency of (Array.isArray(body.purchaseCurrencies) ? body.purchaseCurrencies : []).slice(0, 200)) {
        const symbol = text(currency?.symbol, 16)
        if (!symbol) continue
        for (const network of (Array.isArray(currency.networks) ? currency.networks : []).slice(0, 50)) {
          const chainId = text(network?.chain_id, 128)
          const decimals = Number(network?.decimals ?? 18)
          if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chainId) || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) continue
          const address = text(network.contract_address, 128) || undefined
          assets.push({ key: `${chainId}|${symbol}`, symbol, name: text(currency.name, 64) || symbol, chainId, chainName: text(network.display_name, 64) || chainId, address, decimals })
        }
      }
      const fiatCurrencies = (Array.isArray(body.paymentCurrencies) ? body.paymentCurrencies : [])
        .filter((c): c is { id: string; payment_method_limits: unknown } => typeof c?.id === 'string' && /^[A-Z]{3}$/.test(c.id))
        .map((c) => ({ id: c.id, limits: limits(c.payment_method_limits) }))
      return { assets, fiatCurrencies }
    },
    async quote(request: { purchaseCurrency: string; network: string; paymentCurrency: string; amount: string; amountIn: 'fiat' | 'crypto'; paymentMethod: string }): Promise<OnrampQuoteLine[]> {
      let answered: unknown
      let refused: OnrampOutOfLimitsError | undefined
      try {
        const body = await call<{ quotes?: unknown }>('/v1/onramp/quote', request)
        answered = body.quotes
      } catch (error) {
        // An amount no provider takes: the providers' lines say each one's limits, as a 200's
        // out-of-limits lines do. A refusal without lines stays the error (its message names the limits).
        if (!(error instanceof OnrampOutOfLimitsError)) throw error
        refused = error
        answered = error.lines.map((line) => (typeof line === 'object' && line !== null ? { ...line, status: 'out_of_limits' } : line))
      }
      const lines: OnrampQuoteLine[] = []
      for (const line of (Array.isArray(answered) ? answered : []).slice(0, 20)) {
        const provider = text(line?.provider, 32)
        if (!provider) continue
        const base = { provider, name: text(line.name, 64) || provider, paymentMethods: limits(line.paymentMethods) }
        if (line.status === 'ok') {
          const total = money(line.paymentTotal, fiat)
          const subtotal = money(line.paymentSubtotal, fiat)
          const providerFee = money(line.providerFee, fiat)
          const networkFee = money(line.networkFee, fiat)
          const purchase = money(line.purchaseAmount, decimal)
          // A quote that does not add up is no quote.
          if (total && subtotal && providerFee && networkFee && purchase && Number(purchase.amount) > 0) {
            lines.push({ ...base, status: 'ok', quoteId: text(line.quoteId, 128), paymentTotal: total, paymentSubtotal: subtotal, providerFee, networkFee, purchaseAmount: purchase })
            continue
          }
          lines.push({ ...base, status: 'unavailable', message: 'The provider answered a quote that does not add up' })
        } else lines.push({ ...base, status: line.status === 'out_of_limits' ? 'out_of_limits' : 'unavailable', message: text(line.message, 200) || 'No quote' })
      }
      if (refused && lines.length === 0) throw refused
      return lines
    },
    async checkoutUrl(request: { provider: string; address: string; network: string; purchaseCurrency: string; paymentCurrency: string; paymentMethod: string; presetFiatAmount?: string; presetCryptoAmount?: string; redirectUrl?: string }): Promise<{ url: string; orderId: string }> {
      const { provider, address, network, purchaseCurrency, ...rest } = request
      const body = await call<{ url?: unknown; orderId?: unknown }>('/v1/generators/onrampurl', {
        destinationWallets: [{ address, blockchains: [network], assets: [purchaseCurrency] }],
        defaultNetwork: network,
        defaultExperience: 'buy',
        provider,
        ...rest,
      })
      if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url) || body.url.length > 8192) throw new OnrampApiError('The on-ramp service returned no checkout URL')
      return { url: body.url, orderId: typeof body.orderId === 'string' ? body.orderId.slice(0, 64) : '' }
    },
    async order(orderId: string): Promise<OnrampOrder> {
      const body = await call<Partial<OnrampOrder>>(`/v1/onramp/orders/${encodeURIComponent(orderId)}`)
      const status = body.status
      if (status !== 'created' && status !== 'pending' && status !== 'completed' && status !== 'failed') throw new OnrampApiError('The on-ramp service answered an order without a status')
      return {
        orderId,
        provider: text(body.provider, 32),
        status,
        chainId: text(body.chainId, 128),
        cryptoAmount: typeof body.cryptoAmount === 'string' && decimal.test(body.cryptoAmount) ? body.cryptoAmount : null,
        txHash: typeof body.txHash === 'string' ? body.txHash.slice(0, 128) : null,
        reason: typeof body.reason === 'string' ? body.reason.slice(0, 300) : null,
      }
    },
  }
}
