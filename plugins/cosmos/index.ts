// `portico/cosmos`: the Cosmos chain plugin (Keplr-compatible wallets) and Cosmos networks. Light on
// purpose (a page's first bytes): the plugin's setup and the helpers it shares (bech32 addresses, the
// Keplr chain info, the default wallets) load with the kernel (`cosmos().load()`), so they are not
// exported here.
export { cosmos } from './cosmos.js'
export type { CosmosEnvironment, CosmosOptions } from './cosmos.js'
export { defineCosmosNetwork } from './networks/defineCosmosNetwork.js'
export type { CosmosChainData, CosmosNetwork, DefineCosmosNetworkParameters } from './networks/defineCosmosNetwork.js'
export { cosmosHub } from './networks/cosmosHub.js'
export { osmosis } from './networks/osmosis.js'
export { osmosisTestnet } from './networks/osmosisTestnet.js'
export { cosmosLocalnet } from './networks/cosmosLocalnet.js'
export type { CosmosInjectedWallet } from './discovery/CosmosInjectedWallet.js'
export type {
  CosmosAccountData,
  CosmosAlgo,
  CosmosAminoMsg,
  CosmosAminoSignResponse,
  CosmosCoin,
  CosmosDirectSignResponse,
  CosmosSignDoc,
  CosmosSigner,
  CosmosStdFee,
  CosmosStdSignature,
  CosmosStdSignDoc,
} from './CosmosSigner.js'
