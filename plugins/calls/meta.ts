import type { PluginMeta } from '../../kernel/kernel.js'

/** The calls plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "EIP-5792 batched calls and smart accounts. The handle's `getCapabilities`, `sendCalls` (with the sequential fallback), `getCallsStatus` (the wallet, the server's bundler route for user operations, or receipts for sequential batches), `waitForCallsStatus`, `showCallsStatus`, `fetchUserOperationReceipt` and `switchAccountType`; for EVM wallets each account's type (`wallet_getCapabilities`: `smartAccount` or `eoa`) and a smart account's deployment (`eth_getCode`); the Account view's smart-account badge and account-type switch. It declares the hooks `getCapabilities`, `sendCalls`, `getCallsStatus`, `showCallsStatus`, `smartAccount` and `switchAccountType` (`context.pluginHooks('calls')`) and answers the first five for eip155. Without it the instance has none of those actions and EVM accounts count as `eoa`.",
  docsPath: '/plugins/calls.md',
  capabilities: [],
  optionsSchema: { type: 'object', additionalProperties: false, properties: {} },
  hooks: ['connected'],
  views: [],
  errors: [
    { name: 'InvalidCallsError', description: 'A batch (or its options) is malformed; nothing reached the wallet.' },
    { name: 'MissingCapabilitiesAddressError', description: "'Missing address parameter in wallet_getCapabilities request': `getCapabilities` with no address and no connected account." },
    { name: 'CallsStatusNotApprovedError', description: "'Fetching call status not approved by the wallet': neither the wallet nor a bundler can answer for the id." },
    { name: 'CallsStatusTimeoutError', description: '`waitForCallsStatus`: the batch was still pending at the deadline.' },
    { name: 'SequentialCallsError', description: 'The sequential fallback stopped part-way; `hashes` are the calls already sent.' },
    { name: 'UserOperationReceiptError', description: "'Failed to fetch user operation receipt' (the cause attached)." },
    { name: 'InvalidWalletAnswerError', description: 'The wallet answered an EIP-5792 method (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus) with a shape the standard does not allow.' }],
} as const satisfies PluginMeta
