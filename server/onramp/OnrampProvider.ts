/**
 * A crypto asset the on-ramp sells: a chain's native currency (`address` absent) or one of its
 * tokens (an ERC-20 contract, an SPL mint), from the server's configured chains.
 */
export type OnrampAsset = {
  /** CAIP-2 chain, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  /** The token's contract or mint; absent for the native currency. */
  address?: string
  symbol: string
  name: string
  decimals: number
  /** The chain's display name. */
  chainName: string
}

/** A payment method with its limits in one fiat currency (decimal strings with 2 decimals). */
export type OnrampPaymentMethod = { id: string; min: string; max: string }

/** What a visitor asks a quote for: pay `fiatAmount`, or receive `cryptoAmount` (decimal strings). */
export type OnrampQuoteRequest = {
  asset: OnrampAsset
  /** ISO 4217, upper case (`USD`, `EUR`). */
  fiatCurrency: string
  fiatAmount?: string
  cryptoAmount?: string
  paymentMethod: string
}

/**
 * A provider's quote. Fiat amounts are decimal strings with 2 decimals in `fiatCurrency`;
 * `cryptoAmount` is the exact decimal the provider pays out (at most the asset's decimals).
 */
export type OnrampProviderQuote = {
  quoteId: string
  /** What the visitor pays in total. */
  fiatTotal: string
  /** What buys the crypto (the total less the fees). */
  fiatSubtotal: string
  /** The provider's processing fee. */
  providerFee: string
  /** The network fee the provider charges to send it. */
  networkFee: string
  cryptoAmount: string
}

/** Where a provider's checkout sends the purchase, and what it presets. */
export type OnrampCheckoutRequest = {
  /** The server's order id: the provider reports back under it (`partnerOrderId`, `externalTransactionId` …). */
  orderId: string
  asset: OnrampAsset
  /** The visitor's address on `asset.chainId` (plain, not CAIP-10). */
  address: string
  fiatCurrency: string
  fiatAmount?: string
  cryptoAmount?: string
  paymentMethod: string
  /** Where the provider may send the visitor back when done. */
  redirectUrl?: string
}

/** An order's state as a provider reports it. `created` is the server's own: the URL exists, the provider has not reported. */
export type OnrampOrderStatus = 'created' | 'pending' | 'completed' | 'failed'

/** A provider's report on one order (its webhook). */
export type OnrampOrderUpdate = {
  orderId: string
  status: Exclude<OnrampOrderStatus, 'created'>
  /** The payout transaction, once sent. */
  txHash?: string
  /** The crypto paid out (decimal string). */
  cryptoAmount?: string
  /** Why it failed, in the provider's words (a declined card, a payout that failed). */
  reason?: string
}

/**
 * One on-ramp provider behind `/v1/onramp/*`. The server ships URL-template providers built from
 * each real provider's public widget parameters (`createUrlTemplateProvider`) and the sandbox
 * ships one that pays out on its devnets. Keys live in the object (the server's configuration)
 * and never go into an answer: only `checkoutUrl`'s result reaches the page.
 */
export type OnrampProvider = {
  /** Stable id, lower case (`moonpay`, `sandbox`); the webhook path is `/v1/onramp/webhooks/<id>`. */
  id: string
  /** Display name (`MoonPay`). */
  name: string
  /** Whether it sells this asset. */
  supports(asset: OnrampAsset): boolean
  /** The fiat currencies it takes. */
  fiatCurrencies: readonly string[]
  /** Its payment methods and their limits in a fiat currency. */
  paymentMethods(fiatCurrency: string): OnrampPaymentMethod[]
  /**
   * A quote; absent when the provider quotes only inside its own checkout (the view then says
   * "Quote unavailable", never a made-up number). Throws `HttpError` for an amount it refuses.
   */
  quote?(request: OnrampQuoteRequest): Promise<OnrampProviderQuote>
  /** The checkout URL the visitor continues in (a popup or a new tab). */
  checkoutUrl(request: OnrampCheckoutRequest): Promise<string>
  /**
   * Checks a webhook's signature over the raw body and reads the order update from it; throws
   * (any error) when the signature or the body is not right. Absent: the provider reports nothing.
   */
  verifyWebhook?(rawBody: string, headers: Record<string, string | string[] | undefined>): OnrampOrderUpdate
}

/** The spec's fallback limits (§9), in USD and EUR: card 10.00 to 7500.00, bank account 10.00 to 25000.00. */
export const fallbackPaymentMethods: readonly OnrampPaymentMethod[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'bank_account', min: '10.00', max: '25000.00' },
]
