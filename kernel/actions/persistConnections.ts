import type { PorticoBase } from '../types/portico.js'
import { storageKeys, type StoredConnections } from '../services/storageKeys.js'
import { persistRestoreCookie } from './persistRestoreCookie.js'

/** Stores which connector each connected namespace uses (with `restoreCookie: { account: true }`, its account; multi-wallet, the kept ones), for reconnecting on the next load (and, with `restoreCookie`, the server's restore hint). */
export function persistConnections(portico: PorticoBase): void {
  const stored: StoredConnections = {}
  const { connections } = portico.stores.connections
  for (const [namespace, connection] of Object.entries(connections)) {
    if (connection.status === 'disconnected' || !connection.connectorId) continue
    // Multi-wallet: the wallets kept beside the active one, listed again after a reload.
    const kept = portico.stores.connections.keptOf(namespace).map((k) => ({ connectorId: k.connectorId, caipNetworkId: k.caipNetworkId, addresses: k.accounts.map((a) => a.address), ...(k.walletName ? { walletName: k.walletName } : {}) }))
    // `restoreCookie: { account: true }`: the account (connected, or still being restored) too, shown at the next load's first paint.
    const caipAddress = (portico.options.restoreCookie as { account?: boolean } | undefined)?.account ? portico.stores.connections.snapshot[namespace]?.caipAddress : undefined
    stored[namespace] = { connectorId: connection.connectorId, ...(caipAddress ? { caipAddress } : {}), ...(kept.length ? { kept } : {}) }
  }
  if (Object.keys(stored).length) portico.services.storage.set(storageKeys.connections, stored)
  else portico.services.storage.remove(storageKeys.connections)
  persistRestoreCookie(portico, stored)
}
