import { type Network } from '../../../kernel/index.js'
import { defineChainNetwork, type ChainNetworkParameters } from '../../../chain-kit/index.js'

export type DefineBitcoinNetworkParameters = ChainNetworkParameters & {
  /** The first 32 hex characters of the genesis block hash (the CAIP-2 reference, CAIP-4). */
  reference: string
  /** Esplora REST bases (`…/api`): balances, UTXOs, fee estimates and broadcasts go there. */
  rpcUrls: readonly string[]
  /** A mempool.space-style explorer: `<url>/address/<a>` and `<url>/tx/<txid>`. */
  blockExplorer?: { name: string; url: string }
}

/**
 * Builds a Bitcoin network as plain data: `bip122:<reference>`, native currency BTC (8 decimals).
 *
 * @param parameters - reference, name, Esplora URLs, explorer
 * @returns the network
 * @example
 * const mine = defineBitcoinNetwork({ reference: '0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Regtest', rpcUrls: ['http://127.0.0.1:4704/api'] })
 */
export function defineBitcoinNetwork(parameters: DefineBitcoinNetworkParameters): Network {
  return defineChainNetwork({ ...parameters, namespace: 'bip122', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } })
}
