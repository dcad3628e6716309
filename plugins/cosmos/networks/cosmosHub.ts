import { defineCosmosNetwork } from './defineCosmosNetwork.js'

/** Cosmos Hub mainnet (`cosmos:cosmoshub-4`), ATOM, through the cosmos.directory REST proxy and Mintscan. */
export const cosmosHub = defineCosmosNetwork({
  chainId: 'cosmoshub-4',
  bech32Prefix: 'cosmos',
  denom: 'uatom',
  coinType: 118,
  gasPrice: 0.025,
  name: 'Cosmos Hub',
  restUrls: ['https://rest.cosmos.directory/cosmoshub'],
  rpcUrl: 'https://rpc.cosmos.directory/cosmoshub',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' },
})
