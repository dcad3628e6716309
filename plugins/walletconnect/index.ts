// `portico/walletconnect`: the WalletConnect connector plugin.
export { walletConnect } from './walletConnect.js'
export type { WalletConnectEnvironment, WalletConnectOptions } from './walletConnect.js'
export { meta } from './meta.js'
export { pairingWindowMs, sessionTopicKey, walletConnectConnectorId } from './constants.js'
export { pairingExpiryMarginMs, WalletConnectStore } from './store/WalletConnectStore.js'
export type { WalletConnectPeer, WalletConnectStatus } from './store/WalletConnectStore.js'
export {
  InvalidWalletResponseError,
  MethodNotApprovedError,
  NamespaceNotApprovedError,
  PairingCancelledError,
  RelayUnavailableError,
  WalletConnectConfigError,
  WalletConnectPeerError,
} from './errors.js'
export { buildProposalNamespaces } from './utils/buildProposalNamespaces.js'
export { buildWalletLinks } from './utils/buildWalletLinks.js'
export type { WalletLinks } from './utils/buildWalletLinks.js'
export { readApprovedNamespace } from './utils/readApprovedNamespace.js'
export type { ApprovedNamespace } from './utils/readApprovedNamespace.js'
export type { ProposalNamespaces, WalletConnectKeyValueStorage, WcSession } from './types.js'
