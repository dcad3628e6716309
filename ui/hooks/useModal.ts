import type { OpenModalParameters } from '../../kernel/index.js'
import { usePorticoHandle } from './usePorticoHandle.js'
import { usePorticoState } from './usePorticoState.js'

/**
 * Opens and closes the modal (before the kernel loads too: opening loads it).
 *
 * @example
 * const { open, close, isOpen } = useModal()
 */
export function useModal() {
  const portico = usePorticoHandle('useModal')
  const state = usePorticoState('useModal')
  return {
    isOpen: state.open,
    view: state.view,
    open: (options?: OpenModalParameters) => portico.open(options),
    close: () => portico.close(),
  }
}
