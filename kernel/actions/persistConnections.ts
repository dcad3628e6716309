import type { Portico } from '../createPortico.js'
import { storageKeys, type StoredConnections } from '../services/storageKeys.js'

/** Stores which connector each connected namespace uses, for reconnecting on the next load. */
export function persistConnections(portico: Portico): void {
  const stored: StoredConnections = {}
  const { connections } = portico.stores.connections
  for (const [namespace, connection] of Object.entries(connections)) {
    if (connection.status !== 'disconnected' && connection.connectorId) stored[namespace] = { connectorId: connection.connectorId }
  }
  if (Object.keys(stored).length) portico.services.storage.set(storageKeys.connections, stored)
  else portico.services.storage.remove(storageKeys.connections)
}
