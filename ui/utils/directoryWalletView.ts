import type { Portico } from '../../kernel/kernel.js'

/**
 * The view choosing a directory wallet that is not installed opens: the view of a connector that
 * `connectsDirectoryWallets` (the active namespace's first, else any), else WalletLinks; with the
 * namespace that connector serves.
 *
 * @param portico - the instance
 * @returns the view's id and, for a connector's view, its namespace
 * @example
 * directoryWalletView(portico).view // 'ConnectingWalletConnect'
 */
export function directoryWalletView(portico: Portico): { view: string; namespace?: string } {
  const active = portico.stores.networks.activeNamespace
  const pairing = portico.stores.wallets.connectors.filter((c) => c.connectsDirectoryWallets && c.view)
  const via = pairing.find((c) => c.namespace === active) ?? pairing[0]
  return via?.view ? { view: via.view, namespace: via.namespace } : { view: 'WalletLinks' }
}
