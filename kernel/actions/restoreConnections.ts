import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { storageKeys, isStoredConnections, type StoredConnections } from '../services/storageKeys.js'
import type { ChainNamespace } from '../types/caip.js'
import { isCaipNetworkId } from '../utils/isCaipNetworkId.js'
import { sanitizeWalletName } from '../utils/sanitizeWalletName.js'
import { applyConnection } from './applyConnection.js'
import { persistConnections } from './persistConnections.js'
import { persistRestoreCookie } from './persistRestoreCookie.js'

/**
 * On load, restores stored connections through each plugin's `reconnect` tap (no prompt); a
 * namespace shows `connecting` until then, never a disconnected flash. A connection that cannot
 * be restored is dropped. With `enableReconnect: false`, stored connections are ended instead.
 *
 * @example
 * await portico.ready()
 */
export async function restoreConnections(portico: PorticoBase): Promise<void> {
  const { connections, networks } = portico.stores
  const stored = portico.services.storage.get(storageKeys.connections, isStoredConnections) ?? {}
  const namespaces = Object.keys(stored).filter((ns) => networks.namespaces.includes(ns))
  const activeNamespace = networks.activeNamespace

  if (portico.options.enableReconnect === false) {
    for (const namespace of namespaces) {
      const hook = portico.hooks.disconnect.get(namespace)
      try {
        if (hook?.isUsed()) await hook.promise({ namespace, connectorId: (stored[namespace] as { connectorId: string }).connectorId })
      } catch {
        // the wallet may be gone already; nothing else to do
      }
    }
    portico.services.storage.remove(storageKeys.connections)
    persistRestoreCookie(portico, {})
    return
  }

  await Promise.all(
    namespaces.map(async (namespace) => {
      const connectorId = (stored[namespace] as { connectorId: string }).connectorId
      const hook = portico.hooks.reconnect.get(namespace)
      try {
        const network = networks.activeOf(namespace)
        const result = hook?.isUsed() ? await hook.promise({ namespace, connectorId, ...(network ? { network } : {}) }) : undefined
        if (!result) {
          // No plugin could restore it (the wallet is gone): dropped quietly, not an error.
          runInAction(() => connections.reset(namespace))
          return
        }
        applyConnection(portico, namespace, result, { activate: namespace === activeNamespace })
        restoreKept(portico, namespace, (stored[namespace] as StoredConnections[string]).kept)
        portico.emit({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: result.method ?? 'browser', namespace, connectorId, reconnect: true } })
      } catch (error) {
        runInAction(() => connections.reset(namespace))
        portico.reportError(error, { namespace, action: 'reconnect' })
      }
    }),
  )
  persistConnections(portico)
}

/**
 * Multi-wallet: lists the wallets that were kept beside the restored one again, unverified (no
 * prompt, no plugin asked); `switchConnection` checks one through its `reconnect` tap when the
 * visitor picks it. Entries that are malformed, of another namespace or of the active connector
 * are dropped.
 */
function restoreKept(portico: PorticoBase, namespace: ChainNamespace, kept: unknown): void {
  if (portico.stores.options.remoteFeatures.multiWallet !== true || !Array.isArray(kept)) return
  const { connections } = portico.stores
  const active = connections.get(namespace).connectorId
  const valid = kept.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return []
    const { connectorId, caipNetworkId, addresses, walletName } = entry as { connectorId?: unknown; caipNetworkId?: unknown; addresses?: unknown; walletName?: unknown }
    if (typeof connectorId !== 'string' || connectorId.length === 0 || connectorId.length > 200 || connectorId === active) return []
    if (typeof caipNetworkId !== 'string' || !isCaipNetworkId(caipNetworkId) || !caipNetworkId.startsWith(`${namespace}:`)) return []
    const accounts = (Array.isArray(addresses) ? addresses : [])
      .filter((a): a is string => typeof a === 'string' && (!portico.addressValidators.has(namespace) || portico.addressValidators.isAddress(a, namespace)))
      .map((address) => ({ address }))
    const name = sanitizeWalletName(walletName)
    return accounts.length ? [{ connectorId, caipNetworkId, accounts, ...(name ? { walletName: name } : {}) }] : []
  })
  runInAction(() => {
    for (const entry of valid.reverse()) connections.keep(namespace, entry)
  })
}
