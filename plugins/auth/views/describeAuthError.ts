import type { BaseError } from '../../../kernel/kernel.js'
import type { TranslateFunction } from '../../../ui/kit.js'
import { AuthFrameError, InvalidCodeError, InvalidEmailError } from '../errors.js'

/**
 * The text a view shows for an auth error: the frame's codes in the visitor's words (attempts
 * left, seconds to wait), the spec's messages verbatim otherwise (`Popup closed`, …).
 *
 * @example
 * describeAuthError(store.error, t) // 'That code is not right. 3 attempts left.'
 */
export function describeAuthError(error: BaseError | undefined, t: TranslateFunction): string | undefined {
  if (!error) return undefined
  if (error instanceof InvalidEmailError) return t('auth.email.invalid')
  if (error instanceof InvalidCodeError) return t('auth.emailLogin.invalid')
  if (error instanceof AuthFrameError) {
    switch (error.code) {
      case 'WRONG_CODE':
        if (error.attemptsLeft === undefined) return error.shortMessage
        return error.attemptsLeft === 1 ? t('auth.emailLogin.wrongCodeLast') : error.attemptsLeft === 0 ? t('auth.emailLogin.locked') : t('auth.emailLogin.wrongCode', { attempts: error.attemptsLeft })
      case 'CODE_EXPIRED':
        return t('auth.emailLogin.expired')
      case 'LOCKED':
        return t('auth.emailLogin.locked')
      case 'CODE_USED':
        return t('auth.emailLogin.used')
      case 'RATE_LIMITED':
        return t('auth.emailLogin.rateLimited', { seconds: error.retryAfter ?? 30 })
      default:
        return error.shortMessage
    }
  }
  return error.shortMessage
}

/** Whether the error means the visitor needs a new code (the resend button is the way on). */
export function needsNewCode(error: BaseError | undefined): boolean {
  return error instanceof AuthFrameError && (error.code === 'CODE_EXPIRED' || error.code === 'LOCKED' || error.code === 'CODE_USED' || (error.code === 'WRONG_CODE' && error.attemptsLeft === 0))
}
