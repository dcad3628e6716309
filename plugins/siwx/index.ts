// `portico/siwx`: Sign-in with X (CAIP-122; EIP-4361 on eip155).
export { siwx } from './siwx.js'
export { meta } from './meta.js'
export type { SiwxMessageData, SiwxNonceRequest, SiwxOptions, SiwxSession, SiwxSessionStore } from './types.js'
export { SiwxStore } from './stores/SiwxStore.js'
export type { SiwxAuthenticateParameters, SiwxSignedMessage, SiwxStatus, SiwxTarget } from './stores/SiwxStore.js'
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
