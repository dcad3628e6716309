import type { CaipNetworkId } from '../../../kernel/kernel.js'

/** A Wallet Standard Solana chain id. */
export type SolanaWalletStandardChain = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet' | 'solana:localnet'

/**
 * Wallet Standard chain ids and the CAIP-2 ids they stand for. Wallet Standard names clusters
 * (`solana:mainnet`); CAIP-2 uses the first 32 characters of the genesis hash. The sandbox's
 * LiteSVM chain is what Wallet Standard wallets call `solana:localnet`.
 */
export const walletStandardChains: Readonly<Record<SolanaWalletStandardChain, CaipNetworkId>> = Object.freeze({
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'solana:localnet': 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP',
})
