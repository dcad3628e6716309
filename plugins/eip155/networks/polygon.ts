import { defineNetwork } from './defineNetwork.js'

/** Polygon PoS. */
export const polygon = defineNetwork({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  blockExplorer: { name: 'PolygonScan', url: 'https://polygonscan.com' },
})
