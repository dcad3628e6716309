import type { PluginMeta } from '../../kernel/kernel.js'

/** The send plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "The Account view's Send: a Send action opening the send form (WalletSend: the account's tokens with balances, an amount, a receiver address or a name a name service resolves, a memo where the chain takes one) and its review (WalletSendPreview: the network fee the chain plugin estimates, fee speeds where it offers them), sent through the chain plugin's `send` tap, then its success screen (WalletSendSuccess: “Transaction pending” until the receipt, then “Sent”, what went where, the explorer link and Done; the toast says how it ended once the visitor left it); and Receive (WalletReceive: the connected address as a QR code, to copy, with its network; `features.receive: false` hides it). Any chain plugin that taps `send`; the handle's `send(...)` works without it.",
  docsPath: '/plugins/send.md',
  capabilities: [],
  optionsSchema: { type: 'object', additionalProperties: false, properties: {} },
  hooks: ['registerViews'],
  views: ['WalletSend', 'WalletSendPreview', 'WalletSendSuccess', 'WalletReceive'],
  errors: [],
} as const satisfies PluginMeta
