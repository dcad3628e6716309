import { reaction } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { constants } from '../../../kernel/kernel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { AnnounceContext } from '../../modal/AnnounceContext.js'
import { HideBackContext } from '../../modal/HideBackContext.js'
import { focusableElements } from '../../utils/focusableElements.js'
import { AlertBanner } from '../AlertBanner/AlertBanner.js'
import { IconButton } from '../IconButton/IconButton.js'
import { ViewOutlet } from '../ViewOutlet/ViewOutlet.js'

/** Route data the header's title may use as placeholders. */
function titleParams(data: Record<string, unknown> | undefined): Record<string, string> {
  const pick = (value: unknown) => (typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string' ? (value as { name: string }).name : undefined)
  const wallet = pick(data?.wallet) ?? pick(data?.connector)
  const network = pick(data?.network)
  return { ...(wallet ? { wallet } : {}), ...(network ? { network } : {}) }
}

/**
 * The open modal (WAI-ARIA dialog pattern), mounted while the modal is open: an overlay and a
 * dialog labelled by its title, with focus moved in, Tab trapped, Esc
 * and the overlay asking to close (a refused close shakes it), focus returned to the opener on
 * close, and a live region.
 *
 * @example
 * {portico.stores.modal.open ? <Modal /> : null}
 */
export const Modal = observer(function Modal() {
  const portico = usePortico()
  const t = useTranslate()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const innerRef = useRef<HTMLDivElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const [shake, setShake] = useState(0)
  const { router, modal } = portico.stores

  // How many mounted views hide the Back arrow now (useHideBack: a success screen).
  const [backHiders, setBackHiders] = useState(0)
  const hideBack = useCallback(() => {
    setBackHiders((n) => n + 1)
    return () => setBackHiders((n) => Math.max(0, n - 1))
  }, [])
  const announce = useCallback((message: string) => {
    // The same text twice is still announced: clear first, set on the next frame.
    setAnnouncement('')
    requestAnimationFrame(() => setAnnouncement(message))
  }, [])

  // Focus in on open, back to the opener on close. (The page behind is not made `inert`: things
  // that float above the overlay, such as an in-page wallet panel, must stay usable.)
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    dialogRef.current?.focus({ preventScroll: true })
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [])

  // Esc anywhere, and Tab kept inside the dialog.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current
      if (!dialog) return
      if (event.key === 'Escape') {
        // An open popup (a combobox's list, such as Swap's token choice) takes Esc first: it
        // closes, the dialog stays.
        const target = event.target
        if (target instanceof Element && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') return
        event.preventDefault()
        portico.requestClose()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = focusableElements(dialog)
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      const active = document.activeElement
      if (!first || !last) {
        event.preventDefault()
        dialog.focus()
        return
      }
      const inside = active instanceof Node && dialog.contains(active)
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
    }
  }, [portico])

  // When a change inside the dialog removed the focused element (a view change, the back
  // button going away, a retry button replaced by the waiting state), focus returns to the
  // dialog instead of falling to the page.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || typeof MutationObserver === 'undefined') return
    const observer = new MutationObserver(() => {
      const active = document.activeElement
      if (!active || active === document.body) dialog.focus({ preventScroll: true })
    })
    observer.observe(dialog, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])

  // A refused close shakes the dialog for 500 ms (reduced motion: a highlight instead).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const dispose = reaction(
      () => modal.shakeCount,
      () => {
        setShake((n) => n + 1)
        clearTimeout(timer)
        timer = setTimeout(() => setShake(0), constants.modalShakeMs)
      },
    )
    return () => {
      dispose()
      clearTimeout(timer)
    }
  }, [modal])

  // The body's height follows its content (animated by CSS).
  useLayoutEffect(() => {
    const body = bodyRef.current
    const inner = innerRef.current
    if (!body || !inner || typeof ResizeObserver === 'undefined') return
    const apply = () => {
      body.style.height = `${inner.offsetHeight}px`
    }
    apply()
    const observer = new ResizeObserver(apply)
    observer.observe(inner)
    return () => observer.disconnect()
  }, [])

  // Where the body scrolls, its edge fades while more is to scroll that way (docs/design.md, "What
  // truncates, and how"): `data-more` says "below", "above" or both, and the stylesheet draws the
  // fade (no style attribute, so it holds under a strict CSP). Set on scroll and on any resize of
  // the body or its content.
  useLayoutEffect(() => {
    const body = bodyRef.current
    const inner = innerRef.current
    if (!body || !inner) return
    const mark = () => {
      const more = [body.scrollTop > 1 ? 'above' : '', body.scrollTop + body.clientHeight < body.scrollHeight - 1 ? 'below' : ''].filter(Boolean).join(' ')
      if (more) {
        if (body.dataset.more !== more) body.dataset.more = more
      } else if (body.dataset.more !== undefined) delete body.dataset.more
    }
    mark()
    body.addEventListener('scroll', mark, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark)
    observer?.observe(body)
    observer?.observe(inner)
    return () => {
      body.removeEventListener('scroll', mark)
      observer?.disconnect()
    }
  }, [])

  // Loading and connection states for the live region.
  useEffect(
    () =>
      reaction(
        () => ({ loading: modal.isLoading, status: portico.stores.connections.status(portico.stores.networks.activeNamespace) }),
        ({ loading, status }, previous) => {
          if (loading && !previous.loading) announce(t('status.loading'))
          else if (status !== previous.status) announce(t(`status.${status}`))
        },
      ),
    [portico, modal, announce, t],
  )

  const descriptor = portico.views.get(router.view)
  // A title naming the wallet ('{wallet}') reads "Wallet" when the route names none; a view with a
  // title for a named wallet uses it when the route names one.
  const params = titleParams(router.data)
  const titleKey = params.wallet !== undefined && descriptor?.titleWithWallet ? descriptor.titleWithWallet : descriptor?.title
  const title = titleKey ? t(titleKey, { wallet: t('view.connectingWalletConnect.titleGeneric'), ...params }) : router.view
  // A success screen hides Back (useHideBack): its Done leads on, Back would reopen a finished form.
  const canGoBack = router.history.length > 1 && backHiders === 0

  return (
    <div
      className="portico-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) portico.requestClose()
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={shake ? `portico-modal portico-modal--shake portico-modal--shake-${shake % 2}` : 'portico-modal'}
        data-view={router.view}
      >
        <div className="portico-modal__header">
          {canGoBack ? <IconButton icon="back" label={t('modal.back')} onClick={() => portico.back()} /> : <span className="portico-modal__header-spacer" />}
          <h2 id={titleId} key={title} className="portico-modal__title">
            {title}
          </h2>
          <IconButton icon="close" label={t('modal.close')} onClick={() => portico.requestClose()} />
        </div>
        <AlertBanner />
        <div ref={bodyRef} className="portico-modal__body">
          <div ref={innerRef} className="portico-modal__inner">
            <AnnounceContext.Provider value={announce}>
              <HideBackContext.Provider value={hideBack}>
                <ViewOutlet />
              </HideBackContext.Provider>
            </AnnounceContext.Provider>
          </div>
        </div>
        <div role="status" aria-live="polite" aria-atomic="true" className="portico-visually-hidden">
          {announcement}
        </div>
      </div>
    </div>
  )
})
