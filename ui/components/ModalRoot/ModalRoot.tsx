import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useLocale } from '../../hooks/useLocale.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { useHydrated } from '../../hooks/useHydrated.js'
import { loadedModalShell, loadModalShell } from '../../modal/prefetchModal.js'
import { loadView } from '../../modal/viewComponents.js'
import { applyThemeVariables } from '../../utils/applyThemeVariables.js'
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
  const t = useTranslate()
  const { locale, dir } = useLocale()
  const hydrated = useHydrated()
  const open = portico.stores.modal.open
  // The shell renders once its module and the first view's are here, never through Suspense:
  // React holds a suspended boundary's reveal back by up to 300 ms, which a visitor would see.
  const [shell, setShell] = useState(loadedModalShell)
  useEffect(() => {
    if (!open || shell) return
    let live = true
    const first = portico.views.get(portico.stores.router.view)
    const firstView = first ? loadView(first).catch(() => undefined) : undefined
    Promise.all([loadModalShell(), firstView]).then(
      ([module]) => {
        if (live) setShell(module)
      },
      () => {
        if (!live) return
        // The code could not be fetched (offline, a deploy replaced the chunks): say so, close.
        portico.stores.toasts.showError(t('modal.loadFailed'))
        void portico.close()
      },
    )
    return () => {
      live = false
    }
  }, [open, shell, portico, t])
  // Once the visitor is looking, the views that usually come next load in the background.
  useEffect(() => {
    if (!shell) return
    const timer = setTimeout(() => {
      for (const id of likelyNext) {
        const descriptor = portico.views.get(id)
        if (descriptor) void loadView(descriptor).catch(() => undefined)
      }
    }, 1_000)
    return () => clearTimeout(timer)
  }, [shell, portico])
  const rootRef = useRef<HTMLDivElement>(null)
  useIsomorphicLayoutEffect(() => applyThemeVariables(rootRef.current, portico.options.themeVariables), [hydrated, portico])
  if (!hydrated || typeof document === 'undefined') return null
  const Modal = shell?.Modal
  return createPortal(
    <div ref={rootRef} className="portico-root" data-portico="" lang={locale} dir={dir} data-portico-theme={portico.options.themeMode ?? 'light'}>
      {open && Modal ? <Modal /> : null}
      <Toasts />
    </div>,
    document.body,
  )
})
