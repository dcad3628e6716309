import { BaseError } from '../../kernel/kernel.js'
import type { FrameError, FrameErrorCode } from './protocol.js'

const docs = '/plugins/auth.md'

/** `Failed to initiate social connection`: the popup was blocked, or the frame could not start the login. */
export class SocialConnectionError extends BaseError {
  override name = 'SocialConnectionError'
  override code = 'SOCIAL_CONNECTION_FAILED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to initiate social connection', { cause, docsPath: `${docs}#socialconnectionerror` })
  }
}

/** `Popup closed`: the visitor closed the social login window before it answered. */
export class PopupClosedError extends BaseError {
  override name = 'PopupClosedError'
  override code = 'POPUP_CLOSED'
  constructor() {
    super('Popup closed', { docsPath: `${docs}#popupclosederror` })
  }
}

/** `No auth connector found`: the auth connector serves no namespace the site configured (only eip155 and solana are approved). */
export class AuthConnectorNotFoundError extends BaseError {
  override name = 'AuthConnectorNotFoundError'
  override code = 'AUTH_CONNECTOR_NOT_FOUND'
  constructor({ namespace }: { namespace?: string } = {}) {
    super('No auth connector found', { docsPath: `${docs}#authconnectornotfounderror`, ...(namespace ? { metaMessages: [`Namespace: ${namespace.slice(0, 40)}`] } : {}) })
  }
}

/** `Not connected to email or social`: an action needs a logged-in visitor (connect, export, email change). */
export class NotConnectedToAuthError extends BaseError {
  override name = 'NotConnectedToAuthError'
  override code = 'NOT_LOGGED_IN'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Not connected to email or social', { cause, docsPath: `${docs}#notconnectedtoautherror` })
  }
}

/** The wallet frame did not load, or did not answer a request in time. */
export class FrameUnavailableError extends BaseError {
  override name = 'FrameUnavailableError'
  override code = 'FRAME_UNAVAILABLE'
  constructor({ walletOrigin, method, cause }: { walletOrigin: string; method?: string; cause?: unknown }) {
    super(method ? 'The wallet did not answer in time' : 'The wallet could not be loaded', {
      cause,
      docsPath: `${docs}#frameunavailableerror`,
      metaMessages: [method ? `Method: ${method}` : `The frame at ${walletOrigin} did not say it was ready.`],
    })
  }
}

/** The English text of each frame error code, used when the frame sends no usable message. */
const defaultMessages: Record<FrameErrorCode, string> = {
  WRONG_CODE: 'That code is not right',
  CODE_EXPIRED: 'The code has expired',
  CODE_USED: 'The code was already used',
  LOCKED: 'Too many wrong codes: ask for a new one',
  RATE_LIMITED: 'Too many attempts: try again later',
  NOT_LOGGED_IN: 'Not connected to email or social',
  PROVIDER_ERROR: 'The login provider refused the login',
  REAUTH_REQUIRED: 'Log in again to continue',
  INVALID_PARAMS: 'The request was not valid',
  UNSUPPORTED_METHOD: 'The wallet does not support this request',
  WALLET_MISMATCH: 'The wallet does not match this account',
  USER_REJECTED: 'The request was rejected',
  SERVER_ERROR: 'The wallet server failed; try again later',
}

const frameErrorCodes = new Set(Object.keys(defaultMessages))

/** Whether `code` is one of the frame protocol's error codes. */
export function isFrameErrorCode(code: unknown): code is FrameErrorCode {
  return typeof code === 'string' && frameErrorCodes.has(code)
}

/**
 * An error the wallet frame answered (docs/guides/embedded-wallet.md §3): its stable `code`
 * (`WRONG_CODE`, `RATE_LIMITED`, …), its message, and `attemptsLeft` / `retryAfter` when given.
 */
export class AuthFrameError extends BaseError {
  override name = 'AuthFrameError'
  override code: FrameErrorCode
  /** WRONG_CODE: how many codes may still be tried. */
  readonly attemptsLeft: number | undefined
  /** RATE_LIMITED: seconds to wait. */
  readonly retryAfter: number | undefined
  constructor(error: FrameError) {
    const code = isFrameErrorCode(error?.code) ? error.code : 'SERVER_ERROR'
    const message = typeof error?.message === 'string' && error.message.trim() ? error.message.trim().slice(0, 200) : defaultMessages[code]
    super(message, { docsPath: `${docs}#authframeerror`, metaMessages: [`Code: ${code}`] })
    this.code = code
    const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined)
    this.attemptsLeft = count(error?.data?.attemptsLeft)
    this.retryAfter = count(error?.data?.retryAfter)
  }
}

/** The email the visitor typed is not an address. */
export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError'
  override code = 'INVALID_EMAIL'
  constructor() {
    super('Enter a valid email address', { docsPath: `${docs}#invalidemailerror` })
  }
}

/** The code the visitor typed is not 6 digits. */
export class InvalidCodeError extends BaseError {
  override name = 'InvalidCodeError'
  override code = 'INVALID_CODE'
  constructor() {
    super('Enter the 6-digit code', { docsPath: `${docs}#invalidcodeerror` })
  }
}
