import type { CaipNetworkId } from '../../../kernel/kernel.js'
import { walletStandardChains, type SolanaWalletStandardChain } from './walletStandardChains.js'

/**
 * The Wallet Standard chain id of a CAIP-2 Solana network id.
 *
 * @param caipNetworkId - e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`
 * @returns e.g. `solana:mainnet`, or undefined for a chain Wallet Standard has no name for
 * @example
 * toWalletStandardChain('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1') // 'solana:devnet'
 */
export function toWalletStandardChain(caipNetworkId: CaipNetworkId | string): SolanaWalletStandardChain | undefined {
  for (const [chain, id] of Object.entries(walletStandardChains)) {
    if (id === caipNetworkId) return chain as SolanaWalletStandardChain
  }
  return undefined
}
