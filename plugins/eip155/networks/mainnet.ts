import { defineNetwork } from './defineNetwork.js'

/** Ethereum mainnet. */
export const mainnet = defineNetwork({
  id: 1,
  name: 'Ethereum',
  rpcUrls: ['https://eth.merkle.io'],
  blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' },
})
