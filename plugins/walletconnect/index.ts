// `portico/walletconnect`: the WalletConnect connector plugin. Light on purpose (a page's first
// bytes): the store, the engine and the views load with the kernel (`walletConnect().load()`); a
// value exported here that the setup's code also uses would land in the page's first chunk (esbuild
// puts a module an eager and a lazy chunk share in the eager one), so only types of those.
export { walletConnect } from './walletConnect.js'
export type { WalletConnectEnvironment, WalletConnectOptions } from './walletConnect.js'
export { pairingExpiryMarginMs, pairingWindowMs, pendingPairingKey, sessionTopicKey, walletConnectConnectorId } from './constants.js'
export type { PendingPairing } from './constants.js'
export type { WalletConnectPeer, WalletConnectStatus, WalletConnectStore } from './store/WalletConnectStore.js'
export type { WalletLinks } from './utils/buildWalletLinks.js'
export type { ApprovedNamespace } from './utils/readApprovedNamespace.js'
export type { ProposalNamespaces, WalletConnectKeyValueStorage, WcSession } from './types.js'
