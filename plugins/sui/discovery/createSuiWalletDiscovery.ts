import { createWalletStandardDiscovery, type CreateWalletStandardDiscoveryReturnType } from '../../../chain-kit/index.js'
import type { SuiWalletRegistry } from './SuiWalletTypes.js'

export type CreateSuiWalletDiscoveryReturnType = CreateWalletStandardDiscoveryReturnType

/** Features of which a Sui wallet needs one to send (the current ones and the legacy block ones). */
const sendFeatures = ['sui:signAndExecuteTransaction', 'sui:signTransaction', 'sui:signAndExecuteTransactionBlock', 'sui:signTransactionBlock']

/**
 * Watches a Wallet Standard registry for Sui wallets (Slush/Sui Wallet, Suiet, Phantom, Nightly, …):
 * `standard:connect`, a `sui:*` chain and a way to sign transactions; late registrations too, once
 * per name.
 *
 * @param registry the registry (`getWallets()`)
 * @returns the live list and helpers
 * @example
 * const discovery = createSuiWalletDiscovery(getWallets())
 */
export function createSuiWalletDiscovery(registry: SuiWalletRegistry): CreateSuiWalletDiscoveryReturnType {
  return createWalletStandardDiscovery({
    registry,
    accept: (wallet) => sendFeatures.some((f) => (wallet.features as Record<string, unknown>)[f] !== undefined) && wallet.chains.some((c) => typeof c === 'string' && c.startsWith('sui:')),
  })
}
