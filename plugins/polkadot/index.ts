// `portico/polkadot`: the Polkadot chain plugin (Substrate extensions in window.injectedWeb3) and
// Polkadot networks. Light on purpose (a page's first bytes): the plugin's setup and the helpers it
// shares (SS58 with its blake2b, the extension list) load with the kernel (`polkadot().load()`), so
// they are not exported here.
export { polkadot } from './polkadot.js'
export type { PolkadotEnvironment, PolkadotOptions } from './polkadot.js'
export { definePolkadotNetwork } from './networks/definePolkadotNetwork.js'
export type { DefinePolkadotNetworkParameters, PolkadotChainData, PolkadotNetwork } from './networks/definePolkadotNetwork.js'
export { polkadotAssetHub } from './networks/polkadotAssetHub.js'
export { kusamaAssetHub } from './networks/kusamaAssetHub.js'
export { westendAssetHub } from './networks/westendAssetHub.js'
export { polkadotMainnet } from './networks/polkadotMainnet.js'
export { kusama } from './networks/kusama.js'
export { westend } from './networks/westend.js'
export type { DiscoveredPolkadotWallet, InjectedAccount, InjectedExtension, InjectedWeb3Entry } from './discovery/createPolkadotWalletDiscovery.js'
export type { PolkadotChainSigner, PolkadotSignedExtensions, PolkadotSignerPayload, PolkadotSignerRawPayload, PolkadotSignerResult } from './signerTypes.js'
