import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { Spinner, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { authViews } from '../constants.js'
import { useAuth } from './useAuth.js'
import { useOnLeave } from './useOnLeave.js'

const approveViews = [authViews.approve]
/** What the modal around the area takes of the window's height (its header and padding), in CSS px. */
const modalChrome = 120

/**
 * The spec's ApproveTransaction view: the wallet frame's own approval screen (on the wallet
 * origin, where the site can neither draw nor click) shown over this view's area while a
 * signature or transaction waits for the visitor. The view itself shows only a line saying the
 * request is asked in the wallet; Approve and Reject are the frame's. When the frame's screen
 * goes, the view goes back; leaving the view (back, or closing the modal) rejects the request.
 *
 * @example
 * // Opened by the auth plugin when the frame emits { event: 'approval', data: { pending: true } }
 */
export const ApproveTransactionView = observer(function ApproveTransactionView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { store } = useAuth()
  const area = useRef<HTMLDivElement>(null)
  const pending = store?.approval
  const dialog = useRef<HTMLElement | null>(null)
  const wasPending = useRef(false)

  useEffect(() => {
    if (pending !== undefined) {
      wasPending.current = true
      dialog.current = area.current?.closest<HTMLElement>('[role="dialog"]') ?? null
    } else if (wasPending.current) {
      wasPending.current = false
      // The frame's screen is gone (approved, rejected or cancelled): back to where the visitor was.
      if (portico.stores.router.view === authViews.approve && portico.stores.modal.open) portico.back()
      dialog.current?.focus()
    }
  }, [pending, portico])
  useOnLeave(approveViews, () => void store?.cancelApproval())

  // Keep the frame over the area while the screen shows: checked every frame, since the modal's
  // opening slide and scrolling move the area without resizing it.
  useLayoutEffect(() => {
    if (!store || pending === undefined || !area.current) return
    const element = area.current
    let last = ''
    let handle = 0
    const place = () => {
      const rect = element.getBoundingClientRect()
      const key = `${rect.top},${rect.left},${rect.width},${rect.height}`
      if (key !== last) {
        last = key
        store.placeFrame({ top: rect.top, left: rect.left, width: rect.width, height: rect.height })
      }
      handle = requestAnimationFrame(place)
    }
    place()
    return () => {
      cancelAnimationFrame(handle)
      store.placeFrame(undefined)
    }
  }, [store, pending])

  // The area grows past its stylesheet's height to the frame's screen (its content height, sent by
  // the frame), leaving the window room for the modal's header: the screen shows whole where it
  // fits, and scrolls inside the frame where it does not. Set through the CSSOM (no style
  // attribute: strict CSP).
  const height = store?.approvalHeight
  useLayoutEffect(() => {
    const element = area.current
    if (!element) return
    element.style.removeProperty('min-height')
    const base = Number.parseFloat(window.getComputedStyle(element).minHeight) || 0
    if (height === undefined || height <= base) return
    element.style.minHeight = `${Math.max(base, Math.min(height, window.innerHeight - modalChrome))}px`
  }, [height, pending])

  const shown = pending === 'recovery' ? t('auth.recovery.shown') : t('auth.approve.shown')
  useAnnounce(pending !== undefined ? shown : undefined)
  if (!store) return null
  if (pending === undefined) {
    return (
      <p className="portico-auth__intro">
        <Spinner /> {t('auth.approve.waiting')}
      </p>
    )
  }
  return (
    <div className="portico-auth">
      <div ref={area} className="portico-auth__export-area" aria-label={shown} role="region" />
    </div>
  )
})
