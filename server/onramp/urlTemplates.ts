import { createHmac } from 'node:crypto'

import type { OnrampCheckoutRequest } from './OnrampProvider.js'

/** The providers Portico builds checkout URLs for from their public widget parameters. */
export type UrlTemplateProviderType = 'coinbase' | 'moonpay' | 'transak' | 'ramp' | 'meld'

/** A provider's code for one asset (`eth`, `USDC`, `ETH_USDC` …) and, where the provider wants it, its network name. */
export type UrlTemplateAsset = { code: string; network?: string }

/** What a template needs besides the request: the owner's keys and the asset's codes. */
export type UrlTemplateContext = {
  publicKey: string
  secretKey: string | undefined
  appName: string | undefined
  asset: UrlTemplateAsset
  /** Coinbase only: the session token the owner's `createSessionToken` returned. */
  sessionToken: string | undefined
}

/** One provider's widget: its display name, default base URL and how its query is built. */
export type UrlTemplate = {
  name: string
  baseUrl: string
  /** Whether it needs `secretKey` (to sign the URL). */
  needsSecretKey: boolean
  /** The query parameters, in order (undefined values are left out). */
  params(request: OnrampCheckoutRequest, context: UrlTemplateContext): Record<string, string | undefined>
  /** Turns the built URL into the one the visitor opens (MoonPay appends its signature). */
  finish?(url: URL, context: UrlTemplateContext): void
}

/**
 * The five real providers' widget parameters, as each documents them (parameters only: no SDK).
 * Coinbase Onramp wants a `sessionToken` made by the owner's backend with their CDP key; MoonPay
 * wants URLs that carry a wallet address signed with the secret key (HMAC-SHA256 of the query,
 * base64, appended last as `signature`); Transak, Ramp and Meld take their public key in the URL.
 */
export const urlTemplates: Record<UrlTemplateProviderType, UrlTemplate> = {
  coinbase: {
    name: 'Coinbase Onramp',
    baseUrl: 'https://pay.coinbase.com/buy/select-asset',
    needsSecretKey: false,
    params: (r, c) => ({
      sessionToken: c.sessionToken,
      defaultAsset: c.asset.code,
      defaultNetwork: c.asset.network,
      presetFiatAmount: r.cryptoAmount === undefined ? r.fiatAmount : undefined,
      presetCryptoAmount: r.cryptoAmount,
      fiatCurrency: r.fiatCurrency,
      defaultPaymentMethod: r.paymentMethod === 'bank_account' ? 'ACH_BANK_ACCOUNT' : 'CARD',
      defaultExperience: 'buy',
      partnerUserId: r.orderId,
      redirectUrl: r.redirectUrl,
    }),
  },
  moonpay: {
    name: 'MoonPay',
    baseUrl: 'https://buy.moonpay.com',
    needsSecretKey: true,
    params: (r, c) => ({
      apiKey: c.publicKey,
      currencyCode: c.asset.code,
      walletAddress: r.address,
      baseCurrencyCode: r.fiatCurrency.toLowerCase(),
      baseCurrencyAmount: r.cryptoAmount === undefined ? r.fiatAmount : undefined,
      quoteCurrencyAmount: r.cryptoAmount,
      paymentMethod: r.paymentMethod === 'bank_account' ? 'ach_bank_transfer' : 'credit_debit_card',
      externalTransactionId: r.orderId,
      redirectURL: r.redirectUrl,
    }),
    finish(url, c) {
      const signature = createHmac('sha256', c.secretKey as string).update(url.search).digest('base64')
      url.searchParams.append('signature', signature)
    },
  },
  transak: {
    name: 'Transak',
    baseUrl: 'https://global.transak.com',
    needsSecretKey: false,
    params: (r, c) => ({
      apiKey: c.publicKey,
      productsAvailed: 'BUY',
      cryptoCurrencyCode: c.asset.code,
      network: c.asset.network,
      walletAddress: r.address,
      disableWalletAddressForm: 'true',
      fiatCurrency: r.fiatCurrency,
      fiatAmount: r.cryptoAmount === undefined ? r.fiatAmount : undefined,
      cryptoAmount: r.cryptoAmount,
      paymentMethod: r.paymentMethod === 'bank_account' ? 'sepa_bank_transfer' : 'credit_debit_card',
      partnerOrderId: r.orderId,
      redirectURL: r.redirectUrl,
    }),
  },
  ramp: {
    name: 'Ramp',
    baseUrl: 'https://app.ramp.network',
    needsSecretKey: false,
    params: (r, c) => ({
      hostApiKey: c.publicKey,
      hostAppName: c.appName,
      swapAsset: c.asset.code,
      userAddress: r.address,
      fiatCurrency: r.fiatCurrency,
      fiatValue: r.fiatAmount,
      finalUrl: r.redirectUrl,
    }),
  },
  meld: {
    name: 'Meld',
    baseUrl: 'https://meldcrypto.com',
    needsSecretKey: false,
    params: (r, c) => ({
      publicKey: c.publicKey,
      destinationCurrencyCode: c.asset.code,
      walletAddress: r.address,
      sourceCurrencyCode: r.fiatCurrency,
      sourceAmount: r.fiatAmount,
      externalCustomerId: r.orderId,
    }),
  },
}
