import { observer } from 'mobx-react-lite'
import { useId, useState, type ReactNode } from 'react'
import type { BaseError } from '../../../kernel/kernel.js'
import { Button, Spinner, useAnnounce, useLocale, useTranslate } from '../../../ui/kit.js'
import type { CodeSent } from '../protocol.js'
import { describeAuthError, needsNewCode } from './describeAuthError.js'
import { readCode } from './readCode.js'
import { useNow } from './useNow.js'
import { WithEmail } from './WithEmail.js'

export type CodeFormProps = {
  /** Where the code went (shown, never sent from here). */
  email: string
  codeSent: CodeSent | undefined
  verifying: boolean
  sending: boolean
  error: BaseError | undefined
  onVerify(code: string): Promise<boolean>
  onResend(): Promise<boolean>
  onEdit?(): void
  /** The text over the field (default: "We sent a 6-digit code to …"). */
  intro?: ReactNode
}

/**
 * The 6-digit code entry shared by EmailLogin, UpdateEmailWallet and the export's fresh login:
 * one field (`inputmode=numeric`, `autocomplete=one-time-code`) that takes typing or a paste
 * (spaces and dashes dropped) and checks the code once 6 digits are in; "Resend code" waits,
 * with a countdown, until the server allows another; the expiry time; each error in words.
 *
 * @example
 * <CodeForm email={store.email} codeSent={store.codeSent} … />
 */
export const CodeForm = observer(function CodeForm({ email, codeSent, verifying, sending, error, onVerify, onResend, onEdit, intro }: CodeFormProps) {
  const t = useTranslate()
  const { locale } = useLocale()
  const id = useId()
  const [code, setCode] = useState('')
  const [resent, setResent] = useState(false)
  const now = useNow(1_000, codeSent !== undefined)
  const waitSeconds = codeSent ? Math.max(0, Math.ceil((codeSent.resendAfter - now) / 1_000)) : 0
  const expired = codeSent ? now >= codeSent.expiresAt : false
  const problem = describeAuthError(error, t) ?? (expired ? t('auth.emailLogin.expired') : undefined)
  const newCodeNeeded = needsNewCode(error) || expired
  const expiresAt = codeSent ? new Date(codeSent.expiresAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) : undefined
  useAnnounce(verifying ? t('auth.emailLogin.verifying') : problem ?? (resent ? t('auth.emailLogin.resent', { email }) : t('auth.emailLogin.sentTo', { email })))

  const verify = async (value: string) => {
    if (verifying) return
    const ok = await onVerify(value)
    if (!ok) setCode('')
  }
  return (
    <form
      className="portico-auth__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void verify(code)
      }}
    >
      <p className="portico-auth__intro">{intro ?? <WithEmail text={(shown) => t('auth.emailLogin.sentTo', { email: shown })} email={email} />}</p>
      <label className="portico-auth__label" htmlFor={`${id}-code`}>
        {t('auth.emailLogin.code')}
      </label>
      <input
        id={`${id}-code`}
        className="portico-auth__input portico-auth__input--code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={12}
        placeholder="000000"
        value={code}
        disabled={verifying || newCodeNeeded}
        aria-invalid={Boolean(problem) || undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => {
          const digits = readCode(event.target.value)
          setCode(digits)
          if (digits.length === 6 && !verifying) void verify(digits)
        }}
      />
      <p id={`${id}-hint`} className="portico-auth__hint">
        {expiresAt && !expired ? t('auth.emailLogin.expires', { time: expiresAt }) : null}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="portico-auth__error">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={verifying || newCodeNeeded || code.length !== 6} busy={verifying}>
        {verifying ? <Spinner /> : null}
        {t(verifying ? 'auth.emailLogin.verifying' : 'auth.emailLogin.verify')}
      </Button>
      {/* Resend and Use another email, one under the other: each keeps one line at 360 px in every locale. */}
      <div className="portico-auth__code-actions">
        <Button
          variant="secondary"
          disabled={sending || verifying || waitSeconds > 0}
          busy={sending}
          onClick={() => {
            setCode('')
            void onResend().then((ok) => setResent(ok))
          }}
        >
          {waitSeconds > 0 ? t('auth.emailLogin.resendIn', { seconds: waitSeconds }) : t('auth.emailLogin.resend')}
        </Button>
        {onEdit ? (
          <Button variant="secondary" onClick={onEdit} disabled={verifying}>
            {t('auth.emailLogin.changeEmail')}
          </Button>
        ) : null}
      </div>
    </form>
  )
})
