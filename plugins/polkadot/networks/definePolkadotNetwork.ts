import type { CaipNetworkId, Network } from '../../../kernel/kernel.js'

/** What a Substrate network adds to a `Network`: its genesis hash and SS58 prefix. */
export type PolkadotChainData = {
  /** The genesis block hash (`0x` + 64 hex); the CAIP-2 reference is its first 32 hex digits. */
  genesisHash: `0x${string}`
  /** The SS58 prefix addresses are shown with on this network. */
  ss58Prefix: number
}
export type PolkadotNetwork = Network & { polkadot: PolkadotChainData }

export type DefinePolkadotNetworkParameters = PolkadotChainData & {
  name: string
  /**
   * The node's JSON-RPC endpoints: `wss://` (or `ws://`) ones go to `rpcUrls.default.webSocket`,
   * which the plugin uses first in a page (polkadot-api's websocket provider, one connection per
   * endpoint); `https://` (or `http://`) ones to `rpcUrls.default.http`, used where there is no
   * websocket (or none answers).
   */
  rpcUrls: readonly string[]
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** A Subscan-style explorer: `<url>/account/<address>`, `<url>/extrinsic/<hash>`. */
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

const webSocketUrl = /^wss?:\/\//i
const httpUrl = /^https?:\/\//i

/**
 * Builds a Substrate network as plain data; its CAIP-2 id is `polkadot:` and the first 32 hex digits
 * of the genesis hash (CAIP-13). Websocket endpoints and HTTP ones may be mixed in `rpcUrls`.
 *
 * @throws Error for a genesis hash that is not 32 bytes of hex, or an RPC URL that is neither `ws(s)://` nor `http(s)://`
 * @example
 * definePolkadotNetwork({ genesisHash: '0x68d5…', ss58Prefix: 0, name: 'Polkadot Asset Hub', rpcUrls: ['wss://polkadot-asset-hub-rpc.polkadot.io'], nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 } })
 */
export function definePolkadotNetwork({ genesisHash, ss58Prefix, name, rpcUrls, nativeCurrency, blockExplorer, testnet, imageUrl }: DefinePolkadotNetworkParameters): PolkadotNetwork {
  if (!/^0x[0-9a-f]{64}$/.test(genesisHash)) throw new Error(`definePolkadotNetwork: "${String(genesisHash).slice(0, 80)}" is not a 32-byte lower-case hex genesis hash`)
  const webSocket = rpcUrls.filter((url) => webSocketUrl.test(url))
  const http = rpcUrls.filter((url) => httpUrl.test(url))
  if (webSocket.length + http.length !== rpcUrls.length) throw new Error(`definePolkadotNetwork: an RPC URL is not ws://, wss://, http:// or https://`)
  const reference = genesisHash.slice(2, 34)
  return Object.freeze({
    id: reference,
    caipNetworkId: `polkadot:${reference}` as CaipNetworkId,
    chainNamespace: 'polkadot',
    name,
    nativeCurrency: { ...nativeCurrency },
    rpcUrls: { default: { http, ...(webSocket.length > 0 ? { webSocket } : {}) } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
    polkadot: Object.freeze({ genesisHash, ss58Prefix }),
  }) as PolkadotNetwork
}
