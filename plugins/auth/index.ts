// `portico/auth`: email and social login with a self-hosted embedded wallet (docs/guides/embedded-wallet.md).
export { auth } from './auth.js'
export type { AuthEnvironment, AuthOptions, AuthSettings } from './auth.js'
// A type only: the plugin makes the store (`portico.getStore<AuthStore>('auth')`); a value export
// would bring the store and MobX into every auth site's first chunks (issue 44).
export type { AuthPhase, AuthStore, EmailChangePhase, ExportPhase, PopupWindow } from './store/AuthStore.js'
export { filterSocials } from './utils/filterSocials.js'
export { authConnectorId } from './constants.js'
export type { AuthAccounts, AuthState, AuthUser, FrameErrorCode } from './protocol.js'
