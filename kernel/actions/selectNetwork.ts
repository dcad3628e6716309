import type { PorticoBase } from '../types/portico.js'
import type { Network } from '../types/network.js'

/**
 * Routes a network chosen in the Networks view (appkit-behaviour §2.6): the same network does
 * nothing; with the confirmation skipped (or an auth wallet that also serves the
 * target namespace) SwitchNetwork;
 * connected in the current namespace and moving to an unconnected other namespace
 * SwitchActiveChain (a confirmation); otherwise SwitchNetwork.
 *
 * @example
 * portico.selectNetwork(devnetB)
 */
export function selectNetwork(portico: PorticoBase, network: Network, { ignoreSwitchConfirmation = false } = {}): void {
  const { networks, connections, router, wallets } = portico.stores
  if (networks.activeNetwork?.caipNetworkId === network.caipNetworkId) return
  const active = networks.activeNamespace
  const activeConnection = connections.get(active)
  const viaAuth =
    activeConnection.status === 'connected' &&
    activeConnection.connectorId !== undefined &&
    wallets.find(activeConnection.connectorId, active)?.type === 'AUTH' &&
    wallets.find(activeConnection.connectorId, network.chainNamespace) !== undefined
  if (ignoreSwitchConfirmation || viaAuth) {
    router.push('SwitchNetwork', { network })
  } else if (connections.isConnected(active) && network.chainNamespace !== active && !connections.isConnected(network.chainNamespace)) {
    router.push('SwitchActiveChain', {
      switchToChain: network.chainNamespace,
      navigateTo: 'Connect',
      navigateWithReplace: true,
      network,
    })
  } else {
    router.push('SwitchNetwork', { network })
  }
}
