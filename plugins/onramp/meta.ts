import type { PluginMeta } from '../../kernel/kernel.js'

/** The on-ramp plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Buys crypto with fiat from the Account view's \"Buy\": choose the crypto per network and the fiat currency, type an amount in either, compare each configured provider's quote (amount received, fees, payment methods and limits), then continue in the provider's checkout (a popup, or a new tab where popups are blocked) while the view waits for the provider's report; the purchase then shows in the balance and activity. Options, quotes and checkout URLs come from any server speaking the on-ramp API (`/v1/onramp/*`, `/v1/generators/onrampurl`), by default the Portico server's configured providers. eip155 and solana networks (spec §9); restricted regions see that it is not available there.",
  docsPath: '/plugins/onramp.md',
  capabilities: [],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      apiUrl: { type: 'string', maxLength: 2048, pattern: '^https?://\\S+$', description: "A server speaking the on-ramp API (`/v1/onramp/*`, `/v1/generators/onrampurl`). Default: the instance's blockchain API (`endpoints.blockchainApi`)." },
      defaultFiatCurrency: { type: 'string', pattern: '^[A-Z]{3}$', default: 'USD', description: 'The fiat currency the view starts with (ISO 4217), when the server offers it.' },
      defaultFiatAmount: { type: 'string', pattern: '^\\d{1,7}(\\.\\d{1,2})?$', description: 'An amount to start with, in the fiat currency (e.g. `"50"`); empty by default.' },
      restrictedTimeZones: {
        type: 'array',
        maxItems: 200,
        items: { type: 'string', maxLength: 64 },
        description: "IANA time zones where the view says buying is not available (spec §9's restricted regions). Default: mainland China's, Hong Kong's and Macau's zones. `[]` restricts none.",
      },
      pollIntervalMs: { type: 'integer', minimum: 250, maximum: 60000, default: 1000, description: "How often the view asks for the order's status while the checkout is open, in ms." },
    },
  },
  hooks: ['registerViews'],
  views: ['OnRampProviders'],
  errors: [
    { name: 'OnrampApiError', description: 'The on-ramp API refused or failed, with its message: an asset no provider sells here, a bad amount, a provider that could not open a checkout.' },
    { name: 'OnrampOutOfLimitsError', description: 'No provider takes the amount (400 `OUT_OF_LIMITS`); the message names the limits.' },
    { name: 'OnrampPopupClosedError', description: "'Popup closed' (spec §8): the checkout window closed before the provider took the payment; nothing was bought." },
    { name: 'OnrampOrderFailedError', description: "The provider reported the order failed, with its reason (a declined card, a payout that failed); the visitor was not charged for what did not arrive." },
  ],
} as const satisfies PluginMeta
