import { useEffect } from 'react'
import { getUiState } from '../state/getUiState.js'
import { usePortico } from './usePortico.js'

/**
 * Hides the modal header's Back arrow while `hidden` holds: a view showing the end of a flow (a
 * success screen: the swap confirmed, the purchase complete, the name registered) leads on with
 * its own Done button, so Back cannot take the visitor into the finished form again
 * (docs/design.md, "Success"). The arrow returns when the view unmounts or `hidden` turns false.
 *
 * @param hidden - whether the view shows its success screen now
 * @example
 * useHideBack(store.status === 'success')
 */
export function useHideBack(hidden: boolean): void {
  const portico = usePortico()
  useEffect(() => {
    if (!hidden) return
    const ui = getUiState(portico)
    ui.hideBack()
    return () => ui.showBack()
  }, [portico, hidden])
}
