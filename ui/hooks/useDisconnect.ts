import type { ChainNamespace } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'

/**
 * Disconnects one namespace or all.
 *
 * @example
 * const { disconnect } = useDisconnect(); await disconnect()
 */
export function useDisconnect() {
  const portico = usePortico('useDisconnect')
  return { disconnect: (namespace?: ChainNamespace) => portico.disconnect(namespace) }
}
