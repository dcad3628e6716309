import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { ChainNotSupportedError, NetworkNotFoundError } from '../errors/connection.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { CaipNetworkId } from '../types/caip.js'
import type { Network } from '../types/network.js'
import { persistActiveNetwork } from './persistActiveNetwork.js'
import { requireHook } from './requireHook.js'

export type SwitchNetworkErrorType = NetworkNotFoundError | ChainNotSupportedError | ProviderRpcError

/**
 * Makes a configured network active. The same network does nothing. When the network's
 * namespace is connected on another chain, the wallet is asked to switch first (its plugin adds
 * the chain when needed); the active namespace follows the network. A network of a namespace not
 * connected is the visitor's choice of where to connect (`networks.chosenNamespace`).
 *
 * @example
 * await portico.switchNetwork('eip155:31338')
 */
export async function switchNetwork(portico: PorticoBase, target: Network | CaipNetworkId): Promise<void> {
  const { networks, connections } = portico.stores
  const id = typeof target === 'string' ? target : target?.caipNetworkId
  const network = networks.find(id)
  if (!network) {
    runInAction(() => portico.stores.alerts.raise('APKT001'))
    throw portico.reportError(new NetworkNotFoundError({ caipNetworkId: String(id) }), { action: 'switchNetwork' })
  }
  const namespace = network.chainNamespace
  const connection = connections.get(namespace)
  const sameActive = networks.activeNamespace === namespace && networks.activeNetwork?.caipNetworkId === network.caipNetworkId
  const walletOnIt = connection.status !== 'connected' || connection.caipNetworkId === network.caipNetworkId
  if (sameActive && walletOnIt) return

  if (connection.status === 'connected' && connection.caipNetworkId !== network.caipNetworkId && connection.connectorId) {
    const hook = requireHook(portico.hooks.switchNetwork, 'switchNetwork', namespace)
    let result: Awaited<ReturnType<typeof hook.promise>>
    try {
      result = await hook.promise({ namespace, connectorId: connection.connectorId, network })
    } catch (error) {
      const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
      throw portico.reportError(typed, { namespace, action: 'switchNetwork' })
    }
    if (!result) throw portico.reportError(new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId }), { namespace, action: 'switchNetwork' })
    runInAction(() => {
      if (connections.get(namespace).caipNetworkId !== result.caipNetworkId) portico.stores.accounts.forgetBalance(namespace)
      connections.setNetwork(namespace, result.caipNetworkId)
    })
  }
  runInAction(() => {
    networks.setActive(network)
    // Chosen while not connected there: the Connect view lists that namespace's wallets.
    if (connections.get(namespace).status !== 'connected') networks.chooseNamespace(namespace)
  })
  persistActiveNetwork(portico)
  portico.hooks.networkChanged.call({ namespace, network })
  portico.emit({ type: 'track', event: 'SWITCH_NETWORK', properties: { network: network.caipNetworkId } })
}
