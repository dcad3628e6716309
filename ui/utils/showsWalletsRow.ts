import type { Portico } from '../../kernel/kernel.js'

/**
 * Whether the Account view shows its "Wallets" row (ProfileWallets): only when that view has
 * something to offer — more than one wallet connected (in any namespace: the view lists each
 * namespace's), or the site's `multiWallet` feature on (the view's Add wallet). One wallet on a
 * single-wallet site: no row (docs/design.md, "a row leads somewhere").
 *
 * @param portico - the instance
 * @returns whether to show the row
 * @example
 * showsWalletsRow(portico) // false with one wallet and multiWallet off
 */
export function showsWalletsRow(portico: Portico): boolean {
  if (portico.stores.options.remoteFeatures.multiWallet === true) return true
  const count = portico.stores.connections.connectedNamespaces.reduce((sum, namespace) => sum + portico.getConnections(namespace).length, 0)
  return count > 1
}
