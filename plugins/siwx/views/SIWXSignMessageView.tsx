import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { SiwxStore } from '../stores/SiwxStore.js'

/**
 * The sign-in view (spec §4): the exact message the wallet will sign, "Sign" and "Cancel", and a
 * status line that reads "Authenticating…" while the wallet signs and "Error signing message"
 * after a failure (shown here only, not also as a toast). While sign-in is required and unsigned,
 * Esc and the overlay are refused (the plugin's close guard; the modal shakes) and the status line
 * says why. The message keeps addresses whole: a line too long for the view scrolls sideways.
 *
 * @example
 * portico.open({ view: 'SIWXSignMessage' })
 */
export const SIWXSignMessageView = observer(function SIWXSignMessageView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const store = portico.getStore<SiwxStore>('siwx')
  const status = store?.status ?? 'idle'
  const message = store?.message
  const busy = status === 'signing'

  useEffect(() => {
    if (store && !store.message && store.status !== 'signing' && store.status !== 'preparing' && store.status !== 'checking' && store.status !== 'error') void store.prepare()
  }, [store, message, status])

  if (!store) return null
  const statusText =
    status === 'signing' ? t('siwx.authenticating') : status === 'preparing' ? t('siwx.preparing') : store.error ? t('siwx.error') : store.closeRefused ? t('siwx.closeRefused') : ''
  const sign = () => void store.signIn().catch(() => undefined)
  const cancel = () => void store.cancel().catch(() => undefined)
  return (
    <div className="portico-siwx">
      <h3 className="portico-siwx__heading">{t('siwx.heading')}</h3>
      <p className="portico-siwx__body">{store.required ? t('siwx.bodyRequired') : t('siwx.body')}</p>
      {/* The message's box holds its place while the message is prepared (docs/design.md, "How a view may grow"). */}
      {message ? (
        <div className="portico-siwx__preview" role="region" aria-label={t('siwx.messageLabel')} tabIndex={0}>
          <pre className="portico-siwx__message">{message}</pre>
        </div>
      ) : (
        <div className="portico-siwx__preview" aria-hidden="true" />
      )}
      <p role="status" className={`portico-siwx__status${store.error && !busy ? ' portico-siwx__status--error' : ''}`}>
        {statusText}
      </p>
      <div className="portico-siwx__actions">
        <button type="button" className="portico-siwx__button" onClick={cancel} disabled={busy}>
          {t('siwx.cancel')}
        </button>
        <button type="button" className="portico-siwx__button portico-siwx__button--primary" onClick={sign} disabled={busy || status === 'preparing'} aria-busy={busy || undefined}>
          {t('siwx.sign')}
        </button>
      </div>
    </div>
  )
})
