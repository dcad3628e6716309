import type { CaipNetworkId, Network } from '../kernel/index.js'

/** What every namespace's network definer takes besides its namespace and currency. */
export type ChainNetworkParameters = {
  /** The CAIP-2 reference (after `<namespace>:`). */
  reference: string
  name: string
  /** The network's node or API URLs, in order of preference. */
  rpcUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  /** The network's logo (an https or `data:image/…` URL). */
  imageUrl?: string
}

/**
 * Builds a network of any namespace as frozen plain data (`<namespace>:<reference>`): what each
 * chain plugin's own definer (`defineSolanaNetwork`, `defineSuiNetwork`, `defineBitcoinNetwork` …)
 * calls with its namespace and native currency. It lives in `portico`, the light entry, because a
 * site defines its networks before anything loads.
 *
 * @example
 * defineChainNetwork({ namespace: 'sui', nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 }, reference: 'localnet', name: 'Local Sui', rpcUrls: ['http://127.0.0.1:4707/graphql'] })
 */
export function defineChainNetwork({ namespace, nativeCurrency, reference, name, rpcUrls, blockExplorer, testnet, imageUrl }: ChainNetworkParameters & { namespace: string; nativeCurrency: Network['nativeCurrency'] }): Network {
  return Object.freeze({
    id: reference,
    caipNetworkId: `${namespace}:${reference}` as CaipNetworkId,
    chainNamespace: namespace,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
  })
}
