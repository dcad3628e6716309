import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'
import { Button, Spinner, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { authViews } from '../constants.js'
import { isEmailAddress } from '../../../kernel/kernel.js'
import { CodeForm } from './CodeForm.js'
import { describeAuthError } from './describeAuthError.js'
import { useAuth } from './useAuth.js'
import { useOnLeave } from './useOnLeave.js'
import { WithEmail } from './WithEmail.js'

const updateViews = [authViews.updateEmail]

/**
 * UpdateEmailWallet (spec §2): a visitor logged in by email moves their wallet to a new address —
 * the new email, a code sent to it, the code entered; the Account view then shows the new email.
 * A visitor logged in with a social account is told it cannot be changed here.
 *
 * @example
 * portico.open({ view: 'UpdateEmailWallet' })
 */
export const UpdateEmailWalletView = observer(function UpdateEmailWalletView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { store } = useAuth()
  const id = useId()
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  useOnLeave(updateViews, () => store?.resetEmailChange())
  useAnnounce(store?.changePhase === 'done' ? t('auth.updateEmail.done', { email: store.user?.email ?? store.changeEmail }) : undefined)
  if (!store) return null
  if (!store.loggedIn) return <p className="portico-auth__intro">{t('auth.error.notConnected')}</p>
  if (store.user?.provider !== 'email') return <p className="portico-auth__intro">{t('auth.updateEmail.notEmail')}</p>

  if (store.changePhase === 'done') {
    return (
      <div className="portico-auth">
        <p className="portico-auth__done" role="status">
          {t('auth.updateEmail.done', { email: store.user?.email ?? store.changeEmail })}
        </p>
        <Button onClick={() => portico.back()}>{t('auth.updateEmail.back')}</Button>
      </div>
    )
  }
  if (store.changePhase === 'codeSent' || store.changePhase === 'verifying' || (store.changePhase === 'sendingCode' && store.changeCodeSent)) {
    return (
      <div className="portico-auth">
        <CodeForm
          email={store.changeEmail}
          intro={<WithEmail text={(email) => t('auth.updateEmail.sentTo', { email })} email={store.changeEmail} />}
          codeSent={store.changeCodeSent}
          verifying={store.changePhase === 'verifying'}
          sending={store.changePhase === 'sendingCode'}
          error={store.changeError}
          onVerify={store.verifyEmailChange}
          onResend={() => store.startEmailChange(store.changeEmail)}
          onEdit={() => store.resetEmailChange()}
        />
      </div>
    )
  }
  const sending = store.changePhase === 'sendingCode'
  const invalid = touched && !isEmailAddress(email.trim())
  const problem = invalid ? t('auth.email.invalid') : describeAuthError(store.changeError, t)
  return (
    <form
      className="portico-auth portico-auth__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTouched(true)
        if (isEmailAddress(email.trim()) && !sending) void store.startEmailChange(email)
      }}
    >
      <p className="portico-auth__intro">
        <WithEmail text={(email) => t('auth.updateEmail.current', { email })} email={store.user?.email ?? ''} />
      </p>
      <label className="portico-auth__label" htmlFor={`${id}-email`}>
        {t('auth.updateEmail.newEmail')}
      </label>
      <input
        id={`${id}-email`}
        className="portico-auth__input"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        disabled={sending}
        aria-invalid={Boolean(problem) || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className="portico-auth__error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={sending} busy={sending}>
        {sending ? <Spinner /> : null}
        {t('auth.updateEmail.submit')}
      </Button>
    </form>
  )
})
