import type { Portico } from '../createPorticoKernel.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { AccountType, ConnectionStatus } from '../types/connection.js'

export type GetAccountReturnType = {
  namespace: ChainNamespace
  status: ConnectionStatus
  isConnected: boolean
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
  /** The active account's type (`eoa`, `smartAccount`, …), once connected. */
  preferredAccountType?: AccountType
  /** For a smart account: whether it has code on the current chain; absent for an EOA or while unknown. */
  smartAccountDeployed?: boolean
}

/**
 * The account of a namespace (default: the active one).
 *
 * @example
 * portico.getAccount().address // '0xf39F…'
 * portico.getAccount().preferredAccountType // 'smartAccount'
 */
export function getAccount(portico: Portico, namespace?: ChainNamespace): GetAccountReturnType {
  const { connections, networks } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  const snapshot = connections.snapshot[ns] ?? { status: 'disconnected' as const }
  const isConnected = snapshot.status === 'connected'
  const { preferredAccountType, smartAccountDeployed } = portico.stores.accounts.get(ns)
  return {
    namespace: ns,
    ...snapshot,
    isConnected,
    ...(isConnected && preferredAccountType ? { preferredAccountType } : {}),
    ...(isConnected && smartAccountDeployed !== undefined ? { smartAccountDeployed } : {}),
  }
}
