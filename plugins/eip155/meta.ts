import { reconnectTimeoutOption } from '../../chain-kit/index.js'
import type { PluginMeta } from '../../kernel/index.js'

/** The eip155 plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description: 'Connects EVM wallets (EIP-6963 browser extensions and a plain window.ethereum), switches and adds chains, reads native balances, signs messages and sends ETH and ERC-20 tokens.',
  docsPath: '/plugins/eip155.md',
  defaultAccountType: 'smartAccount',
  capabilities: ['connect', 'balance', 'send', 'tokenSend', 'signMessage', 'signIn', 'signer', 'nfts'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      enableEIP6963: { type: 'boolean', default: true, description: 'Discover wallets that announce themselves by EIP-6963.' },
      enableInjected: { type: 'boolean', default: true, description: 'Offer a plain `window.ethereum` that did not announce itself, as "Browser Wallet".' },
      ...reconnectTimeoutOption('wallet to announce itself'),
      safe: { type: 'boolean', default: true, description: 'With the `portico/safe` plugin: in a Safe{Wallet} iframe, find the Safe and connect it with no prompt (see the safe plugin). `false` turns detection off.' },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'send'],
  views: [],
  errors: [
    { name: 'ChainNotSupportedError', description: 'The wallet could neither switch to the network nor add it.' },
    { name: 'ProviderRpcError', description: 'The wallet answered with an EIP-1193 error; 4001 is the visitor saying no.' },
    { name: 'ConnectionRejectedError', description: 'The visitor rejected the connection request in the wallet.' },
  ],
  walletConnect: {
    methods: ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'],
    events: ['accountsChanged', 'chainChanged'],
  },
} as const satisfies PluginMeta
