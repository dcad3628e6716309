import { defineNetwork } from './defineNetwork.js'

/** Base (Coinbase's OP Stack chain). */
export const base = defineNetwork({
  id: 8453,
  name: 'Base',
  rpcUrls: ['https://mainnet.base.org'],
  blockExplorer: { name: 'Basescan', url: 'https://basescan.org' },
})
