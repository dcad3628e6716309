import type { PluginMeta } from '../../kernel/kernel.js'

/** The calls plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "EIP-5792 batched calls and smart accounts. The handle's `getCapabilities`, `sendCalls` (with the sequential fallback), `getCallsStatus` (the wallet, the server's bundler route for user operations, or receipts for sequential batches), `waitForCallsStatus`, `showCallsStatus`, `fetchUserOperationReceipt` and `switchAccountType`; for EVM wallets each account's type (`wallet_getCapabilities`: `smartAccount` or `eoa`) and a smart account's deployment (`eth_getCode`); the Account view's smart-account badge and account-type switch. Without it those actions throw `PluginRequiredError` and EVM accounts count as `eoa`.",
  docsPath: '/plugins/calls.md',
  capabilities: [],
  optionsSchema: { type: 'object', additionalProperties: false, properties: {} },
  hooks: ['getCapabilities', 'sendCalls', 'getCallsStatus', 'showCallsStatus', 'smartAccount'],
  views: [],
  errors: [{ name: 'InvalidWalletAnswerError', description: 'The wallet answered an EIP-5792 method (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus) with a shape the standard does not allow.' }],
} as const satisfies PluginMeta
