import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { ConnectFailedError, ConnectionRejectedError } from '../errors/connection.js'
import { NoAnswerError, NoPluginForHookError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ConnectionSnapshot } from '../types/connection.js'
import type { Network } from '../types/network.js'
import { applyConnection } from './applyConnection.js'
import { requireHook } from './requireHook.js'
import type { ConnectParameters } from '../types/actions.js'

export type ConnectReturnType = ConnectionSnapshot
export type ConnectErrorType = ConnectionRejectedError | ConnectFailedError | NoPluginForHookError

/**
 * Connects a wallet in a namespace through the first plugin that can: the namespace is
 * `connecting` meanwhile (not for a `pairing` connector, whose code may never be scanned); a rejection in the wallet gives `Connection rejected`, any other
 * failure `Failed to connect`, and the namespace returns to disconnected.
 *
 * @example
 * await portico.connect({ namespace: 'eip155', connectorId: 'dev.portico.wallet' })
 */
export async function connect(portico: PorticoBase, { connectorId, namespace, network, activate = true }: ConnectParameters): Promise<ConnectReturnType> {
  const { connections, networks, modal } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  if (typeof connectorId !== 'string' || connectorId.length === 0) {
    throw new ConnectFailedError({ cause: new BaseError('A connector id is required') })
  }
  const hook = requireHook(portico.hooks.connect, 'connect', ns)
  portico.markUserAction()
  const previous = connections.get(ns)
  // A pairing code on screen is not a connection being made: the status waits for the wallet.
  const pairing = portico.stores.wallets.connectors.some((c) => c.id === connectorId && c.namespace === ns && c.pairing === true)
  runInAction(() => {
    if (!pairing) connections.setConnecting(ns, connectorId)
    modal.setLoading(ns, true)
  })
  try {
    const result = await hook.promise({ namespace: ns, connectorId, ...(network ?? networks.activeOf(ns) ? { network: (network ?? networks.activeOf(ns)) as Network } : {}) })
    if (!result) throw new NoAnswerError({ hook: 'connect', namespace: ns })
    applyConnection(portico, ns, result, { activate, previous })
    portico.emit({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: result.method ?? 'browser', namespace: ns, connectorId } })
    return connections.snapshot[ns] as ConnectionSnapshot
  } catch (error) {
    runInAction(() => {
      // Keep an older live connection; otherwise back to disconnected.
      if (previous.status === 'connected' && previous.connectorId && previous.caipNetworkId) {
        connections.setConnected(ns, { connectorId: previous.connectorId, accounts: previous.accounts, caipNetworkId: previous.caipNetworkId, ...(previous.walletName ? { walletName: previous.walletName } : {}) })
      } else connections.reset(ns)
    })
    const rpc = error instanceof BaseError ? undefined : ProviderRpcError.from(error)
    const rejected = rpc?.isUserRejection || (error instanceof ProviderRpcError && error.isUserRejection)
    const typed = rejected
      ? new ConnectionRejectedError({ cause: error })
      : error instanceof ConnectionRejectedError || error instanceof ConnectFailedError
        ? error
        : new ConnectFailedError({ cause: error })
    portico.emit({ type: 'track', event: 'CONNECT_ERROR', properties: { namespace: ns, connectorId, message: typed.shortMessage } })
    throw portico.reportError(typed, { namespace: ns, action: 'connect' })
  } finally {
    runInAction(() => modal.setLoading(ns, false))
  }
}
export type { ConnectParameters } from '../types/actions.js'
