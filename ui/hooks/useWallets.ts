import type { WalletConnector } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'
import { useStore } from './useStore.js'

/**
 * The wallets plugins discovered (merged: never one twice) and a way to look again.
 *
 * @example
 * const { wallets, discover } = useWallets()
 */
export function useWallets(): { wallets: WalletConnector[]; discover: () => Promise<WalletConnector[]> } {
  const portico = usePortico('useWallets')
  const wallets = useStore(() => portico.stores.wallets.merged.map((w) => ({ ...w })))
  return { wallets, discover: () => portico.discoverWallets() }
}
