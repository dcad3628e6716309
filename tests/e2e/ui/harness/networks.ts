import type { Network } from '../../../../kernel/kernel.js'

export const devnetA: Network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Portico Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc-a'] } },
  blockExplorers: { default: { name: 'Devnet Explorer', url: 'http://127.0.0.1:9/explorer' } },
  testnet: true,
}

export const devnetB: Network = {
  id: 31338,
  caipNetworkId: 'eip155:31338',
  chainNamespace: 'eip155',
  name: 'Portico Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc-b'] } },
  testnet: true,
}
