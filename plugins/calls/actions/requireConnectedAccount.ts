import { NotConnectedError, type ChainNamespace, type Network } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'

export type ConnectedAccount = { namespace: ChainNamespace; connectorId: string; address: string; network: Network }

/**
 * The namespace's connected account, its connector and the network it is on (the configured one,
 * else the namespace's active network); throws when the namespace is not connected.
 *
 * @throws NotConnectedError
 * @example
 * const { address, network } = requireConnectedAccount(portico, 'eip155')
 */
export function requireConnectedAccount(portico: CallsContext, namespace: ChainNamespace): ConnectedAccount {
  const { connections, networks } = portico.stores
  const connection = connections.get(namespace)
  const address = connections.address(namespace)
  const network = networks.find(connection.caipNetworkId) ?? networks.activeOf(namespace)
  if (connection.status !== 'connected' || !address || !connection.connectorId || !network) throw new NotConnectedError({ namespace })
  return { namespace, connectorId: connection.connectorId, address, network }
}
