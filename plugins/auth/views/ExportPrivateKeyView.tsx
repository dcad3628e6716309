import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { Button, Spinner, StatusPanel, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { authViews } from '../constants.js'
import { CodeForm } from './CodeForm.js'
import { describeAuthError } from './describeAuthError.js'
import { openPopup } from './openPopup.js'
import { socialName } from './socialProviders.js'
import { useAuth } from './useAuth.js'
import { useOnLeave } from './useOnLeave.js'

const exportViews = [authViews.exportKey]

/**
 * The "Export private key" view: asks the wallet frame for its export screen and shows the frame
 * itself over this view's area (the keys never reach the site's page); when the frame answers
 * `REAUTH_REQUIRED`, a fresh email code or social login comes first, then the export is asked
 * again. Leaving the view (or the frame's own close) hides the frame.
 *
 * @example
 * portico.open({ view: 'ExportPrivateKey' })
 */
export const ExportPrivateKeyView = observer(function ExportPrivateKeyView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { store } = useAuth()
  const area = useRef<HTMLDivElement>(null)
  const phase = store?.exportPhase

  useEffect(() => {
    if (store && store.exportPhase === 'hidden') void store.openExport()
  }, [store])
  // The frame's own "Done" closed the screen: back to where the visitor came from.
  // Focus was inside the frame (its "Done"): it comes back to the dialog, so Esc and Tab work there.
  const wasShown = useRef(false)
  const dialog = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (phase === 'shown') {
      wasShown.current = true
      dialog.current = area.current?.closest<HTMLElement>('[role="dialog"]') ?? null
    } else if (phase === 'hidden' && wasShown.current && !store?.exportError) {
      wasShown.current = false
      if (portico.stores.router.view === authViews.exportKey) portico.back()
      dialog.current?.focus()
    }
  }, [phase, store, portico])
  useOnLeave(exportViews, () => void store?.closeExport())

  // Keep the frame over the area while it is shown: checked every frame, because the modal's
  // opening slide (a transform) and scrolling move the area without resizing it.
  useLayoutEffect(() => {
    if (!store || phase !== 'shown' || !area.current) return
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
  }, [store, phase])

  const failure = describeAuthError(store?.exportError, t)
  useAnnounce(phase === 'opening' ? t('auth.export.opening') : phase === 'shown' ? t('auth.export.shown') : phase === 'reauth' ? t('auth.export.reauth') : failure)
  if (!store) return null
  if (!store.loggedIn || !store.user) return <p className="portico-auth__intro">{t('auth.error.notConnected')}</p>
  const { user } = store

  if (phase === 'reauth') {
    const email = user.provider === 'email' ? user.email : undefined
    if (email && (store.codeSent || store.phase === 'sendingCode' || store.phase === 'verifying')) {
      return (
        <div className="portico-auth">
          <p className="portico-auth__intro">{t('auth.export.reauth')}</p>
          <CodeForm email={email} codeSent={store.codeSent} verifying={store.phase === 'verifying'} sending={store.phase === 'sendingCode'} error={store.error} onVerify={store.verifyCode} onResend={store.resendCode} />
        </div>
      )
    }
    const social = user.provider !== 'email'
    const waiting = store.phase === 'socialPopup' || store.phase === 'verifying'
    return (
      <div className="portico-auth">
        <StatusPanel tone={store.error ? 'error' : waiting ? 'waiting' : 'info'} heading={t('auth.export.reauth')} {...(store.error ? { hint: describeAuthError(store.error, t) ?? '' } : {})}>
          {waiting ? null : social ? (
            <Button
              onClick={() => {
                const popup = openPopup()
                void store.startSocial(user.provider, popup)
              }}
            >
              {t('auth.export.reauthSocial', { provider: socialName(user.provider) })}
            </Button>
          ) : email ? (
            <Button busy={store.phase === 'sendingCode'} onClick={() => void store.startEmail(email)}>
              {t('auth.export.reauthEmail', { email })}
            </Button>
          ) : null}
        </StatusPanel>
      </div>
    )
  }

  return (
    <div className="portico-auth">
      {/* Shown, the frame gives its own warning above the keys. */}
      {phase === 'shown' ? null : <p className="portico-auth__warning">{t('auth.export.warning')}</p>}
      {phase === 'opening' ? (
        <p className="portico-auth__intro">
          <Spinner /> {t('auth.export.opening')}
        </p>
      ) : null}
      {phase === 'shown' ? (
        <>
          <div ref={area} className="portico-auth__export-area" aria-label={t('auth.export.shown')} role="region" />

        </>
      ) : null}
      {phase === 'hidden' && failure ? (
        <>
          <p className="portico-auth__error" role="alert">
            {failure}
          </p>
          <Button onClick={() => void store.openExport()}>{t('auth.export.retry')}</Button>
        </>
      ) : null}
    </div>
  )
})
