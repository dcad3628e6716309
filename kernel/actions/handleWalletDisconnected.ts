import { runInAction } from 'mobx'
import type { Portico } from '../createPortico.js'
import type { ChainNamespace } from '../types/caip.js'
import { persistConnections } from './persistConnections.js'

/** The wallet ended the connection itself: reset the namespace and forget the stored connection. */
export function handleWalletDisconnected(portico: Portico, namespace: ChainNamespace): void {
  const { connections, accounts, router, modal } = portico.stores
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
