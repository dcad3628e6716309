import { type PluginMeta } from '../../kernel/kernel.js'
import { injectedWalletsOption, reconnectTimeoutOption, walletRefusedError } from '../../chain-kit/index.js'

/** The stacks plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    'Connects SIP-030 Stacks wallets (Leather, Xverse, any in wbip_providers) directly, without @stacks/connect; reads STX balances from the node API and SIP-010 balances from the blockchain API; sends STX with stx_transferStx and SIP-010 tokens with stx_callContract, each with an optional memo of up to 34 bytes (fee per speed shown first, followed to its block); signs messages with stx_signMessage and verifies Stacks sign-in signatures (recoverable secp256k1 over the Stacks message hash).',
  docsPath: '/plugins/stacks.md',
  defaultAccountType: 'eoa',
  capabilities: ['connect', 'balance', 'tokens', 'send', 'tokenSend', 'signMessage', 'signIn', 'signer', 'nfts'],
  // A Stacks transfer carries a 34-byte memo (STX: the payload's memo; SIP-010: transfer's (optional (buff 34))).
  sendMemo: { maxBytes: 34 },
  sendFeeSpeeds: ['slow', 'normal', 'fast'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...reconnectTimeoutOption('wallet to be injected'),
      confirmTimeoutMs: { type: 'integer', minimum: 0, maximum: 600_000, default: 120_000, description: 'How long a send is followed until the blockchain API reports it in a block.' },
      ...injectedWalletsOption(
        'More SIP-030 wallets to look for, before the built-in Leather, Xverse and the `wbip_providers` list: `{ id, name, path, icon? }` where `path` is the dotted property of `window` it injects.',
      ),
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'fetchTokenBalances', 'send', 'networkChanged'],
  views: [],
  errors: [
    { name: 'StacksAmountError', description: 'The amount, recipient or token cannot be sent: not a positive decimal, too many decimals, not a Stacks address of the network, the sender itself, not a SIP-010 asset of the network, or more than the balance with the fee; raised before the wallet is asked.' },
    { name: 'StacksNetworkError', description: 'The network is not a `stacks:<chain id>` network or has no Stacks API URL.' },
    { name: 'StacksApiRequestError', description: "The network's Stacks API (node API or blockchain API) failed or answered something invalid." },
    { name: 'StacksSignerError', description: "What a site gave the signer (`portico.getSigner('stacks')`) cannot be sent: a malformed contract id, function name, Clarity value, post condition, amount, memo or transaction, or a transaction whose origin is not the connected account; raised before the wallet is asked." },
    walletRefusedError,
  ],
  walletConnect: {
    methods: ['stx_signMessage', 'stx_transferStx', 'stx_signTransaction', 'stx_callContract', 'stx_deployContract'],
    events: [],
  },
} as const satisfies PluginMeta
