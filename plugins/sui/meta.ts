import { type PluginMeta } from '../../kernel/kernel.js'
import { reconnectTimeoutOption, walletRefusedError } from '../../chain-kit/index.js'

/** The sui plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description: 'Connects Sui wallets through the Wallet Standard, reads SUI and coin balances, signs personal messages, sends SUI and coins (built with @mysten/sui, gas from a simulation on Sui’s GraphQL RPC), signs and executes the site’s own transactions (portico.getSigner(\'sui\')) and verifies Sui sign-in signatures (ed25519, secp256k1, secp256r1).',
  docsPath: '/plugins/sui.md',
  peerDependencies: {
    '@mysten/sui': '1.45.2',
  },
  defaultAccountType: 'eoa',
  capabilities: ['connect', 'balance', 'tokens', 'send', 'tokenSend', 'signMessage', 'signIn', 'signer', 'nfts'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...reconnectTimeoutOption('wallet to register itself'),
      confirmTimeoutMs: { type: 'integer', minimum: 0, maximum: 300_000, default: 60_000, description: 'How long the send toast, and the signer’s signAndExecuteTransaction when the wallet does not say how the transaction ended (WalletConnect answers only its digest), follow a transaction until the node reports its effects.' },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'fetchTokenBalances', 'send'],
  views: [],
  errors: [
    { name: 'SuiAmountError', description: 'The amount, recipient or token cannot be sent: not a positive decimal, too many decimals, not a Sui address or coin type, or more than the balance with the gas; raised before the wallet is asked to sign.' },
    { name: 'SuiWalletFeatureError', description: 'The wallet lacks the Wallet Standard feature the action needs.' },
    { name: 'SuiRpcRequestError', description: "The network's Sui node (GraphQL RPC, or a site's full-node JSON-RPC) failed or answered something invalid." },
    { name: 'SuiTransactionFailedError', description: 'The transaction was executed but failed on chain (its gas was paid).' },
    { name: 'SuiSignerInputError', description: 'A call to the signer (portico.getSigner(\'sui\')) is malformed: not a transaction of @mysten/sui or its serialized form, another sender, a message that is not UTF-8 text; raised before any wallet is asked.' },
    walletRefusedError,
  ],
  walletConnect: {
    methods: ['sui_signTransaction', 'sui_signAndExecuteTransaction', 'sui_signPersonalMessage'],
    events: ['accountsChanged', 'chainChanged'],
  },
} as const satisfies PluginMeta
