import type { PluginMeta } from '../../kernel/kernel.js'

/** The ledger plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Connects a Ledger over WebHID (or WebUSB) for eip155, solana, sui, stacks, bip122 (Bitcoin: mainnet and the test networks, native segwit and taproot), cosmos and polkadot (the generic Polkadot app, metadata proofs of RFC-0078): pick an account from a paged list with balances under a derivation path, sign on the device. The chain plugins encode requests over the connection's channel; Ledger's libraries load only when the visitor picks Ledger (docs/guides/hardware-wallets.md).",
  docsPath: '/plugins/ledger.md',
  peerDependencies: {
    '@ledgerhq/hw-app-btc': '11.4.0',
    '@ledgerhq/hw-app-eth': '7.9.0',
    '@ledgerhq/hw-app-solana': '7.11.0',
    '@ledgerhq/hw-transport-webhid': '6.36.0',
    '@ledgerhq/hw-transport-webusb': '6.35.0',
    '@mysten/ledgerjs-hw-app-sui': '0.8.1',
    '@mysten/sui': '1.45.2',
    '@stacks/transactions': '7.6.0',
    '@zondax/ledger-cosmos-js': '4.2.0',
    '@zondax/ledger-stacks': '2.0.0',
    '@zondax/ledger-substrate': '3.0.0',
    '@polkadot-api/merkleize-metadata': '1.3.0',
    '@scure/btc-signer': '1.8.1',
    'buffer': '6.0.3',
  },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      namespaces: {
        type: 'array',
        minItems: 1,
        maxItems: 7,
        items: { type: 'string', enum: ['eip155', 'solana', 'sui', 'stacks', 'bip122', 'cosmos', 'polkadot'] },
        description: 'Where the Ledger connector is offered. Default: every configured one of `eip155`, `solana`, `sui`, `stacks`, `bip122` (Bitcoin: the Bitcoin app on mainnet, the Bitcoin Test app on the test networks), `cosmos` and `polkadot` (the generic Polkadot app).',
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
    { name: 'ProviderRpcError', description: '4001 `The request was rejected on your Ledger` (status `6985`); -32602 for bad params (the device is not asked).' },
    { name: 'LedgerBlindSigningError', description: 'A transaction with data while blind signing is off (`6A80` / `6A83`).' },
    { name: 'LedgerAppNotOpenError', description: '`Open the Ethereum app on your Ledger` (or Solana, Sui, Polkadot): `6D00`, `6E00`, `6511`, `6A15`, `6E01`.' },
    { name: 'LedgerLockedError', description: '`Unlock your Ledger` (`5515`, `6B0C`).' },
    { name: 'LedgerNotSelectedError', description: '`No Ledger was selected` in the browser\'s chooser.' },
    { name: 'LedgerUnsupportedBrowserError', description: 'No WebHID and no WebUSB in this browser.' },
    { name: 'LedgerDisconnectedError', description: '`The Ledger was disconnected` during a request.' },
    { name: 'LedgerPathError', description: 'A custom derivation path that is not `m/` and 1–10 indices below 2³¹.' },
    { name: 'LedgerPathRefusedError', description: '`The {app} app on your Ledger does not allow this path`: a custom path the app does not serve (Cosmos `6989` / `698B`, Bitcoin `6A82`).' },
    { name: 'LedgerAccountNotChosenError', description: '`connect` without an account chosen in the view.' },
    { name: 'LedgerDeviceError', description: 'Any other status word (`statusCode`) or transport failure.' },
  ],
} as const satisfies PluginMeta
