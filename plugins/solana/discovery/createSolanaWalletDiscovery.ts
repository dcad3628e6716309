import { createWalletStandardDiscovery, type CreateWalletStandardDiscoveryReturnType } from '../../../chain-kit/index.js'
import type { WalletRegistry } from './WalletStandardTypes.js'

export type CreateSolanaWalletDiscoveryReturnType = CreateWalletStandardDiscoveryReturnType

/**
 * Watches a Wallet Standard registry (`getWallets()` of `@wallet-standard/app`) for Solana wallets
 * (`standard:connect` and a `solana:*` chain), also those that register late. A wallet is listed
 * once per name (the first one wins).
 *
 * @param registry - the registry
 * @returns the live list and helpers
 * @example
 * const discovery = createSolanaWalletDiscovery(getWallets())
 */
export function createSolanaWalletDiscovery(registry: WalletRegistry): CreateSolanaWalletDiscoveryReturnType {
  return createWalletStandardDiscovery({ registry, accept: (wallet) => wallet.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) })
}
