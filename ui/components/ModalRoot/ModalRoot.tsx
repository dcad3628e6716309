import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useHydrated } from '../../hooks/useHydrated.js'
import { loadModalShell } from '../../modal/prefetchModal.js'
import { loadView } from '../../modal/viewComponents.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { Toasts } from '../Toasts/Toasts.js'

/** Views fetched in the background after the first open (small, and usually next). */
const likelyNext = ['Connect', 'ConnectingExternal', 'Account', 'Networks']

// The modal shell and its views load on first open, not with the page.
const LazyModal = lazy(() => loadModalShell().then((m) => ({ default: m.Modal })))

/**
 * Mounts Portico's layer in a portal on `document.body` (client only: nothing on the server, so
 * hydration has nothing to match): the theme root, the modal once it has been opened, and the
 * toasts.
 *
 * @example
 * <ModalRoot />
 */
export const ModalRoot = observer(function ModalRoot() {
  const portico = usePortico()
  const hydrated = useHydrated()
  const open = portico.stores.modal.open
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  // On the first open, the first view loads alongside the modal shell, not after it; once the
  // visitor is looking, the views that usually come next load in the background.
  useEffect(() => {
    if (!opened) return
    const first = portico.views.get(portico.stores.router.view)
    if (first) void loadView(first).catch(() => undefined)
    const later = () => {
      for (const id of likelyNext) {
        const descriptor = portico.views.get(id)
        if (descriptor) void loadView(descriptor).catch(() => undefined)
      }
    }
    const timer = setTimeout(later, 1_000)
    return () => clearTimeout(timer)
  }, [opened, portico])
  const rootRef = useRef<HTMLDivElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(rootRef.current, portico.options.themeVariables), [hydrated, portico])
  if (!hydrated || typeof document === 'undefined') return null
  return createPortal(
    <div ref={rootRef} className="portico-root" data-portico="" data-portico-theme={portico.options.themeMode ?? 'light'}>
      {open ? (
        <Suspense fallback={null}>
          <LazyModal />
        </Suspense>
      ) : null}
      <Toasts />
    </div>,
    document.body,
  )
})
