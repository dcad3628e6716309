import type { PorticoState } from '../types/portico.js'
import type { BaseError } from '../errors/BaseError.js'
import { createStorage, type PorticoStorage } from '../services/createStorage.js'
import { defaultStorage } from '../services/defaultStorage.js'
import { isStoredConnections, storageKeys, type StoredConnections } from '../services/storageKeys.js'
import type { ChainNamespace } from '../types/caip.js'
import type { Network } from '../types/network.js'
import type { PorticoOptions } from '../types/options.js'
import type { CaipAddress } from '../types/caip.js'
import { readRestoredAccounts } from '../utils/readRestoredAccounts.js'

export type ReadStartupStateReturnType = {
  /** The state the page renders before the kernel loads. */
  state: PorticoState
  /** The namespaces with a stored connection to restore. */
  restoring: ChainNamespace[]
  /** With `restoreCookie: { account: true }`, the account stored for each namespace being restored. */
  accounts: Partial<Record<ChainNamespace, CaipAddress>>
  /** The visitor's storage, read the way the kernel reads it (for the plugins' start-time probes). */
  storage: Pick<PorticoStorage, 'get'>
}

/**
 * What the page shows before the kernel loads, from the options and the visitor's storage (read
 * the way the kernel reads it): the stored network, else the default one; each namespace with a
 * stored connection `connecting` (unless `enableReconnect` is off), every other one `disconnected`.
 * With `restoreCookie: { account: true }`, a `connecting` namespace carries the account stored
 * with it (`address`, `caipAddress`; the cookie the server read holds the same), shown until the wallet answers.
 *
 * @param options - the site's options
 * @param onError - a stored value that was unreadable and dropped
 * @example
 * readStartupState(options) // { state: { open: false, view: 'Connect', …, connections: { eip155: { status: 'connecting' } } }, restoring: ['eip155'] }
 */
export function readStartupState(options: PorticoOptions, onError: (error: BaseError) => void = () => {}): ReadStartupStateReturnType {
  const storage = createStorage({ backend: options.storage === undefined ? defaultStorage() : options.storage, onError })
  const storedNetworkId = storage.get(storageKeys.activeNetwork, (v): v is string => typeof v === 'string')
  const network = options.networks.find((n) => n.caipNetworkId === storedNetworkId) ?? options.defaultNetwork ?? (options.networks[0] as Network)
  const stored = options.enableReconnect === false ? {} : (storage.get(storageKeys.connections, isStoredConnections) ?? {})
  const namespaces = [...new Set(options.networks.map((n) => n.chainNamespace))]
  const restoring = namespaces.filter((namespace) => Object.hasOwn(stored, namespace))
  const accounts = readRestoredAccounts(options, Object.fromEntries(restoring.map((namespace) => [namespace, stored[namespace] as StoredConnections[string]])), onError)
  const connections: PorticoState['connections'] = {}
  for (const namespace of namespaces) {
    const entry = stored[namespace]
    const caipAddress = accounts[namespace]
    connections[namespace] =
      entry && restoring.includes(namespace)
        ? { status: 'connecting', connectorId: entry.connectorId, ...(caipAddress ? { address: caipAddress.split(':')[2] as string, caipAddress } : {}) }
        : { status: 'disconnected' }
  }
  return {
    state: { open: false, view: 'Connect', history: ['Connect'], loading: false, activeNamespace: network.chainNamespace, activeNetworkId: network.caipNetworkId, connections },
    restoring,
    accounts,
    storage: { get: (key, guard) => storage.get(key, guard) },
  }
}
