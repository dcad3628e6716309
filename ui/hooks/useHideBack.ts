import { useContext, useEffect } from 'react'
import { HideBackContext } from '../modal/HideBackContext.js'

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
  const hideBack = useContext(HideBackContext)
  useEffect(() => (hidden ? hideBack() : undefined), [hideBack, hidden])
}
