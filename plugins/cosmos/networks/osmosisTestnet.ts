import { defineCosmosNetwork } from './defineCosmosNetwork.js'

/** Osmosis's public testnet (`cosmos:osmo-test-5`), test OSMO, with Mintscan's testnet explorer. */
export const osmosisTestnet = defineCosmosNetwork({
  chainId: 'osmo-test-5',
  bech32Prefix: 'osmo',
  denom: 'uosmo',
  coinType: 118,
  gasPrice: 0.025,
  name: 'Osmosis Testnet',
  restUrls: ['https://lcd.osmotest5.osmosis.zone'],
  rpcUrl: 'https://rpc.osmotest5.osmosis.zone',
  nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
  blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/osmosis-testnet' },
  testnet: true,
})
