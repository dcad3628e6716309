import { type Network } from '../../../kernel/index.js'
import { defineChainNetwork, type ChainNetworkParameters } from '../../../chain-kit/index.js'

export type DefineSolanaNetworkParameters = ChainNetworkParameters & {
  /** The first 32 base58 characters of the cluster's genesis hash (the CAIP-2 reference). */
  reference: string
}

/**
 * Builds a Solana network as plain data: `solana:<reference>`, native currency SOL (9 decimals).
 *
 * @param parameters - reference, name, RPC URLs, explorer
 * @returns the network
 * @example
 * const mine = defineSolanaNetwork({ reference: 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP', name: 'Local', rpcUrls: ['http://127.0.0.1:4703'] })
 */
export function defineSolanaNetwork(parameters: DefineSolanaNetworkParameters): Network {
  return defineChainNetwork({ ...parameters, namespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } })
}
