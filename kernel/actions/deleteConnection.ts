import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { ConnectionNotFoundError, DisconnectFailedError } from '../errors/connection.js'
import type { ChainNamespace } from '../types/caip.js'
import { disconnect } from './disconnect.js'
import { persistConnections } from './persistConnections.js'
import { requireMultiWallet } from './requireMultiWallet.js'
import { switchConnection } from './switchConnection.js'
import type { DeleteConnectionParameters } from '../types/actions.js'


/**
 * Disconnects one wallet of a namespace (multi-wallet, spec §6). A kept connection ends through
 * its plugin's `disconnect` tap and leaves the list; the active one disconnects and the most
 * recently active kept one takes its place. With the `multiWallet` feature off it does nothing but
 * show 'Multi-Wallet Not Enabled' (`disconnect` ends the single connection).
 *
 * @example
 * await portico.deleteConnection({ namespace: 'eip155', connectorId: 'ledger' })
 */
export async function deleteConnection(portico: PorticoBase, { connectorId, namespace }: DeleteConnectionParameters): Promise<void> {
  const { connections, networks } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  if (!requireMultiWallet(portico)) return
  portico.markUserAction()
  const current = connections.get(ns)
  if (current.status !== 'disconnected' && current.connectorId === connectorId) {
    const next = connections.keptOf(ns)[0]
    if (!next) return disconnect(portico, ns)
    // The next wallet becomes active first, so the namespace never shows disconnected in between.
    await switchConnection(portico, { namespace: ns, connectorId: next.connectorId })
  }
  const taken = runInAction(() => connections.takeKept(ns, connectorId))
  if (!taken) throw portico.reportError(new ConnectionNotFoundError({ connectorId, namespace: ns }), { namespace: ns, action: 'deleteConnection' })
  persistConnections(portico)
  const hook = portico.hooks.disconnect.get(ns)
  try {
    if (hook?.isUsed()) await hook.promise({ namespace: ns, connectorId })
  } catch (error) {
    throw portico.reportError(new DisconnectFailedError({ namespaces: [ns], cause: error }), { namespace: ns, action: 'deleteConnection' })
  }
  portico.emit({ type: 'track', event: 'DELETE_CONNECTION', properties: { namespace: ns, connectorId } })
}
export type { DeleteConnectionParameters } from '../types/actions.js'
