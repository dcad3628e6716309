import { type PluginMeta } from '../../kernel/kernel.js'
import { injectedWalletsOption, reconnectTimeoutOption, walletRefusedError } from '../../chain-kit/index.js'

/** The cosmos plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    'Connects Keplr-compatible Cosmos wallets (Keplr, Leap, Cosmostation), suggests chains they do not know, reads bank balances from the REST gateway, sends with MsgSend (direct signing, amino for hardware wallets; fee from simulation), signs ADR-36 messages, verifies Cosmos sign-in signatures (secp256k1) and gives the site a CosmJS offline signer for its own transactions.',
  docsPath: '/plugins/cosmos.md',
  defaultAccountType: 'eoa',
  capabilities: ['connect', 'balance', 'tokens', 'send', 'tokenSend', 'signMessage', 'signIn', 'signer'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...reconnectTimeoutOption('wallet to be injected'),
      confirmTimeoutMs: { type: 'integer', minimum: 0, maximum: 300_000, default: 60_000, description: 'How long a send waits for the transaction to be in a block (0: return once the node accepted it).' },
      gasAdjustment: { type: 'number', minimum: 1, maximum: 5, default: 1.4, description: 'The simulated gas is multiplied by this to set the gas limit.' },
      ...injectedWalletsOption(
        'More Keplr-compatible wallets to look for, before the built-in Keplr, Leap and Cosmostation: `{ id, name, path, icon? }` where `path` is the dotted property of `window` it injects (e.g. `leap`).',
      ),
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'fetchTokenBalances', 'send', 'networkChanged'],
  views: [],
  errors: [
    { name: 'CosmosAmountError', description: 'The amount is not a positive decimal, has more decimals than the coin, or exceeds the balance (with the fee); raised before the wallet is asked to sign.' },
    { name: 'CosmosNetworkError', description: 'The network lacks the Cosmos chain data (chain id, prefix, denom) or a REST URL.' },
    { name: 'CosmosRestRequestError', description: "The chain's REST gateway failed or answered something invalid." },
    { name: 'CosmosTransactionFailedError', description: 'The chain refused the transaction or it failed in its block (the Cosmos SDK code and log).' },
    { name: 'CosmosSignerInputError', description: "The site's signer got a malformed sign doc or signer address, or an address that is not the connected account; raised before any wallet is asked." },
    walletRefusedError,
  ],
  walletConnect: {
    methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
    events: [],
  },
} as const satisfies PluginMeta
