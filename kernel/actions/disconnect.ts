import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { DisconnectFailedError } from '../errors/connection.js'
import type { ChainNamespace } from '../types/caip.js'
import { persistActiveNetwork } from './persistActiveNetwork.js'
import { persistConnections } from './persistConnections.js'

/**
 * Disconnects one namespace, or every connected one, with every wallet kept beside the active one
 * (multi-wallet). A connection through a `shared`
 * connector (WalletConnect, an auth wallet) covers every namespace it connected, so all of them end. Local state is always cleared; when a wallet
 * failed to end its side, `Failed to disconnect` (or `… chains`) is thrown afterwards.
 *
 * @example
 * await portico.disconnect()          // all
 * await portico.disconnect('eip155')  // one
 */
export async function disconnect(portico: PorticoBase, namespace?: ChainNamespace): Promise<void> {
  const { connections, wallets, accounts } = portico.stores
  portico.markUserAction()
  const live = Object.keys(connections.connections).filter((ns) => connections.status(ns) !== 'disconnected')
  let targets = namespace ? [namespace] : live
  if (namespace) {
    const connectorId = connections.get(namespace).connectorId
    const connector = connectorId ? wallets.find(connectorId, namespace) : undefined
    if (connectorId && connector && connector.shared === true) {
      targets = [...new Set([namespace, ...live.filter((ns) => connections.get(ns).connectorId === connectorId)])]
    }
  }
  const failed: string[] = []
  const causes: unknown[] = []
  for (const ns of targets) {
    const connection = connections.get(ns)
    const hook = portico.hooks.disconnect.get(ns)
    if (connection.connectorId && hook?.isUsed()) {
      try {
        await hook.promise({ namespace: ns, connectorId: connection.connectorId })
      } catch (error) {
        failed.push(ns)
        causes.push(error)
      }
    }
    // Multi-wallet: the wallets kept beside the active one end too.
    for (const kept of [...connections.keptOf(ns)]) {
      try {
        if (hook?.isUsed()) await hook.promise({ namespace: ns, connectorId: kept.connectorId })
      } catch (error) {
        if (!failed.includes(ns)) failed.push(ns)
        causes.push(error)
      }
    }
    runInAction(() => {
      connections.reset(ns)
      connections.clearKept(ns)
      accounts.reset(ns)
    })
    portico.hooks.disconnected.call({ namespace: ns })
  }
  persistConnections(portico)
  // Another namespace still connected becomes the active one (its account shows); none left
  // closes the modal.
  const remaining = connections.connectedNamespaces
  const { networks } = portico.stores
  if (remaining.length > 0 && !remaining.includes(networks.activeNamespace)) {
    const next = remaining[0] as ChainNamespace
    runInAction(() => networks.setActiveNamespace(next))
    persistActiveNetwork(portico)
  }
  if (portico.stores.modal.open && remaining.length === 0) portico.close()
  if (failed.length) {
    portico.emit({ type: 'track', event: 'DISCONNECT_ERROR', properties: { namespaces: failed } })
    throw portico.reportError(new DisconnectFailedError({ namespaces: failed, cause: causes[0] }), { action: 'disconnect' })
  }
  portico.emit({ type: 'track', event: 'DISCONNECT_SUCCESS', properties: { namespace: namespace ?? 'all' } })
}
