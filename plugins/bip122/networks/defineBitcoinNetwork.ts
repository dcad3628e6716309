import type { CaipNetworkId, Network } from '../../../kernel/kernel.js'

export type DefineBitcoinNetworkParameters = {
  /** The first 32 hex characters of the genesis block hash (the CAIP-2 reference, CAIP-4). */
  reference: string
  name: string
  /** Esplora REST bases (`…/api`): balances, UTXOs, fee estimates and broadcasts go there. */
  rpcUrls: readonly string[]
  /** A mempool.space-style explorer: `<url>/address/<a>` and `<url>/tx/<txid>`. */
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  /** The network's logo (an https or `data:image/…` URL). */
  imageUrl?: string
}

/**
 * Builds a Bitcoin network as plain data: `bip122:<reference>`, native currency BTC (8 decimals).
 *
 * @param parameters - reference, name, Esplora URLs, explorer
 * @returns the network
 * @example
 * const mine = defineBitcoinNetwork({ reference: '0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Regtest', rpcUrls: ['http://127.0.0.1:4704/api'] })
 */
export function defineBitcoinNetwork({ reference, name, rpcUrls, blockExplorer, testnet, imageUrl }: DefineBitcoinNetworkParameters): Network {
  return Object.freeze({
    id: reference,
    caipNetworkId: `bip122:${reference}` as CaipNetworkId,
    chainNamespace: 'bip122',
    name,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
  })
}
