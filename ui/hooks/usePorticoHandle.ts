import { useContext } from 'react'
import type { PorticoHandle } from '../../kernel/index.js'
import { PorticoHandleContext } from '../provider/PorticoHandleContext.js'
import { MissingProviderError } from './usePortico.js'

/**
 * The nearest provider's handle (`createPortico`'s result): its options and state before the
 * kernel loads, and every action (each loads the kernel first).
 *
 * @example
 * const portico = usePorticoHandle(); portico.open()
 */
export function usePorticoHandle(hook = 'usePorticoHandle'): PorticoHandle {
  const handle = useContext(PorticoHandleContext)
  if (!handle) throw new MissingProviderError(hook)
  return handle
}
