import type { DirectoryWallet, Portico } from '../../kernel/kernel.js'
import { directoryWalletView } from './directoryWalletView.js'
import { findConnectorFor } from './findConnectorFor.js'
import { selectConnector } from './selectConnector.js'

/**
 * What choosing a directory wallet does: an installed one connects directly; any other goes to
 * the view of a connector that `connectsDirectoryWallets` (with `{ wallet }`), else to the
 * WalletLinks view (which shows where to get it). No link is followed.
 *
 * @example
 * selectDirectoryWallet(portico, entry)
 */
export function selectDirectoryWallet(portico: Portico, wallet: DirectoryWallet): void {
  const { wallets, router } = portico.stores
  const connector = findConnectorFor(wallets.merged, wallet)
  if (connector) return selectConnector(portico, connector)
  const { view, namespace } = directoryWalletView(portico)
  router.push(view, namespace === undefined ? { wallet: { ...wallet } } : { wallet: { ...wallet }, namespace })
}
