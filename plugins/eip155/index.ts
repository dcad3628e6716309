// `portico/eip155`: the EVM chain plugin and common networks. Light on purpose (a page's first
// bytes): the plugin's setup and its helpers load with the kernel (`eip155().load()`).
export { eip155 } from './eip155.js'
export type { Eip155Environment, Eip155Options } from './eip155.js'
export { defineNetwork } from './networks/defineNetwork.js'
export type { DefineNetworkParameters } from './networks/defineNetwork.js'
export { arbitrum } from './networks/arbitrum.js'
export { base } from './networks/base.js'
export { mainnet } from './networks/mainnet.js'
export { optimism } from './networks/optimism.js'
export { polygon } from './networks/polygon.js'
export { sepolia } from './networks/sepolia.js'
export type { DiscoveredWallet, Eip1193Provider, Eip155Window } from './discovery/Eip1193Provider.js'
// The site's own transactions: `portico.getSigner('eip155')` and `useSigner('eip155')` are typed by this import.
export type { Eip155Signer, Eip155SignerRequest } from './signer/Eip155Signer.js'
