import { useEffect, useRef } from 'react'
import { usePortico } from '../../../ui/kit.js'

/**
 * Runs `leave` when the view unmounts because the modal moved to another view or closed — not
 * on React StrictMode's simulated unmount, while the route still shows one of `views`.
 *
 * @example
 * useOnLeave(['ConnectingSocial', 'ConnectingFarcaster'], () => store.cancelSocial())
 */
export function useOnLeave(views: readonly string[], leave: () => void): void {
  const portico = usePortico()
  const latest = useRef({ leave, views })
  latest.current = { leave, views }
  useEffect(
    () => () => {
      const { router, modal } = portico.stores
      // StrictMode unmounts and mounts again at once; a real leave has moved the route (or closed the modal).
      if (modal.open && latest.current.views.includes(router.view)) return
      latest.current.leave()
    },
    [portico],
  )
}
