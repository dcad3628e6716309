import { defineCosmosNetwork } from './defineCosmosNetwork.js'

/** Osmosis mainnet (`cosmos:osmosis-1`), OSMO, through the cosmos.directory REST proxy and Mintscan. */
export const osmosis = defineCosmosNetwork({
  chainId: 'osmosis-1',
  bech32Prefix: 'osmo',
  denom: 'uosmo',
  coinType: 118,
  gasPrice: 0.025,
  name: 'Osmosis',
  restUrls: ['https://rest.cosmos.directory/osmosis'],
  rpcUrl: 'https://rpc.cosmos.directory/osmosis',
  nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
  blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/osmosis' },
})
