import { type PluginMeta } from '../../kernel/kernel.js'
import { reconnectTimeoutOption } from '../../chain-kit/index.js'

/** The polkadot plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Connects Substrate extensions announced in `window.injectedWeb3` (Polkadot.js, Talisman, SubWallet, Nova and others; read directly, without @polkadot/extension-dapp), with every account the visitor shares (Ethereum accounts and accounts pinned to another chain by their `genesisHash` left out), SS58 addresses checked (blake2b checksum) and shown in each network's prefix, wallet-side account changes followed, `signRaw` message signatures and a sign-in verifier for sr25519, ed25519 and ecdsa. Free balance from the node; native transfers with `balances.transferKeepAlive` (call and signed extensions encoded from the runtime's metadata with polkadot-api's SCALE bindings behind `await import()`, the exact fee from `TransactionPaymentApi_query_info` and the existential-deposit rule checked before the wallet is asked, signed by the extension's `signPayload`, submitted and followed to inclusion); JSON-RPC over a websocket first (polkadot-api's ws provider behind `await import()`), HTTP where there is none; Asset Hub presets (Polkadot, Kusama, Westend), where balances and transfers live since the 2025 migration; the WalletConnect `polkadot` namespace; the site's own transactions through `portico.getSigner('polkadot')`, one object that is both polkadot-api's `PolkadotSigner` and `@polkadot/api`'s `Signer`, over the extension or WalletConnect (`polkadot_signTransaction`, `polkadot_signMessage`), loaded with `await import()` when first asked for.",
  docsPath: '/plugins/polkadot.md',
  peerDependencies: {
    '@polkadot-api/metadata-builders': '0.14.3',
    '@polkadot-api/pjs-signer': '0.7.3',
    '@polkadot-api/signers-common': '0.2.3',
    '@polkadot-api/substrate-bindings': '0.20.3',
    '@polkadot-api/ws-provider': '0.9.1',
    '@scure/sr25519': '0.2.0',
  },
  defaultAccountType: 'eoa',
  capabilities: ['connect', 'signMessage', 'signIn', 'balance', 'send', 'signer', 'nfts'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      appName: { type: 'string', minLength: 1, maxLength: 100, description: "The name extensions show when asking the visitor to share accounts. Default: the site's metadata name, else its host." },
      ...reconnectTimeoutOption('extension to be injected'),
      confirmTimeoutMs: { type: 'integer', minimum: 0, maximum: 600_000, default: 60_000, description: 'How long the send toast follows a submitted transaction until it is in a block.' },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'send'],
  views: [],
  errors: [
    { name: 'PolkadotAmountError', description: 'The amount cannot be sent: not a positive decimal, too many decimals, more than the balance can pay with the fee while keeping the existential deposit, or less than the deposit to a new account; raised before the wallet is asked.' },
    { name: 'PolkadotRpcRequestError', description: "The node's JSON-RPC failed or answered something invalid." },
    { name: 'PolkadotSignerInputError', description: "What a site handed its signer (`portico.getSigner('polkadot')`) is not a transaction or message it can sign (a malformed argument or payload field, an account the connection does not hold, unreadable metadata); raised before the wallet is asked." },
    { name: 'PolkadotSignedExtensionError', description: "The runtime needs a signed extension Portico cannot fill, so no valid transaction can be built for it." },
    { name: 'PolkadotTransactionRefusedError', description: 'The node refused the signed transaction (bad signature, stale nonce, fees it cannot pay).' },
    { name: 'ProviderRpcError', description: 'The extension or wallet refused or failed; code 4001 is the visitor saying no.' },
  ],
  walletConnect: {
    methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
    events: ['accountsChanged'],
  },
} as const satisfies PluginMeta
