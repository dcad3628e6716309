import type { PorticoBase } from '../types/portico.js'
import { storageKeys, type StoredConnections } from '../services/storageKeys.js'
import { persistRestoreCookie } from './persistRestoreCookie.js'

/** Stores which connector each connected namespace uses (and, multi-wallet, the kept ones), for reconnecting on the next load (and, with `restoreCookie`, the server's restore hint). */
export function persistConnections(portico: PorticoBase): void {
  const stored: StoredConnections = {}
  const { connections } = portico.stores.connections
  for (const [namespace, connection] of Object.entries(connections)) {
    if (connection.status === 'disconnected' || !connection.connectorId) continue
    // Multi-wallet: the wallets kept beside the active one, listed again after a reload.
    const kept = portico.stores.connections.keptOf(namespace).map((k) => ({ connectorId: k.connectorId, caipNetworkId: k.caipNetworkId, addresses: k.accounts.map((a) => a.address), ...(k.walletName ? { walletName: k.walletName } : {}) }))
    stored[namespace] = { connectorId: connection.connectorId, ...(kept.length ? { kept } : {}) }
  }
  if (Object.keys(stored).length) portico.services.storage.set(storageKeys.connections, stored)
  else portico.services.storage.remove(storageKeys.connections)
  persistRestoreCookie(portico, stored)
}
