import type { DirectoryWallet, Portico } from '../../kernel/index.js'
import { findConnectorFor } from './findConnectorFor.js'
import { selectConnector } from './selectConnector.js'

/**
 * What choosing a directory wallet does: an installed one connects directly; any other goes to
 * the ConnectingWalletConnect view (which shows where to get it). No link is followed.
 *
 * @example
 * selectDirectoryWallet(portico, entry)
 */
export function selectDirectoryWallet(portico: Portico, wallet: DirectoryWallet): void {
  const connector = findConnectorFor(portico.stores.wallets.merged, wallet)
  if (connector) selectConnector(portico, connector)
  else portico.stores.router.push('ConnectingWalletConnect', { wallet: { ...wallet } })
}
