import type { CaipNetworkId } from '../../../kernel/kernel.js'
import { walletStandardChains, type SolanaWalletStandardChain } from './walletStandardChains.js'

/**
 * The CAIP-2 id of a Wallet Standard Solana chain id.
 *
 * @param chain - e.g. `solana:localnet`
 * @returns e.g. `solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP`, or undefined for an unknown chain
 * @example
 * fromWalletStandardChain('solana:mainnet') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function fromWalletStandardChain(chain: unknown): CaipNetworkId | undefined {
  if (typeof chain !== 'string' || !Object.hasOwn(walletStandardChains, chain)) return undefined
  return walletStandardChains[chain as SolanaWalletStandardChain]
}
