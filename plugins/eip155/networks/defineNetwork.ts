import type { Network } from '../../../kernel/index.js'

export type DefineNetworkParameters = {
  id: number
  name: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  rpcUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

/**
 * Builds an eip155 network object (the spec's Network entity) from a chain id and its details.
 *
 * @example
 * export const devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: ['http://127.0.0.1:4701'] })
 */
export function defineNetwork({ id, name, nativeCurrency, rpcUrls, blockExplorer, testnet, imageUrl }: DefineNetworkParameters): Network {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [...rpcUrls] }, chainDefault: { http: [...rpcUrls] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
  }
}
