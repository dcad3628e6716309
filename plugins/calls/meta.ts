import type { PluginMeta } from '../../kernel/kernel.js'

/** The calls plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "EIP-5792 batched calls on the handle: `getCapabilities`, `sendCalls` (with the sequential fallback), `getCallsStatus` (the wallet, the server's bundler route for user operations, or receipts for sequential batches), `waitForCallsStatus`, `showCallsStatus` and `fetchUserOperationReceipt`, through the chain plugin's taps (eip155). Without it those actions throw `PluginRequiredError`; account types and the Account view's switch work without it.",
  docsPath: '/plugins/calls.md',
  capabilities: [],
  optionsSchema: { type: 'object', additionalProperties: false, properties: {} },
  hooks: [],
  views: [],
  errors: [],
} as const satisfies PluginMeta
