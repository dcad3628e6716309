import type { PorticoBase } from '../types/portico.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { ConnectionAccount, WalletConnection } from '../types/connection.js'

/**
 * The wallet connections of a namespace (default: the active one), the active connection
 * first. With the `multiWallet` feature off there is at most one (spec §6).
 *
 * @example
 * portico.getConnections('eip155').map((c) => `${c.name}: ${c.address}${c.active ? ' (active)' : ''}`)
 */
export function getConnections(portico: PorticoBase, namespace?: ChainNamespace): WalletConnection[] {
  const { connections, networks, wallets } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  const describe = (connectorId: string, accounts: readonly ConnectionAccount[], caipNetworkId: WalletConnection['caipNetworkId'], active: boolean, walletName?: string): WalletConnection | undefined => {
    const first = accounts[0]
    if (!first) return undefined
    const connector = wallets.find(connectorId, ns)
    // The wallet's own name (a phone wallet behind WalletConnect) before the connector's.
    const name = walletName ?? connector?.name
    return {
      namespace: ns,
      connectorId,
      ...(name ? { name } : {}),
      ...(connector?.imageUrl ? { imageUrl: connector.imageUrl } : {}),
      address: first.address,
      caipAddress: `${caipNetworkId}:${first.address}` as CaipAddress,
      accounts: accounts.map((a) => ({ ...a })),
      caipNetworkId,
      active,
    }
  }
  const out: WalletConnection[] = []
  const current = connections.get(ns)
  if (current.status === 'connected' && current.connectorId && current.caipNetworkId) {
    const active = describe(current.connectorId, current.accounts, current.caipNetworkId, true, current.walletName)
    if (active) out.push(active)
  }
  if (portico.stores.options.remoteFeatures.multiWallet === true) {
    for (const kept of connections.keptOf(ns)) {
      const entry = describe(kept.connectorId, kept.accounts, kept.caipNetworkId, false, kept.walletName)
      if (entry) out.push(entry)
    }
  }
  return out
}
