import { observer } from 'mobx-react-lite'
import { Button, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { CodeForm } from './CodeForm.js'
import { useAuth } from './useAuth.js'

/**
 * EmailLogin (spec §2): the 6-digit code sent to the visitor's email, with "Resend code" (after a
 * countdown), the expiry, and each error in words — a wrong code with the attempts left, an
 * expired or used code and a locked attempt (a new code is the way on), too many attempts (with
 * the wait). A right code connects the wallet on eip155 and solana and closes the modal.
 *
 * @example
 * portico.open({ view: 'EmailLogin' }) // after the Connect view's email section sent a code
 */
export const EmailLoginView = observer(function EmailLoginView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { store } = useAuth()
  if (!store) return null
  if (!store.email || (!store.codeSent && store.phase !== 'sendingCode')) {
    return (
      <div className="portico-auth">
        <p className="portico-auth__intro">{t('auth.emailLogin.noEmail')}</p>
        <Button onClick={() => portico.back()}>{t('auth.emailLogin.changeEmail')}</Button>
      </div>
    )
  }
  return (
    <div className="portico-auth">
      <CodeForm
        email={store.email}
        codeSent={store.codeSent}
        verifying={store.phase === 'verifying'}
        sending={store.phase === 'sendingCode'}
        error={store.error}
        onVerify={store.verifyCode}
        onResend={store.resendCode}
        onEdit={() => portico.back()}
      />
    </div>
  )
})
