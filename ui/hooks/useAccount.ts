import type { ChainNamespace, ConnectionSnapshot } from '../../kernel/index.js'
import { usePorticoState } from './usePorticoState.js'

export type UseAccountReturnType = ConnectionSnapshot & { namespace: ChainNamespace; isConnected: boolean; isConnecting: boolean }

/**
 * The connected account of a namespace (default: the active one).
 *
 * @example
 * const { address, isConnected } = useAccount()
 */
export function useAccount({ namespace }: { namespace?: ChainNamespace } = {}): UseAccountReturnType {
  const state = usePorticoState('useAccount')
  const ns = namespace ?? state.activeNamespace
  const connection = state.connections[ns] ?? { status: 'disconnected' as const }
  return { ...connection, namespace: ns, isConnected: connection.status === 'connected', isConnecting: connection.status === 'connecting' }
}
