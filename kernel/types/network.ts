import type { CaipNetworkId, ChainNamespace } from './caip.js'

/** A network as the spec's Network entity: plain data, usually from a chain plugin's data files. */
export type Network = {
  /** The namespace's own id: a number for eip155, a string reference elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: {
    default: { http: readonly string[]; webSocket?: readonly string[] }
    chainDefault?: { http: readonly string[]; webSocket?: readonly string[] }
  }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}
