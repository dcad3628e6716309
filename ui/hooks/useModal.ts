import type { OpenModalParameters } from '../../kernel/index.js'
import { usePortico } from './usePortico.js'
import { usePorticoState } from './usePorticoState.js'

/**
 * Opens and closes the modal.
 *
 * @example
 * const { open, close, isOpen } = useModal()
 */
export function useModal() {
  const portico = usePortico('useModal')
  const state = usePorticoState('useModal')
  return {
    isOpen: state.open,
    view: state.view,
    open: (options?: OpenModalParameters) => portico.open(options),
    close: () => portico.close(),
  }
}
