import type { PorticoBase } from '../types/portico.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { AccountType, ConnectionStatus } from '../types/connection.js'
import type { GetAccountReturnType } from '../types/actions.js'


/**
 * The account of a namespace (default: the active one).
 *
 * @example
 * portico.getAccount().address // '0xf39F…'
 * portico.getAccount().preferredAccountType // 'smartAccount'
 */
export function getAccount(portico: PorticoBase, namespace?: ChainNamespace): GetAccountReturnType {
  const { connections, networks } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  const snapshot = connections.snapshot[ns] ?? { status: 'disconnected' as const }
  const isConnected = snapshot.status === 'connected'
  const { smartAccountDeployed } = portico.stores.accounts.get(ns)
  // The active account's type is its connection's first account's (an untyped one is an `eoa`).
  const preferredAccountType = isConnected ? (connections.get(ns).accounts[0]?.type ?? 'eoa') : undefined
  return {
    namespace: ns,
    ...snapshot,
    isConnected,
    ...(isConnected && preferredAccountType ? { preferredAccountType } : {}),
    ...(preferredAccountType === 'smartAccount' && smartAccountDeployed !== undefined ? { smartAccountDeployed } : {}),
  }
}
export type { GetAccountReturnType } from '../types/actions.js'
