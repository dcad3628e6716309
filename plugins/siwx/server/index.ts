// `portico/siwx/server`: verify sign-in with X in a site's own Node backend (no DOM, any framework).
export { createSiwxServer } from './createSiwxServer.js'
export type { CreateSiwxServerParameters, CreateSiwxServerReturnType, SiwxServer } from './createSiwxServer.js'
export { createMemoryNonceStore } from './createMemoryNonceStore.js'
export type { CreateMemoryNonceStoreParameters } from './createMemoryNonceStore.js'
export { createMemorySessionStore } from './createMemorySessionStore.js'
export { eip155Verifier } from './eip155Verifier.js'
export type { SiwxNonceStore, SiwxServerSession, SiwxServerSessionStore, SiwxServerVerifier } from './types.js'
export { parseSiwxMessage } from '../utils/parseSiwxMessage.js'
export type { ParsedSiwxMessage } from '../utils/parseSiwxMessage.js'
export {
  SiwxChainNotConfiguredError,
  SiwxDomainMismatchError,
  SiwxExpiredError,
  SiwxInvalidMessageError,
  SiwxInvalidSignatureError,
  SiwxIssuedInFutureError,
  SiwxNonceReusedError,
  SiwxNotYetValidError,
  SiwxUnknownNonceError,
  SiwxUriMismatchError,
  SiwxVerificationError,
} from '../errors.js'
export type { SiwxVerificationReason } from '../errors.js'
export type { SiwxMessageData } from '../types.js'
