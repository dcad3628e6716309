import type { Portico } from '../createPortico.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { ConnectionStatus } from '../types/connection.js'

export type GetAccountReturnType = {
  namespace: ChainNamespace
  status: ConnectionStatus
  isConnected: boolean
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
}

/**
 * The account of a namespace (default: the active one).
 *
 * @example
 * portico.getAccount().address // '0xf39F…'
 */
export function getAccount(portico: Portico, namespace?: ChainNamespace): GetAccountReturnType {
  const { connections, networks } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  const snapshot = connections.snapshot[ns] ?? { status: 'disconnected' as const }
  return { namespace: ns, ...snapshot, isConnected: snapshot.status === 'connected' }
}
