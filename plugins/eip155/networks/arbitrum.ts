import { defineNetwork } from './defineNetwork.js'

/** Arbitrum One. */
export const arbitrum = defineNetwork({
  id: 42161,
  name: 'Arbitrum One',
  rpcUrls: ['https://arb1.arbitrum.io/rpc'],
  blockExplorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
})
