import { defineCosmosNetwork } from './defineCosmosNetwork.js'

/**
 * The Portico sandbox's Cosmos chain (`cosmos:portico-local-1`, prefix `portico`, PTC) on its default
 * port. A site behind the sandbox server uses its proxy instead:
 * `defineCosmosNetwork({ ...cosmosLocalnet.cosmos, ..., restUrls: ['<origin>/v1/cosmos/demo/cosmos:portico-local-1'] })`.
 * Wallets do not know this chain: the plugin suggests it (`experimentalSuggestChain`) on connect.
 */
export const cosmosLocalnet = defineCosmosNetwork({
  chainId: 'portico-local-1',
  bech32Prefix: 'portico',
  denom: 'uptc',
  coinType: 118,
  gasPrice: 0.025,
  name: 'Portico Cosmos Localnet',
  restUrls: ['http://127.0.0.1:4705'],
  rpcUrl: 'http://127.0.0.1:4705',
  nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 },
  testnet: true,
})
