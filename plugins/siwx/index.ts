// `portico/siwx`: Sign-in with X (CAIP-122; EIP-4361 on eip155).
export { siwx } from './siwx.js'
export type { SiwxMessageData, SiwxNonceRequest, SiwxOptions, SiwxSession, SiwxSessionStore } from './types.js'
// A type only: the plugin makes the store (`portico.getStore<SiwxStore>('siwx')`); a value export
// would bring the store and MobX into every sign-in site's first chunks (issue 44).
export type { SiwxAuthenticateParameters, SiwxSignedMessage, SiwxStatus, SiwxStore, SiwxTarget } from './stores/SiwxStore.js'
export { createSiwxServerStore } from './storage/createSiwxServerStore.js'
export type { CreateSiwxServerStoreParameters, SiwxServerStore } from './storage/createSiwxServerStore.js'
export type { SiwxVerificationReason } from './errors.js'
// The message helpers and the browser's session store: `portico/siwx/utils`; the error classes: `portico/siwx/errors`.
