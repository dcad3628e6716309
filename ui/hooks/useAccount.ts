import type { AccountType, ChainNamespace, ConnectionSnapshot } from '../../kernel/index.js'
import { useContext } from 'react'
import { PorticoContext } from '../provider/PorticoContext.js'
import { usePorticoState } from './usePorticoState.js'
import { useStore } from './useStore.js'

export type UseAccountReturnType = ConnectionSnapshot & {
  namespace: ChainNamespace
  isConnected: boolean
  isConnecting: boolean
  /** The active account's type (`eoa`, `smartAccount`, …), once connected. */
  preferredAccountType?: AccountType
  /** For a smart account: whether it has code on the current chain; absent for an EOA or while unknown. */
  smartAccountDeployed?: boolean
}

/**
 * The connected account of a namespace (default: the active one), with its type and, for a smart
 * account, whether it is deployed (those two once the kernel has loaded; it never suspends).
 *
 * @example
 * const { address, isConnected, preferredAccountType } = useAccount()
 */
export function useAccount({ namespace }: { namespace?: ChainNamespace } = {}): UseAccountReturnType {
  const state = usePorticoState('useAccount')
  const portico = useContext(PorticoContext)
  const ns = namespace ?? state.activeNamespace
  const connection = state.connections[ns] ?? { status: 'disconnected' as const }
  const isConnected = connection.status === 'connected'
  const smart = useStore(() => {
    if (!portico) return {}
    const connection = portico.stores.connections.get(ns)
    // The active account's type is its connection's first account's (an untyped one is an `eoa`).
    const preferredAccountType = connection.status === 'connected' ? (connection.accounts[0]?.type ?? 'eoa') : undefined
    return { preferredAccountType, smartAccountDeployed: preferredAccountType === 'smartAccount' ? portico.stores.accounts.get(ns).smartAccountDeployed : undefined }
  })
  return {
    ...connection,
    namespace: ns,
    isConnected,
    isConnecting: connection.status === 'connecting',
    ...(isConnected && smart.preferredAccountType ? { preferredAccountType: smart.preferredAccountType } : {}),
    ...(isConnected && smart.smartAccountDeployed !== undefined ? { smartAccountDeployed: smart.smartAccountDeployed } : {}),
  }
}
