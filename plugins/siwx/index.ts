// `portico/siwx`: Sign-in with X (CAIP-122; EIP-4361 on eip155).
export { siwx } from './siwx.js'
export { meta } from './meta.js'
export type { SiwxMessageData, SiwxNonceRequest, SiwxOptions, SiwxSession, SiwxSessionStore } from './types.js'
// A type only: the plugin makes the store (`portico.getStore<SiwxStore>('siwx')`); a value export
// would bring the store and MobX into every sign-in site's first chunks (issue 44).
export type { SiwxAuthenticateParameters, SiwxSignedMessage, SiwxStatus, SiwxStore, SiwxTarget } from './stores/SiwxStore.js'
export { createLocalSessionStore } from './storage/createLocalSessionStore.js'
export type { CreateLocalSessionStoreParameters } from './storage/createLocalSessionStore.js'
export { createSiwxServerStore } from './storage/createSiwxServerStore.js'
export { SiwxBackendError } from './storage/createSiwxServerStore.js'
export type { CreateSiwxServerStoreParameters, SiwxServerStore } from './storage/createSiwxServerStore.js'
export { createSiwxMessage } from './utils/createSiwxMessage.js'
export type { CreateSiwxMessageParameters } from './utils/createSiwxMessage.js'
export { parseSiwxMessage } from './utils/parseSiwxMessage.js'
export type { ParsedSiwxMessage, ParseSiwxMessageParameters } from './utils/parseSiwxMessage.js'
export { generateNonce } from './utils/generateNonce.js'
export { isSiwxSession } from './utils/isSiwxSession.js'
export {
  SiwxChainNotConfiguredError,
  SiwxDomainMismatchError,
  SiwxExpiredError,
  SiwxInitializeError,
  SiwxInvalidMessageError,
  SiwxInvalidSignatureError,
  SiwxIssuedInFutureError,
  SiwxMessageError,
  SiwxNonceReusedError,
  SiwxNotYetValidError,
  SiwxSignInError,
  SiwxUnknownNonceError,
  SiwxUnsupportedNamespaceError,
  SiwxUriMismatchError,
  SiwxVerificationError,
} from './errors.js'
export type { SiwxVerificationReason } from './errors.js'
