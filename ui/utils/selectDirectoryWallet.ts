import type { DirectoryWallet, Portico } from '../../kernel/kernel.js'
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
  const { wallets, networks, router } = portico.stores
  const connector = findConnectorFor(wallets.merged, wallet)
  if (connector) return selectConnector(portico, connector)
  const active = networks.activeNamespace
  const pairing = wallets.connectors.filter((c) => c.connectsDirectoryWallets && c.view)
  const via = pairing.find((c) => c.namespace === active) ?? pairing[0]
  if (via?.view) router.push(via.view, { wallet: { ...wallet }, namespace: via.namespace })
  else router.push('WalletLinks', { wallet: { ...wallet } })
}
