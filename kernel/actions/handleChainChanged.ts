import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { ReportOptions } from '../types/connection.js'
import { isCaipNetworkId } from '../utils/isCaipNetworkId.js'
import { persistActiveNetwork } from './persistActiveNetwork.js'
import { persistConnections } from './persistConnections.js'

/**
 * The wallet moved to another chain: a configured one becomes the namespace's active network;
 * an unconfigured one opens UnsupportedChain unless `allowUnsupportedChain` is set. `connectorId`
 * naming a kept connection (multi-wallet) moves that one only.
 */
export function handleChainChanged(portico: PorticoBase, namespace: ChainNamespace, caipNetworkId: CaipNetworkId, { connectorId }: ReportOptions = {}): void {
  const { connections, networks } = portico.stores
  if (!isCaipNetworkId(caipNetworkId) || !caipNetworkId.startsWith(`${namespace}:`)) return
  const connection = connections.get(namespace)
  // A kept wallet (multi-wallet) moved: its entry follows, the page stays where it is.
  if (connectorId !== undefined && connection.connectorId !== connectorId) {
    if (connections.findKept(namespace, connectorId)) runInAction(() => connections.updateKept(namespace, connectorId, { caipNetworkId }))
    return
  }
  if (connection.status !== 'connected' || connection.caipNetworkId === caipNetworkId) return
  runInAction(() => {
    portico.stores.accounts.forgetBalance(namespace)
    connections.setNetwork(namespace, caipNetworkId)
  })
  // The restore cookie keeps the account, network included (`restoreCookie: { account: true }`): it follows.
  if (typeof portico.options.restoreCookie === 'object' && portico.options.restoreCookie.account) persistConnections(portico)
  const network = networks.find(caipNetworkId)
  if (network) {
    runInAction(() => {
      networks.activeByNamespace[namespace] = network.caipNetworkId
    })
    persistActiveNetwork(portico)
    portico.hooks.networkChanged.call({ namespace, network })
    if (portico.stores.router.view === 'UnsupportedChain' && portico.stores.modal.open) portico.close()
  } else if (!portico.options.allowUnsupportedChain && portico.options.enableNetworkSwitch !== false) {
    void portico.open({ view: 'UnsupportedChain', data: { caipNetworkId } })
  }
}
