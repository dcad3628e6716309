import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { safeImageSrc, truncateAddress, useAnnounce, usePortico, useTranslate, useStylesheet, WalletIcon, Icon } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { SiwxStore } from '../stores/SiwxStore.js'

/**
 * The sign-in view (spec §4) as a card: the site (its icon, name and domain), what signing means,
 * the account and the network that sign, the site's statement, and the exact message the wallet
 * will sign behind a "Show message" disclosure (wrapped at spaces, scrollable, with a Copy
 * button); then "Sign" and "Cancel", and a status line that reads "Authenticating…" while the
 * wallet signs and "Error signing message" after a failure (shown here only, not also as a
 * toast). While sign-in is required and unsigned, Esc and the overlay are refused (the plugin's
 * close guard; the modal shakes) and the status line says why; the page's buttons say
 * "Connecting…" until the visitor signs (the plugin holds the connection). The message keeps
 * addresses whole: a line too long for the view scrolls sideways.
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
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>(undefined)
  useAnnounce(copied === 'copied' ? t('siwx.copied') : copied === 'failed' ? t('siwx.copyFailed') : undefined)

  useEffect(() => {
    if (store && !store.message && store.status !== 'signing' && store.status !== 'preparing' && store.status !== 'checking' && store.status !== 'error') void store.prepare()
  }, [store, message, status])
  // A new message (another network or account) is not "copied" yet.
  useEffect(() => setCopied(undefined), [message])

  if (!store) return null
  const statusText =
    status === 'signing' ? t('siwx.authenticating') : status === 'preparing' ? t('siwx.preparing') : store.error ? t('siwx.error') : store.closeRefused ? t('siwx.closeRefused') : ''
  // Every failure is shown in this view's status line by the plugin (the flow's own, and one that
  // stopped the kernel before the flow ran); nothing is left to do with the rejection here.
  const sign = () => void store.signIn().catch(() => undefined)
  const cancel = () => void store.cancel().catch(() => undefined)
  const copy = async () => {
    if (!message) return
    try {
      await navigator.clipboard.writeText(message)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }

  // What the card shows: the prepared message's fields, else the target the flow is signing for.
  const data = store.data
  const metadata = portico.options.metadata
  const domain = data?.domain ?? (typeof location === 'undefined' ? undefined : location.host)
  const siteName = metadata?.name?.trim() || domain || ''
  const siteIcon = safeImageSrc(metadata?.icons?.[0])
  const address = data?.accountAddress ?? store.target?.address
  const network = portico.stores.networks.find(data?.chainId ?? store.target?.caipNetworkId)
  const statement = data?.statement?.trim()

  return (
    <div className="portico-siwx">
      <div className="portico-siwx__site">
        <WalletIcon src={siteIcon} name={siteName || '?'} />
        <h3 className="portico-siwx__heading">{t('siwx.heading')}</h3>
        {siteName ? (
          <p className="portico-siwx__site-name">
            <span>{siteName}</span>
            {domain && domain !== siteName ? <span className="portico-siwx__domain">{domain}</span> : null}
          </p>
        ) : null}
      </div>
      <p className="portico-siwx__body">{store.required ? t('siwx.bodyRequired') : t('siwx.body')}</p>
      <dl className="portico-siwx__card">
        {address ? (
          <div className="portico-siwx__row">
            <dt>{t('siwx.account')}</dt>
            <dd className="portico-siwx__value portico-siwx__value--address" title={address}>
              <span aria-hidden="true">{truncateAddress(address)}</span>
              <span className="portico-visually-hidden">{address}</span>
            </dd>
          </div>
        ) : null}
        {network ? (
          <div className="portico-siwx__row">
            <dt>{t('siwx.network')}</dt>
            <dd className="portico-siwx__value">{network.name}</dd>
          </div>
        ) : null}
        {statement ? (
          <div className="portico-siwx__row portico-siwx__row--statement">
            <dt>{t('siwx.statement')}</dt>
            <dd className="portico-siwx__value portico-siwx__statement">{statement}</dd>
          </div>
        ) : null}
      </dl>
      {message ? (
        <details className="portico-siwx__details">
          <summary className="portico-siwx__summary">
            <span>{t('siwx.showMessage')}</span>
            <Icon name="chevron" className="portico-siwx__summary-icon" />
          </summary>
          <div className="portico-siwx__preview" role="region" aria-label={t('siwx.messageLabel')} tabIndex={0}>
            <pre className="portico-siwx__message">{message}</pre>
          </div>
          <button type="button" className="portico-siwx__copy" onClick={() => void copy()}>
            <Icon name={copied === 'copied' ? 'check' : 'copy'} />
            <span>{copied === 'copied' ? t('siwx.copied') : t('siwx.copy')}</span>
          </button>
        </details>
      ) : (
        // The disclosure's place is held while the message is prepared (docs/design.md, "How a view may grow").
        <div className="portico-siwx__details portico-siwx__details--pending" aria-hidden="true" />
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
