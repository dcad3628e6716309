import type { PorticoBase } from '../types/portico.js'
import { storageKeys } from '../services/storageKeys.js'

/** Stores the active network and namespace so the next load starts there. */
export function persistActiveNetwork(portico: PorticoBase): void {
  const { networks } = portico.stores
  const active = networks.activeNetwork
  if (active) portico.services.storage.set(storageKeys.activeNetwork, active.caipNetworkId)
  portico.services.storage.set(storageKeys.activeNamespace, networks.activeNamespace)
}
