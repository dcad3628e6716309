import { type PluginMeta } from '../../kernel/kernel.js'
import { reconnectTimeoutOption, walletRefusedError } from '../../chain-kit/index.js'

/** The bip122 plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    'Connects Bitcoin wallets (WBIP004 `btc_providers` such as Leather and Xverse, `window.unisat`, Phantom\'s `window.phantom.bitcoin`, OKX\'s `window.okxwallet.bitcoin`, Wallet Standard `bitcoin:connect`) with their payment and ordinal accounts (and follows the account changes of wallets that announce them: Xverse-style `accountChange`, Unisat and Phantom `accountsChanged`, OKX `accountChanged`, Wallet Standard `change`), reads balances from an Esplora API, sends BTC by a PSBT the plugin builds (UTXO selection, fee rate from the API) and the wallet signs, signs messages, verifies BIP-322 and BIP-137 sign-in signatures, and gives sites a signer for their own PSBTs and transfers to several recipients (`portico.getSigner(\'bip122\')`) over every connector.',
  docsPath: '/plugins/bip122.md',
  peerDependencies: {
    '@scure/btc-signer': '1.8.1',
  },
  defaultAccountType: 'payment',
  sendFeeSpeeds: ['slow', 'normal', 'fast'],
  capabilities: ['connect', 'balance', 'send', 'signMessage', 'signIn', 'signer'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...reconnectTimeoutOption('wallet to be injected'),
      confirmTimeoutMs: { type: 'integer', minimum: 0, maximum: 3_600_000, default: 600_000, description: 'How long a send is followed until its first confirmation (blocks come about every 10 minutes on mainnet).' },
      feeTier: { type: 'string', enum: ['slow', 'normal', 'fast'], default: 'normal', description: "The default fee speed of a send, from the Esplora API's estimates: slow (144 blocks), normal (6 blocks) or fast (next block); the send review offers all three with their fees." },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'send'],
  views: [],
  errors: [
    { name: 'BitcoinAmountError', description: 'The amount is not a positive BTC amount with at most 8 decimals, is below the dust limit, exceeds the balance with the fee, or the recipient is not an address of the network; raised before the wallet is asked.' },
    { name: 'BitcoinApiError', description: 'The Esplora API failed or answered something invalid.' },
    { name: 'BitcoinWalletFeatureError', description: 'The wallet lacks what the action needs (PSBT signing or `sendTransfer`, message signing, ECDSA messages).' },
    { name: 'BitcoinSignRequestError', description: "What a site asked the signer is malformed (not a PSBT, an input out of range or not the signing address's, a sighash type the input cannot use, a message that is not text), refused before the wallet is asked; or an input `finalize` needs was left unsigned." },
    { name: 'BitcoinTransactionRejectedError', description: "The network refused a signed transaction: `reason` is the node's reject reason (e.g. `bad-txns-inputs-missingorspent`) and `rpcCode` its RPC code." },
    walletRefusedError,
  ],
  walletConnect: {
    methods: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
    events: ['bip122_addressesChanged'],
  },
} as const satisfies PluginMeta
