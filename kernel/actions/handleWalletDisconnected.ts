import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ReportOptions } from '../types/connection.js'
import { persistConnections } from './persistConnections.js'

/**
 * The wallet ended the connection itself: reset the namespace and forget the stored connection.
 * With `connectorId` naming a kept connection (multi-wallet), only that one is dropped.
 */
export function handleWalletDisconnected(portico: PorticoBase, namespace: ChainNamespace, { connectorId }: ReportOptions = {}): void {
  const { connections, accounts, router, modal } = portico.stores
  // A kept wallet (multi-wallet) ended its connection: it leaves the list, the active one stays.
  if (connectorId !== undefined && connections.get(namespace).connectorId !== connectorId) {
    if (runInAction(() => connections.takeKept(namespace, connectorId))) persistConnections(portico)
    return
  }
  if (connections.status(namespace) === 'disconnected') return
  runInAction(() => {
    connections.reset(namespace)
    accounts.reset(namespace)
    if (modal.open && router.view === 'Account' && connections.connectedNamespaces.length === 0) router.reset('Connect')
  })
  persistConnections(portico)
  portico.hooks.disconnected.call({ namespace })
  portico.emit({ type: 'track', event: 'DISCONNECT_SUCCESS', properties: { namespace, initiator: 'wallet' } })
}
