import { createHmac, timingSafeEqual } from 'node:crypto'

import type { OnrampAsset, OnrampOrderUpdate, OnrampProvider } from '../../server/onramp/OnrampProvider.js'
import type { TreasuryAsset } from './createOnrampTreasury.js'
import { sandboxFiatRates, sandboxOnrampQuote, sandboxPaymentMethods } from './sandboxOnrampQuote.js'

/** The header the sandbox checkout signs its reports with: `sha256=<hex HMAC-SHA256 of the body>`. */
export const sandboxOnrampSignatureHeader = 'x-portico-sandbox-signature'

export type CreateSandboxOnrampProviderParameters = {
  /** The sandbox's origin: the checkout lives at `<origin>/sandbox/onramp`. */
  origin: string
  /** What the treasury pays out, with prices. */
  assets: readonly TreasuryAsset[]
  /** The secret the checkout signs its reports with (random per sandbox start). */
  webhookSecret: string
}

/** The treasury asset matching `asset` (same chain, same token or both native). */
export function findTreasuryAsset(assets: readonly TreasuryAsset[], asset: Pick<OnrampAsset, 'chainId' | 'address'>): TreasuryAsset | undefined {
  return assets.find((a) => a.asset.chainId === asset.chainId && (a.asset.address ?? '').toLowerCase() === (asset.address ?? '').toLowerCase())
}

/** `sha256=<hex>` of `body` under `secret`. */
export function signSandboxReport(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/**
 * The sandbox's on-ramp provider, as the server sees it: exact quotes at the sandbox's prices
 * (`sandboxOnrampQuote`), a checkout URL on the sandbox's own page (`/sandbox/onramp`), and
 * reports from that page checked against an HMAC-SHA256 signature over the raw body.
 *
 * @example
 * createServer({ …, onramp: { providers: [createSandboxOnrampProvider({ origin, assets: treasury.assets, webhookSecret })] } })
 */
export function createSandboxOnrampProvider({ origin, assets, webhookSecret }: CreateSandboxOnrampProviderParameters): OnrampProvider {
  return {
    id: 'sandbox',
    name: 'Portico Sandbox Pay',
    fiatCurrencies: Object.keys(sandboxFiatRates),
    supports: (asset) => findTreasuryAsset(assets, asset) !== undefined,
    paymentMethods: (fiatCurrency) => (sandboxFiatRates[fiatCurrency] ? sandboxPaymentMethods.map((m) => ({ ...m })) : []),
    async quote(request) {
      const known = findTreasuryAsset(assets, request.asset)
      if (!known) throw new Error(`The sandbox does not sell ${request.asset.symbol}`)
      return sandboxOnrampQuote({ asset: known.asset, priceUsdCents: known.priceUsdCents, fiatCurrency: request.fiatCurrency, ...(request.fiatAmount !== undefined ? { fiatAmount: request.fiatAmount } : {}), ...(request.cryptoAmount !== undefined ? { cryptoAmount: request.cryptoAmount } : {}) })
    },
    async checkoutUrl(request) {
      const url = new URL('/sandbox/onramp', origin)
      const params: Record<string, string | undefined> = {
        orderId: request.orderId,
        chainId: request.asset.chainId,
        asset: request.asset.address ?? 'native',
        walletAddress: request.address,
        fiatCurrency: request.fiatCurrency,
        fiatAmount: request.cryptoAmount === undefined ? request.fiatAmount : undefined,
        cryptoAmount: request.cryptoAmount,
      }
      for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value)
      return url.href
    },
    verifyWebhook(rawBody, headers): OnrampOrderUpdate {
      const given = headers[sandboxOnrampSignatureHeader]
      const expected = signSandboxReport(rawBody, webhookSecret)
      if (typeof given !== 'string' || given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) throw new Error('bad signature')
      const report = JSON.parse(rawBody) as Partial<OnrampOrderUpdate>
      if (typeof report.orderId !== 'string' || !['pending', 'completed', 'failed'].includes(report.status as string)) throw new Error('malformed report')
      return {
        orderId: report.orderId,
        status: report.status as OnrampOrderUpdate['status'],
        ...(typeof report.txHash === 'string' ? { txHash: report.txHash } : {}),
        ...(typeof report.cryptoAmount === 'string' ? { cryptoAmount: report.cryptoAmount } : {}),
        ...(typeof report.reason === 'string' ? { reason: report.reason } : {}),
      }
    },
  }
}
