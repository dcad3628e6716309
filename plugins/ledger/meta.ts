import type { PluginMeta } from '../../kernel/index.js'

/** The ledger plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    'Connects a Ledger over WebHID (or WebUSB) for eip155 and solana (docs/guides/hardware-wallets.md): the visitor plugs in, opens the chain\'s app, picks an account from a paged list of addresses with balances under a derivation path of their choice, and signs messages and transactions on the device. The connection is a channel, so the chain plugins encode requests as for any wallet. Ledger\'s libraries load only when the visitor picks Ledger or a kept Ledger connection is restored.',
  docsPath: '/plugins/ledger.md',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    examples: [{ namespaces: ['eip155'], transport: 'auto', pageSize: 5 }],
    properties: {
      namespaces: {
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: { type: 'string', enum: ['eip155', 'solana'] },
        description: 'Where the Ledger connector is offered. Default: every configured one of `eip155` and `solana`.',
      },
      transport: {
        type: 'string',
        enum: ['auto', 'webhid', 'webusb'],
        default: 'auto',
        description: 'How the page reaches the device: `auto` is WebHID, else WebUSB.',
      },
      pageSize: {
        type: 'integer',
        minimum: 1,
        maximum: 20,
        default: 5,
        description: 'Accounts per page in the picker.',
      },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'registerViews'],
  views: ['ConnectingLedger'],
  errors: [
    { name: 'ProviderRpcError', description: '`The request was rejected on your Ledger` (code 4001, status `6985`): the visitor refused on the device; -32602 for a request with bad params (nothing reaches the device).' },
    { name: 'LedgerBlindSigningError', description: 'Enable "Blind signing" in the Ethereum app\'s settings on your Ledger, then try again (`6A80` / `6A83` on a transaction with data).' },
    { name: 'LedgerAppNotOpenError', description: '`Open the Ethereum app on your Ledger` (or Solana): the device answered from the dashboard or another app (`6D00`, `6E00`, `6511`, `6A15`, `6E01`).' },
    { name: 'LedgerLockedError', description: '`Unlock your Ledger` (`5515`, `6B0C`).' },
    { name: 'LedgerNotSelectedError', description: '`No Ledger was selected`: the browser\'s chooser was closed without a device.' },
    { name: 'LedgerUnsupportedBrowserError', description: 'The browser has neither WebHID nor WebUSB: use Chrome, Edge, Brave or Opera on a computer.' },
    { name: 'LedgerDisconnectedError', description: '`The Ledger was disconnected` during a request; the next request reopens it without asking.' },
    { name: 'LedgerPathError', description: "`Enter a path like m/44'/60'/0'/0/0`: a custom derivation path that is not `m/` and 1–10 indices below 2³¹ (Solana: every level hardened)." },
    { name: 'LedgerAccountNotChosenError', description: '`connect` for the Ledger connector without an account chosen in the ConnectingLedger view.' },
    { name: 'LedgerDeviceError', description: 'Any other status word the device answered (kept in `statusCode`), or a transport failure.' },
  ],
} as const satisfies PluginMeta
