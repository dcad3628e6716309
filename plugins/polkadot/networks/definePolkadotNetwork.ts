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
  /** The node's HTTP JSON-RPC endpoints (`https://`; the plugin posts JSON-RPC, no websocket). */
  rpcUrls: readonly string[]
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** A Subscan-style explorer: `<url>/account/<address>`, `<url>/extrinsic/<hash>`. */
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

/**
 * Builds a Substrate network as plain data; its CAIP-2 id is `polkadot:` and the first 32 hex digits
 * of the genesis hash (CAIP-13).
 *
 * @throws Error for a genesis hash that is not 32 bytes of hex
 * @example
 * definePolkadotNetwork({ genesisHash: '0x91b1…', ss58Prefix: 0, name: 'Polkadot', rpcUrls: ['https://rpc.polkadot.io'], nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 } })
 */
export function definePolkadotNetwork({ genesisHash, ss58Prefix, name, rpcUrls, nativeCurrency, blockExplorer, testnet, imageUrl }: DefinePolkadotNetworkParameters): PolkadotNetwork {
  if (!/^0x[0-9a-f]{64}$/.test(genesisHash)) throw new Error(`definePolkadotNetwork: "${String(genesisHash).slice(0, 80)}" is not a 32-byte lower-case hex genesis hash`)
  const reference = genesisHash.slice(2, 34)
  return Object.freeze({
    id: reference,
    caipNetworkId: `polkadot:${reference}` as CaipNetworkId,
    chainNamespace: 'polkadot',
    name,
    nativeCurrency: { ...nativeCurrency },
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
    polkadot: Object.freeze({ genesisHash, ss58Prefix }),
  }) as PolkadotNetwork
}
