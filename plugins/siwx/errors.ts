// The server entry (portico/siwx/server) shares these classes: BaseError comes from portico/errors, which holds no client code (no MobX).
import { BaseError } from '../../kernel/errors/index.js'

const docs = '/plugins/siwx.md'

/** A sign-in message that cannot be built or read (a field breaks CAIP-122 / EIP-4361). */
export class SiwxMessageError extends BaseError {
  override name = 'SiwxMessageError'
  override code = 'SIWX_INVALID_MESSAGE'
  reason: string
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`Invalid sign-in message: ${reason}`, { cause, docsPath: `${docs}#errors` })
    this.reason = reason
  }
}

/** Signing in failed (the wallet refused, or the session could not be verified or stored). Spec §8. */
export class SiwxSignInError extends BaseError {
  override name = 'SiwxSignInError'
  override code = 'SIWX_SIGN_IN_FAILED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error signing message', { cause, docsPath: `${docs}#errors` })
  }
}

/** The sign-in flow could not start (e.g. the session store failed); the wallet is disconnected. Spec §8. */
export class SiwxInitializeError extends BaseError {
  override name = 'SiwxInitializeError'
  override code = 'SIWX_INITIALIZE_FAILED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('A problem occurred while trying initialize authentication', { cause, docsPath: `${docs}#errors` })
  }
}

/** No chain plugin registered a sign-in verifier for the namespace. */
export class SiwxUnsupportedNamespaceError extends BaseError {
  override name = 'SiwxUnsupportedNamespaceError'
  override code = 'SIWX_UNSUPPORTED_NAMESPACE'
  constructor({ namespace }: { namespace: string }) {
    super(`Sign-in is not available for the "${namespace}" namespace`, {
      docsPath: `${docs}#errors`,
      metaMessages: ['Its chain plugin registers no sign-in verifier (portico.signInVerifiers).'],
    })
  }
}

/** Why a server-side verification refused a message. */
export type SiwxVerificationReason =
  | 'INVALID_MESSAGE'
  | 'DOMAIN_MISMATCH'
  | 'URI_MISMATCH'
  | 'CHAIN_NOT_CONFIGURED'
  | 'UNKNOWN_NONCE'
  | 'NONCE_REUSED'
  | 'ISSUED_IN_FUTURE'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'INVALID_SIGNATURE'

/** The base of every refusal by `createSiwxServer().verify`: `reason` says which check failed. */
export class SiwxVerificationError extends BaseError {
  override name = 'SiwxVerificationError'
  override code: string = 'SIWX_VERIFICATION_FAILED'
  reason: SiwxVerificationReason
  constructor(reason: SiwxVerificationReason, shortMessage: string, { cause, details }: { cause?: unknown; details?: string } = {}) {
    super(shortMessage, { cause, ...(details ? { details } : {}), docsPath: '/guides/siwx-backend.md#errors' })
    this.reason = reason
    this.code = `SIWX_${reason}`
  }
}

/** The message does not parse as CAIP-122 (EIP-4361 for eip155). */
export class SiwxInvalidMessageError extends SiwxVerificationError {
  override name = 'SiwxInvalidMessageError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('INVALID_MESSAGE', 'The sign-in message is malformed', { cause })
  }
}

/** The message names another domain than the server's. */
export class SiwxDomainMismatchError extends SiwxVerificationError {
  override name = 'SiwxDomainMismatchError'
  constructor({ domain, expected }: { domain: string; expected: readonly string[] }) {
    super('DOMAIN_MISMATCH', `The sign-in message is for another domain ("${domain.slice(0, 100)}")`, { details: `Expected ${expected.join(' or ')}.` })
  }
}

/** The message's URI is on another origin than the server's. */
export class SiwxUriMismatchError extends SiwxVerificationError {
  override name = 'SiwxUriMismatchError'
  constructor({ uri, expected }: { uri: string; expected: string }) {
    super('URI_MISMATCH', `The sign-in message's URI is on another origin ("${uri.slice(0, 200)}")`, { details: `Expected the origin ${expected}.` })
  }
}

/** The message's chain is not one the server is configured with. */
export class SiwxChainNotConfiguredError extends SiwxVerificationError {
  override name = 'SiwxChainNotConfiguredError'
  constructor({ chainId }: { chainId: string }) {
    super('CHAIN_NOT_CONFIGURED', `The sign-in message is for a chain this server does not accept (${chainId.slice(0, 100)})`)
  }
}

/** The nonce was never issued by this server (or has been forgotten). */
export class SiwxUnknownNonceError extends SiwxVerificationError {
  override name = 'SiwxUnknownNonceError'
  constructor() {
    super('UNKNOWN_NONCE', 'The sign-in nonce was not issued by this server or has expired')
  }
}

/** The nonce has been used already: a replay. */
export class SiwxNonceReusedError extends SiwxVerificationError {
  override name = 'SiwxNonceReusedError'
  constructor() {
    super('NONCE_REUSED', 'The sign-in nonce has already been used')
  }
}

/** Issued At lies in the future (beyond the allowed clock skew). */
export class SiwxIssuedInFutureError extends SiwxVerificationError {
  override name = 'SiwxIssuedInFutureError'
  constructor({ issuedAt }: { issuedAt: string }) {
    super('ISSUED_IN_FUTURE', `The sign-in message was issued in the future (${issuedAt})`)
  }
}

/** Not Before has not been reached. */
export class SiwxNotYetValidError extends SiwxVerificationError {
  override name = 'SiwxNotYetValidError'
  constructor({ notBefore }: { notBefore: string }) {
    super('NOT_YET_VALID', `The sign-in message is not valid before ${notBefore}`)
  }
}

/** Expiration Time has passed. */
export class SiwxExpiredError extends SiwxVerificationError {
  override name = 'SiwxExpiredError'
  constructor({ expirationTime }: { expirationTime: string }) {
    super('EXPIRED', `The sign-in message expired at ${expirationTime}`)
  }
}

/** The signature does not sign this message for this address (EOA, EIP-1271 or EIP-6492). */
export class SiwxInvalidSignatureError extends SiwxVerificationError {
  override name = 'SiwxInvalidSignatureError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('INVALID_SIGNATURE', 'The signature is not valid', { cause })
  }
}

/** The backend refused or could not be reached. */
export class SiwxBackendError extends BaseError {
  override name = 'SiwxBackendError'
  override code = 'SIWX_BACKEND'
  status: number | undefined
  constructor({ path, status, message, cause }: { path: string; status?: number; message?: string; cause?: unknown }) {
    super(`The sign-in backend refused ${path}${status ? ` (HTTP ${status})` : ''}${message ? `: ${message.slice(0, 200)}` : ''}`, { cause, docsPath: '/guides/siwx-backend.md' })
    this.status = status
  }
}
