import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import type { NamespaceConnection } from '../stores/ConnectionStore.js'
import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { ConnectResult } from '../types/connection.js'
import { parseCaipAddress } from '../utils/parseCaipAddress.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'
import { sanitizeConnectionUser } from '../utils/sanitizeConnectionUser.js'
import { sanitizeWalletName } from '../utils/sanitizeWalletName.js'
import { persistActiveNetwork } from './persistActiveNetwork.js'
import { persistConnections } from './persistConnections.js'

/**
 * Records a connection a plugin returned: validates it, marks the namespace connected, follows
 * the wallet's chain when it is configured (otherwise opens UnsupportedChain unless allowed),
 * keeps who logged in (an embedded wallet's `user`) in the account store,
 * stores it for reconnecting and notifies the `connected` hook. With multi-wallet on, the
 * connection it replaces (`previous`, default: the namespace's current one) is kept beside it.
 */
export function applyConnection(
  portico: PorticoBase,
  namespace: ChainNamespace,
  result: ConnectResult,
  { activate = true, previous }: { activate?: boolean; previous?: NamespaceConnection } = {},
): void {
  const { connections, networks } = portico.stores
  // With multi-wallet on (spec §6), the connection this one replaces stays connected beside it.
  const prior = previous ?? connections.get(namespace)
  const priorChannel = connections.channels.get(namespace)
  const keepPrior =
    portico.stores.options.remoteFeatures.multiWallet === true && prior.status === 'connected' && prior.connectorId !== undefined && prior.caipNetworkId !== undefined && prior.connectorId !== result.connectorId
  const parsed = parseCaipNetworkId(result.caipNetworkId)
  if (parsed.namespace !== namespace) {
    throw new BaseError(`The plugin answered with a ${parsed.namespace} chain for the ${namespace} namespace`)
  }
  const validated = portico.addressValidators.has(namespace)
  const accounts = (Array.isArray(result.accounts) ? result.accounts : []).filter(
    (a) => a && typeof a.address === 'string' && (!validated || portico.addressValidators.isAddress(a.address, namespace)),
  )
  const first = accounts[0]
  if (!first) throw new BaseError('The wallet returned no account')
  const caipAddress = parseCaipAddress(`${parsed.caipNetworkId}:${first.address}`).caipAddress
  const network = networks.find(parsed.caipNetworkId)
  const user = sanitizeConnectionUser(result.user)
  const walletName = sanitizeWalletName(result.walletName)

  runInAction(() => {
    if (keepPrior) {
      connections.keep(
        namespace,
        { connectorId: prior.connectorId as string, accounts: prior.accounts, caipNetworkId: prior.caipNetworkId as CaipNetworkId, ...(prior.walletName ? { walletName: prior.walletName } : {}) },
        priorChannel,
      )
    }
    // The connection that becomes active is no longer a kept one.
    connections.takeKept(namespace, result.connectorId)
    portico.stores.accounts.update(namespace, { user, socialProvider: user && user.provider !== 'email' ? user.provider : undefined })
    connections.setConnected(namespace, { connectorId: result.connectorId, accounts, caipNetworkId: parsed.caipNetworkId, ...(walletName ? { walletName } : {}) })
    connections.setChannel(namespace, result.channel && typeof result.channel.request === 'function' ? result.channel : undefined)
    if (network) {
      networks.activeByNamespace[namespace] = network.caipNetworkId
    }
    if (activate) networks.setActiveNamespace(namespace)
  })
  persistConnections(portico)
  persistActiveNetwork(portico)
  portico.hooks.connected.call({ namespace, connectorId: result.connectorId, caipAddress, result })
  portico.hooks.accountChanged.call({ namespace, address: first.address, caipAddress })
  if (network) portico.hooks.networkChanged.call({ namespace, network })
  else if (!portico.options.allowUnsupportedChain && portico.options.enableNetworkSwitch !== false) {
    void portico.open({ view: 'UnsupportedChain', data: { caipNetworkId: parsed.caipNetworkId } })
  }
}
