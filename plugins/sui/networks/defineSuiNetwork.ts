import { type Network } from '../../../kernel/index.js'
import { defineChainNetwork, type ChainNetworkParameters } from '../../../chain-kit/index.js'

export type DefineSuiNetworkParameters = ChainNetworkParameters & {
  /**
   * The CAIP-2 reference: what Sui wallets call the network (`mainnet`, `testnet`, `devnet`,
   * `localnet`), or the ChainAgnostic draft's genesis-checkpoint form (`35834a8a`, `4c78adac`).
   */
  reference: string
  /**
   * The node API URLs; the first is used. A URL whose path ends in `/graphql` is Sui's GraphQL RPC
   * (the presets': `https://graphql.mainnet.sui.io/graphql`, a provider's, the sandbox's, or a
   * Portico server's `/v1/sui/<projectId>/<caip2>/graphql` proxy); any other URL is full-node
   * JSON-RPC, which Sui deprecated and switched off on its public nodes in July 2026: only for a
   * provider that still serves it.
   */
  rpcUrls: readonly string[]
  /** The explorer's base for this network: `<url>/account/<address>` and `<url>/tx/<digest>`. */
  blockExplorer?: { name: string; url: string }
}

/**
 * Builds a Sui network as plain data: `sui:<reference>`, native currency SUI (9 decimals, MIST).
 *
 * @param parameters reference, name, node API URLs (GraphQL RPC, or a site's JSON-RPC), explorer
 * @returns the network
 * @example
 * const local = defineSuiNetwork({ reference: 'localnet', name: 'Local Sui', rpcUrls: ['http://127.0.0.1:4707/graphql'] })
 */
export function defineSuiNetwork(parameters: DefineSuiNetworkParameters): Network {
  return defineChainNetwork({ ...parameters, namespace: 'sui', nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 } })
}
