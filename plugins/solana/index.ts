// `portico/solana`: the Solana chain plugin (Wallet Standard) and Solana networks. Light on purpose
// (a page's first bytes): the plugin's setup and the helpers it shares (address rules, Wallet
// Standard chain names) load with the kernel (`solana().load()`), so they are not exported here.
export { solana } from './solana.js'
export type { SolanaEnvironment, SolanaOptions } from './solana.js'
export { defineSolanaNetwork } from './networks/defineSolanaNetwork.js'
export type { DefineSolanaNetworkParameters } from './networks/defineSolanaNetwork.js'
export { solanaDevnet } from './networks/solanaDevnet.js'
export { solanaLocalnet } from './networks/solanaLocalnet.js'
export { solanaMainnet } from './networks/solanaMainnet.js'
export { solanaTestnet } from './networks/solanaTestnet.js'
export type { SolanaWalletStandardChain } from './utils/walletStandardChains.js'
export type { SolanaKnownToken, SolanaTokenBalance } from './actions/fetchTokenBalances.js'
export type { DiscoveredSolanaWallet, WalletRegistry } from './discovery/WalletStandardTypes.js'
// The site's own transactions: `portico.getSigner('solana')` and `useSigner('solana')` are this type
// (its module adds `solana` to the kernel's `PorticoSigners`). Types only: the signer's code loads
// when a site first asks for it.
export type {
  SolanaKitAddress,
  SolanaKitLifetime,
  SolanaKitSignatureBytes,
  SolanaKitSignedTransaction,
  SolanaKitSigner,
  SolanaKitTransaction,
  SolanaSendOptions,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSigner,
  SolanaSignerChain,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from './signer/SolanaSigner.js'
