import { fallbackPaymentMethods, type OnrampAsset, type OnrampCheckoutRequest, type OnrampPaymentMethod, type OnrampProvider } from './OnrampProvider.js'
import { type UrlTemplateAsset, type UrlTemplateProviderType, urlTemplates } from './urlTemplates.js'

/**
 * A real provider configured by the site owner (in `portico.json` or in code). Keys stay on the
 * server: the publishable key goes into the checkout URL as the provider's widget requires, the
 * secret key only signs it (MoonPay), and neither appears in any other answer.
 */
export type UrlTemplateProviderConfig = {
  type: UrlTemplateProviderType
  /** The publishable key / app id the widget URL carries (MoonPay `pk_…`, Transak and Ramp API keys, Meld public key). */
  publicKey: string
  /** MoonPay's secret key, to sign URLs that carry a wallet address. Never sent anywhere. */
  secretKey?: string
  /** The assets it sells on your chains: `"<caip2>"` for a native currency, `"<caip2>:<token address>"` for a token → the provider's code. */
  assets: Record<string, string | UrlTemplateAsset>
  /** Another widget host (a provider's staging host, e.g. `https://buy-sandbox.moonpay.com`). */
  baseUrl?: string
  /** Ramp's `hostAppName`. */
  appName?: string
  /** Fiat currencies offered; default `['USD', 'EUR']`. */
  fiatCurrencies?: string[]
  /** Payment methods and limits; default the spec's fallback limits (card 10–7500, bank account 10–25000). */
  paymentMethods?: OnrampPaymentMethod[]
  /** Coinbase Onramp: makes the session token with your CDP key (Coinbase's Create Onramp Session API) for one checkout. */
  createSessionToken?: (request: OnrampCheckoutRequest) => Promise<string>
}

/** The `assets` key of an asset: `eip155:1` for ETH, `eip155:1:0xA0b8…` for a token. */
export function onrampAssetKey(asset: Pick<OnrampAsset, 'chainId' | 'address'>): string {
  return asset.address ? `${asset.chainId}:${asset.address}` : asset.chainId
}

/**
 * Builds a provider from a real provider's public widget parameters (Coinbase Onramp, MoonPay,
 * Transak, Ramp, Meld): it has no quote of its own (the view says the quote is unavailable and
 * the provider shows its price in its checkout) and reports no order status.
 *
 * @throws Error for a malformed configuration (unknown type, missing key, MoonPay without `secretKey`)
 * @example
 * createUrlTemplateProvider({ type: 'moonpay', publicKey: 'pk_live_…', secretKey: 'sk_live_…', assets: { 'eip155:1': 'eth' } })
 */
export function createUrlTemplateProvider(config: UrlTemplateProviderConfig): OnrampProvider {
  const template = urlTemplates[config?.type as UrlTemplateProviderType]
  if (!template || !Object.hasOwn(urlTemplates, config.type)) throw new Error(`onramp provider type must be one of ${Object.keys(urlTemplates).join(', ')}`)
  if (typeof config.publicKey !== 'string' || config.publicKey.length === 0) throw new Error(`onramp provider ${config.type} needs publicKey`)
  if (template.needsSecretKey && (typeof config.secretKey !== 'string' || config.secretKey.length === 0)) throw new Error(`onramp provider ${config.type} needs secretKey (it signs checkout URLs that carry a wallet address)`)
  if (typeof config.assets !== 'object' || config.assets === null) throw new Error(`onramp provider ${config.type} needs assets`)
  const assets = new Map<string, UrlTemplateAsset>()
  for (const [key, value] of Object.entries(config.assets)) {
    const asset = typeof value === 'string' ? { code: value } : value
    if (typeof asset?.code !== 'string' || asset.code.length === 0) throw new Error(`onramp provider ${config.type}: asset ${key} needs a code`)
    assets.set(key.toLowerCase(), asset)
  }
  const baseUrl = config.baseUrl ?? template.baseUrl
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`onramp provider ${config.type}: baseUrl must be an http(s) URL`)
  const fiatCurrencies = (config.fiatCurrencies ?? ['USD', 'EUR']).map((c) => c.toUpperCase())
  const methods = config.paymentMethods ?? [...fallbackPaymentMethods]
  const lookup = (asset: OnrampAsset) => assets.get(onrampAssetKey(asset).toLowerCase())

  return {
    id: config.type,
    name: template.name,
    fiatCurrencies,
    supports: (asset) => lookup(asset) !== undefined,
    paymentMethods: (fiatCurrency) => (fiatCurrencies.includes(fiatCurrency) ? methods.map((m) => ({ ...m })) : []),
    async checkoutUrl(request) {
      const asset = lookup(request.asset)
      if (!asset) throw new Error(`${template.name} does not sell ${request.asset.symbol} on ${request.asset.chainId} here`)
      const sessionToken = config.type === 'coinbase' ? await config.createSessionToken?.(request) : undefined
      if (config.type === 'coinbase' && !sessionToken) throw new Error('Coinbase Onramp needs a session token: set createSessionToken in the provider configuration')
      const context = { publicKey: config.publicKey, secretKey: config.secretKey, appName: config.appName, asset, sessionToken }
      const url = new URL(baseUrl)
      for (const [name, value] of Object.entries(template.params(request, context))) if (value !== undefined && value !== '') url.searchParams.set(name, value)
      template.finish?.(url, context)
      return url.href
    },
  }
}
