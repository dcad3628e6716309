import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'
import { Button, Spinner, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { authViews } from '../constants.js'
import { isEmailAddress } from '../../../kernel/kernel.js'
import { describeAuthError } from './describeAuthError.js'
import { useAuth } from './useAuth.js'

/**
 * The Connect view's email section: an "Email" field (`type=email`, `autocomplete=email`) and
 * "Continue", which checks the address, asks the wallet frame to send a code and opens
 * EmailLogin. What was typed stays on an error.
 *
 * @example
 * portico.connectMethods.get('email')?.load()
 */
export const EmailSection = observer(function EmailSection() {
  useStylesheet(viewsStylesheet)
  const t = useTranslate()
  const { store, settings } = useAuth()
  const id = useId()
  const [email, setEmail] = useState(store?.email ?? '')
  const [touched, setTouched] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  if (!store || !settings?.email()) return null

  const sending = store.phase === 'sendingCode'
  const invalid = touched && !isEmailAddress(email.trim())
  const problem = invalid ? t('auth.email.invalid') : submitted && store.phase === 'idle' ? describeAuthError(store.error, t) : undefined
  return (
    <form
      className="portico-auth__form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        setTouched(true)
        if (!isEmailAddress(email.trim()) || sending) return
        setSubmitted(true)
        if (await store.startEmail(email)) settings.navigate(authViews.emailLogin)
      }}
    >
      <label className="portico-auth__label" htmlFor={`${id}-email`}>
        {t('auth.email.label')}
      </label>
      <div className="portico-auth__email">
        <input
          id={`${id}-email`}
          className="portico-auth__input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.email.placeholder')}
          maxLength={254}
          value={email}
          disabled={sending}
          aria-invalid={Boolean(problem) || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            setSubmitted(false)
            store.clearError()
          }}
          onBlur={() => setTouched(email.trim().length > 0)}
        />
        <Button type="submit" disabled={sending} busy={sending}>
          {sending ? <Spinner /> : null}
          {t(sending ? 'auth.email.sending' : 'auth.email.submit')}
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="portico-auth__error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  )
})
