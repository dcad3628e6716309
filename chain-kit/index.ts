// `portico/chain-kit`: the parts a chain plugin is built from that are not the kernel's job — a
// network definer for any namespace, the JSON API caller, the injected-wallet poller, Wallet
// Standard discovery and sessions, the lazily loaded sign-in verifier, the check of the accounts a
// chain keeps for a reload, the `meta` parts every chain words the same way, and the Polkadot
// `SignerPayloadJSON` encoder (the bytes a Polkadot signer signs). First-party chain
// plugins import them from here as a third party would (docs/guides/writing-a-chain-plugin.md);
// `portico` and `portico/kernel` re-export the names they carried before, so nothing a site imports
// moved. It stands on the kernel's public entries alone.
export { defineChainNetwork } from './defineChainNetwork.js'
export type { ChainNetworkParameters } from './defineChainNetwork.js'
export { callJsonApi } from './callJsonApi.js'
export type { CallJsonApiFailure, CallJsonApiParameters } from './callJsonApi.js'
export { lazySignInVerifier } from './lazySignInVerifier.js'
export type { SignInVerify } from './lazySignInVerifier.js'
export { injectedWalletsOption, reconnectTimeoutOption, walletRefusedError } from './chainMetaParts.js'
export { createInjectedWalletPoller, readInjected } from './injectedWallets.js'
export type { CreateInjectedWalletPollerParameters, InjectedWalletPoller } from './injectedWallets.js'
export { isStoredAccounts } from './storedAccounts.js'
export { encodePolkadotSignerPayload } from './encodePolkadotSignerPayload.js'
export type { EncodePolkadotSignerPayloadReturnType, PolkadotSignerPayload } from './encodePolkadotSignerPayload.js'
export { createWalletStandardDiscovery } from './walletStandard/createWalletStandardDiscovery.js'
export type {
  CreateWalletStandardDiscoveryParameters,
  CreateWalletStandardDiscoveryReturnType,
  DiscoveredStandardWallet,
  WalletStandardRegistry,
} from './walletStandard/createWalletStandardDiscovery.js'
export { createWalletStandardSession } from './walletStandard/createWalletStandardSession.js'
export type { CreateWalletStandardSessionParameters, WalletStandardSession } from './walletStandard/createWalletStandardSession.js'
