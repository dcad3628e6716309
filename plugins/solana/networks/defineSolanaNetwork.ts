import type { CaipNetworkId, Network } from '../../../kernel/kernel.js'

export type DefineSolanaNetworkParameters = {
  /** The first 32 base58 characters of the cluster's genesis hash (the CAIP-2 reference). */
  reference: string
  name: string
  rpcUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  /** The network's logo (an https or `data:image/…` URL). */
  imageUrl?: string
}

/**
 * Builds a Solana network as plain data: `solana:<reference>`, native currency SOL (9 decimals).
 *
 * @param parameters - reference, name, RPC URLs, explorer
 * @returns the network
 * @example
 * const mine = defineSolanaNetwork({ reference: 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP', name: 'Local', rpcUrls: ['http://127.0.0.1:4703'] })
 */
export function defineSolanaNetwork({ reference, name, rpcUrls, blockExplorer, testnet, imageUrl }: DefineSolanaNetworkParameters): Network {
  return Object.freeze({
    id: reference,
    caipNetworkId: `solana:${reference}` as CaipNetworkId,
    chainNamespace: 'solana',
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
  })
}
