import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { ConnectFailedError, ConnectionNotFoundError } from '../errors/connection.js'
import type { ChainNamespace } from '../types/caip.js'
import { applyConnection } from './applyConnection.js'
import { persistConnections } from './persistConnections.js'
import { requireMultiWallet } from './requireMultiWallet.js'
import type { SwitchConnectionParameters } from '../types/actions.js'


/**
 * Makes a kept connection the active one of its namespace (multi-wallet, spec §6): its plugin's
 * `reconnect` tap confirms the wallet is still there (no prompt) and re-attaches its events; the
 * connection that was active is kept beside it. With the `multiWallet` feature off it does
 * nothing but show 'Multi-Wallet Not Enabled'. A wallet that is gone is dropped from the list and
 * the switch fails with `Failed to connect`.
 *
 * @example
 * await portico.switchConnection({ namespace: 'eip155', connectorId: 'walletConnect' })
 */
export async function switchConnection(portico: PorticoBase, { connectorId, namespace }: SwitchConnectionParameters): Promise<void> {
  const { connections, networks } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  if (!requireMultiWallet(portico)) return
  portico.markUserAction()
  const current = connections.get(ns)
  if (current.status === 'connected' && current.connectorId === connectorId) return
  const kept = connections.findKept(ns, connectorId)
  if (!kept) throw portico.reportError(new ConnectionNotFoundError({ connectorId, namespace: ns }), { namespace: ns, action: 'switchConnection' })
  const hook = portico.hooks.reconnect.get(ns)
  const network = networks.find(kept.caipNetworkId) ?? networks.activeOf(ns)
  try {
    const result = hook?.isUsed() ? await hook.promise({ namespace: ns, connectorId, ...(network ? { network } : {}) }) : undefined
    if (!result) throw new BaseError('The wallet is no longer connected')
    // The channel the connection had, when the plugin did not hand a new one.
    const taken = connections.takeKept(ns, connectorId)
    applyConnection(portico, ns, { ...result, ...(result.channel ? {} : taken?.channel ? { channel: taken.channel } : {}) }, { previous: current })
    portico.emit({ type: 'track', event: 'SWITCH_CONNECTION', properties: { namespace: ns, connectorId } })
  } catch (error) {
    // The wallet is gone: it leaves the list rather than fail again next time.
    runInAction(() => connections.takeKept(ns, connectorId))
    persistConnections(portico)
    throw portico.reportError(new ConnectFailedError({ cause: error }), { namespace: ns, action: 'switchConnection' })
  }
}
export type { SwitchConnectionParameters } from '../types/actions.js'
