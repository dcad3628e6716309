import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'

import { Button, Icon, Spinner, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { EmailCaptureSettings } from '../emailCapture.js'
import { isEmailAddress } from '../../../kernel/kernel.js'

/**
 * DataCapture (spec §2): the visitor's email, with consent text linking the site's privacy policy.
 * The address is checked before anything is sent (and again by the server); the server sends a
 * confirmation email. "Not now" closes the view and does not ask this account again.
 *
 * @example
 * portico.open({ view: 'DataCapture' })
 */
export const DataCaptureView = observer(function DataCaptureView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const settings = portico.getStore<EmailCaptureSettings>('email-capture')
  const id = useId()
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const [status, setStatus] = useState<'idle' | 'sending' | 'pending' | 'confirmed'>('idle')
  const [error, setError] = useState<string | undefined>()
  const site = portico.options.metadata?.name || t('email-capture.title')
  useAnnounce(status === 'pending' ? t('email-capture.sent', { email: email.trim() }) : undefined)
  if (!settings) return null
  if (!settings.enabled()) return <p className="portico-capture__note">{t('email-capture.off')}</p>

  if (status === 'pending' || status === 'confirmed') {
    return (
      <div className="portico-capture">
        <p className="portico-capture__done" role="status">
          <Icon name="mail" /> {t(status === 'pending' ? 'email-capture.sent' : 'email-capture.confirmed', { email: email.trim() })}
        </p>
        <Button onClick={() => portico.close()}>{t('email-capture.done')}</Button>
      </div>
    )
  }

  const invalid = touched && !isEmailAddress(email.trim())
  const problem = invalid ? t('email-capture.invalid') : error
  return (
    <form
      className="portico-capture"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        setTouched(true)
        setError(undefined)
        if (!isEmailAddress(email.trim())) return
        setStatus('sending')
        try {
          setStatus(await settings.submit(email))
        } catch (failure) {
          setStatus('idle')
          setError((failure as { shortMessage?: string }).shortMessage ?? t('email-capture.invalid'))
        }
      }}
    >
      <p className="portico-capture__intro">{t('email-capture.intro', { site })}</p>
      <label className="portico-capture__label" htmlFor={`${id}-email`}>
        {t('email-capture.label')}
      </label>
      <input
        id={`${id}-email`}
        className="portico-capture__input"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('email-capture.placeholder')}
        maxLength={254}
        value={email}
        disabled={status === 'sending'}
        aria-invalid={Boolean(problem) || undefined}
        aria-describedby={`${id}-consent${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => {
          setEmail(event.target.value)
          setError(undefined)
        }}
        onBlur={() => setTouched(email.trim() !== '')}
      />
      {problem ? (
        <p id={`${id}-problem`} className="portico-capture__error" role="alert">
          {problem}
        </p>
      ) : null}
      <p id={`${id}-consent`} className="portico-capture__consent">
        {t('email-capture.consent', { site })}{' '}
        {settings.privacyPolicyUrl ? (
          <a href={settings.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            {t('email-capture.privacy')}
          </a>
        ) : null}
      </p>
      <Button type="submit" disabled={status === 'sending'} aria-busy={status === 'sending' || undefined}>
        {status === 'sending' ? <Spinner /> : null}
        {status === 'sending' ? t('email-capture.sending') : t('email-capture.submit')}
      </Button>
      <Button type="button" variant="secondary" onClick={() => settings.dismiss()}>
        {t('email-capture.skip')}
      </Button>
    </form>
  )
})
