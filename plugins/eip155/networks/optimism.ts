import { defineNetwork } from './defineNetwork.js'

/** OP Mainnet. */
export const optimism = defineNetwork({
  id: 10,
  name: 'OP Mainnet',
  rpcUrls: ['https://mainnet.optimism.io'],
  blockExplorer: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
})
