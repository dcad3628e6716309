// `portico/auth`: email and social login with a self-hosted embedded wallet (docs/guides/embedded-wallet.md).
export { auth } from './auth.js'
export type { AuthEnvironment, AuthOptions, AuthSettings } from './auth.js'
export { meta } from './meta.js'
export { AuthStore } from './store/AuthStore.js'
export type { AuthPhase, EmailChangePhase, ExportPhase, PopupWindow } from './store/AuthStore.js'
export {
  AuthConnectorNotFoundError,
  AuthFrameError,
  FrameUnavailableError,
  InvalidCodeError,
  InvalidEmailError,
  NotConnectedToAuthError,
  PopupClosedError,
  SocialConnectionError,
} from './errors.js'
export { filterSocials } from './utils/filterSocials.js'
export { authConnectorId } from './constants.js'
export type { AuthAccounts, AuthState, AuthUser, FrameErrorCode } from './protocol.js'
