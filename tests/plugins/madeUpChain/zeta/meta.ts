import type { PluginMeta } from '../../../../kernel/index.js'
import { zetaMethods } from './constants.js'

/** The zeta plugin's metadata: loaded with its code (setup/setupZeta.ts), never in a page's first bytes. */
export const meta = {
  description: 'Signs messages, sends ZT and verifies sign-in signatures (ed25519) on the made-up zeta chain, over any connector that carries requests (WalletConnect).',
  capabilities: ['send', 'signMessage', 'signIn'],
  // Every hook the adapter taps (registerChainAdapter taps each method the adapter has).
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'send'],
  views: [],
  errors: [{ name: 'ProviderRpcError', description: 'The wallet refused (code 4001 is the visitor saying no), failed, or answered something that is not a zeta signature or transaction id.' }],
  walletConnect: { methods: [zetaMethods.sign, zetaMethods.send], events: ['accountsChanged', 'chainChanged'] },
} as const satisfies PluginMeta
