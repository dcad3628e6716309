import type { PluginMeta } from '../../kernel/kernel.js'

/** The calls plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "EIP-5792 batched calls on the handle: `getCapabilities`, `sendCalls` (with the sequential fallback), `getCallsStatus` (the wallet, the server's bundler route for user operations, or receipts for sequential batches), `waitForCallsStatus`, `showCallsStatus` and `fetchUserOperationReceipt`, for EVM wallets (it taps eip155's `sendCalls`, `getCallsStatus` and `showCallsStatus`; `getCapabilities` is the eip155 plugin's). Without it those actions throw `PluginRequiredError`; account types and the Account view's switch work without it.",
  docsPath: '/plugins/calls.md',
  capabilities: [],
  optionsSchema: { type: 'object', additionalProperties: false, properties: {} },
  hooks: ['sendCalls', 'getCallsStatus', 'showCallsStatus'],
  views: [],
  errors: [],
} as const satisfies PluginMeta
