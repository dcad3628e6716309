import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useLocale } from '../../hooks/useLocale.js'
import { useHydrated } from '../../hooks/useHydrated.js'
import { useStylesheet } from '../../hooks/useStylesheet.js'
import { modalStylesheet } from '../../theme/modalStylesheet.js'
import { loadView } from '../../modal/viewComponents.js'
import { viewReady } from '../../modal/prefetchModal.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
import { Modal } from '../Modal/Modal.js'
import { Toasts } from '../Toasts/Toasts.js'

/** Views fetched in the background after the first open (small, and usually next). */
const likelyNext = ['Connect', 'ConnectingExternal', 'Account', 'Networks']

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
  useStylesheet(modalStylesheet)
  const { locale, dir } = useLocale()
  const hydrated = useHydrated()
  const open = portico.stores.modal.open
  // The modal renders once its first view's module is here (most views come with the UI; a plugin's
  // or All Wallets' loads its own), never through Suspense: React holds a suspended boundary's
  // reveal back by up to 300 ms, which a visitor would see. A view that fails to load shows its
  // error and a retry inside the modal (ViewErrorBoundary).
  const [shown, setShown] = useState(false)
  useEffect(() => {
    // Each opening waits for its view's chunk (a plugin's view the modal opens on, such as the
    // sign-in after connecting) and Connect's sections, so it shows at its own height, never after a
    // loading spinner, and nothing moves under the pointer once it shows (viewReady).
    if (!open) {
      setShown(false)
      return
    }
    if (shown) return
    let live = true
    void viewReady(portico, portico.stores.router.view).then(() => {
      if (live) setShown(true)
    })
    return () => {
      live = false
    }
  }, [open, shown, portico])
  // Once the visitor is looking, the views that usually come next load in the background.
  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => {
      for (const id of likelyNext) {
        const descriptor = portico.views.get(id)
        if (descriptor) void loadView(descriptor).catch(() => undefined)
      }
    }, 1_000)
    return () => clearTimeout(timer)
  }, [shown, portico])
  const rootRef = useRef<HTMLDivElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(rootRef.current, portico.options.themeVariables), [hydrated, portico])
  if (!hydrated || typeof document === 'undefined') return null
  return createPortal(
    <div ref={rootRef} className="portico-root" data-portico="" lang={locale} dir={dir} data-portico-theme={portico.options.themeMode ?? 'light'}>
      {open && shown ? <Modal /> : null}
      <Toasts />
    </div>,
    document.body,
  )
})
