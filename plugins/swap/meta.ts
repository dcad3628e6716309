import type { PluginMeta } from '../../kernel/kernel.js'

/** The swap plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Swaps tokens from the Account view: the chain's tokens with the account's balances, a quote (rate, price impact, minimum received at the slippage tolerance), then approve-then-swap, each followed to its receipt. Quotes and transactions come from any server speaking the swap API (`/v1/convert/*`), by default the Portico server's Uniswap V2-compatible pools. eip155 networks only (spec §9).",
  docsPath: '/plugins/swap.md',
  capabilities: [],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      slippage: { type: 'number', minimum: 0.1, maximum: 50, default: 1, description: 'The default slippage tolerance, in percent; the visitor can change it in the view.' },
      apiUrl: { type: 'string', maxLength: 2048, pattern: '^https?://\\S+$', description: "A server speaking the swap API (`/v1/convert/*`). Default: the instance's blockchain API (`endpoints.blockchainApi`)." },
    },
  },
  hooks: ['registerViews'],
  views: ['Swap'],
  errors: [
    { name: 'SwapApiError', description: 'The swap API refused or failed, with its message: "Network not supported for Swaps", an unknown token, an amount above what the pool can pay out, "The transaction would fail: …".' },
    { name: 'SwapFailedError', description: 'The approval or the swap failed on chain; for a swap, the price moved more than the slippage tolerance allows (the router reverts it, nothing is swapped).' },
  ],
} as const satisfies PluginMeta
