import { type PluginMeta } from '../../kernel/kernel.js'
import { reconnectTimeoutOption, walletRefusedError } from '../../chain-kit/index.js'

/** The solana plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description: "Connects Solana wallets through the Wallet Standard, reads SOL and SPL token balances, signs messages, sends SOL and SPL tokens, signs the site's own transactions (`getSigner('solana')`, an `@solana/kit` signer) over every connector and verifies Solana sign-in signatures (ed25519).",
  docsPath: '/plugins/solana.md',
  // Solana Mobile Wallet Adapter, for the sites that opt in (`portico/solana/mobile`), loaded only on Android user agents.
  peerDependencies: {
    '@solana-mobile/wallet-standard-mobile': '0.6.0',
  },
  defaultAccountType: 'eoa',
  capabilities: ['connect', 'balance', 'tokens', 'send', 'tokenSend', 'signMessage', 'signIn', 'signer', 'nfts'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...reconnectTimeoutOption('wallet to register itself'),
      mobileWalletAdapter: {
        instanceof: 'Function',
        description: "Solana Mobile Wallet Adapter: `mobileWalletAdapter` from `portico/solana/mobile`. On an Android user agent the plugin then loads it (optional peer `@solana-mobile/wallet-standard-mobile`) and lists \"Mobile Wallet Adapter\" (the phone's MWA wallet apps); no other page loads it. Without it, no Mobile Wallet Adapter, and none of its code in the site's build.",
      },
      confirmTimeoutMs: { type: 'integer', minimum: 0, maximum: 300_000, default: 60_000, description: 'How long a send waits for the transaction to be confirmed (0: return as soon as it is sent). A transaction that fails on chain in that time is reported as failed.' },
      tokens: {
        type: 'array',
        maxItems: 500,
        default: [],
        description: 'SPL tokens the site names: `{ network, address, symbol, name? }` with the CAIP-2 network id and the mint address. Mints carry no symbol on chain.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['network', 'address', 'symbol'],
          properties: {
            network: { type: 'string', pattern: '^solana:[1-9A-HJ-NP-Za-km-z]{32}$', description: 'CAIP-2 id of the network.' },
            address: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$', description: 'The mint address.' },
            symbol: { type: 'string', minLength: 1, maxLength: 16, description: 'The symbol to show.' },
            name: { type: 'string', maxLength: 64, description: 'The name to show.' },
          },
        },
      },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'fetchTokenBalances', 'send'],
  views: [],
  errors: [
    { name: 'SolanaRentExemptError', description: 'A first transfer to a new account is below the rent-exempt minimum; raised before the wallet is asked to sign.' },
    { name: 'SolanaAmountError', description: 'The amount is not a positive decimal, has more decimals than the token, or exceeds the balance (with the fee).' },
    { name: 'SolanaTokenError', description: 'The token to send is not an SPL token mint on the network.' },
    { name: 'SolanaWalletFeatureError', description: 'The wallet lacks the Wallet Standard feature the action needs.' },
    { name: 'SolanaRpcRequestError', description: 'The Solana JSON-RPC failed or answered something invalid.' },
    { name: 'SolanaTransactionFailedError', description: 'The transaction landed but failed on chain.' },
    { name: 'SolanaSignerInputError', description: "What was given to the signer (`getSigner('solana')`) is not a transaction or message the connected account can sign; raised before any wallet is asked." },
    walletRefusedError,
  ],
  walletConnect: {
    methods: ['solana_signTransaction', 'solana_signMessage', 'solana_signAndSendTransaction', 'solana_signAllTransactions'],
    events: [],
  },
} as const satisfies PluginMeta
