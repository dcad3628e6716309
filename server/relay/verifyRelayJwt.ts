import { ed25519 } from '@noble/curves/ed25519'
import { base64urlnopad, utf8 } from '@scure/base'
import { decodeDidKey } from './decodeDidKey.js'
import { RelayAuthError } from './RelayAuthError.js'

export type VerifyRelayJwtParameters = {
  /** The `auth` query parameter of the connection URL. */
  jwt: string
  /** The relay's path on this server (e.g. `/relay`); the `aud` must name it. */
  path: string
  /** The current time in milliseconds. */
  nowMs: number
  /** How far `iat` may lie in the future, in seconds. Default 60. */
  maxSkewSeconds?: number
  /** Longest lifetime (`exp - iat`) accepted, in seconds. Default 86400 (the client mints one-day JWTs). */
  maxLifetimeSeconds?: number
}

export type VerifyRelayJwtReturnType = {
  /** The client id: the `iss` did:key. */
  clientId: string
  publicKey: Uint8Array
  aud: string
  sub: string | undefined
  iat: number
  exp: number
}

export type VerifyRelayJwtErrorType = RelayAuthError

const MAX_JWT_LENGTH = 4096

function decodeJson(part: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(utf8.encode(base64urlnopad.decode(part.replace(/=+$/, ''))))
  } catch (cause) {
    throw new RelayAuthError(`The JWT ${what} is not base64url-encoded JSON.`, { cause })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RelayAuthError(`The JWT ${what} must be a JSON object.`)
  }
  return value as Record<string, unknown>
}

function trimPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/**
 * Verifies the relay JWT a WalletConnect client sends as `auth`: an EdDSA (ed25519) JWT whose
 * `iss` is the client's `did:key`.
 *
 * Checks, in order: three base64url parts; header `alg` is `EdDSA` (and `typ`, when present, `JWT`);
 * `iss` is an ed25519 did:key; the signature over `header.payload` verifies with that key;
 * `aud` is a ws/wss/http/https URL whose path is this relay's path (the host is not compared, since
 * a proxy or `localhost` vs `127.0.0.1` may change it); `exp` and `iat` are numbers, `exp` is in the
 * future and after `iat`, `iat` is at most `maxSkewSeconds` in the future, and `exp - iat` is at
 * most `maxLifetimeSeconds` (a stolen long-lived JWT is not a key for ever).
 *
 * @param parameters {@link VerifyRelayJwtParameters}
 * @returns The client id and claims ({@link VerifyRelayJwtReturnType}).
 * @throws {RelayAuthError} with status 401 for every failure.
 * @example
 * const { clientId } = verifyRelayJwt({ jwt, path: '/relay', nowMs: Date.now() })
 */
export function verifyRelayJwt(parameters: VerifyRelayJwtParameters): VerifyRelayJwtReturnType {
  const { jwt, path, nowMs, maxSkewSeconds = 60, maxLifetimeSeconds = 86_400 } = parameters
  if (typeof jwt !== 'string' || jwt.length === 0) throw new RelayAuthError('Missing relay JWT ("auth").')
  if (jwt.length > MAX_JWT_LENGTH) throw new RelayAuthError(`The JWT is longer than ${MAX_JWT_LENGTH} characters.`)
  const parts = jwt.split('.')
  if (parts.length !== 3) throw new RelayAuthError('The JWT must have three dot-separated parts.')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]

  const header = decodeJson(headerPart, 'header')
  if (header.alg !== 'EdDSA') throw new RelayAuthError('The JWT must use the EdDSA algorithm.')
  if (header.typ !== undefined && header.typ !== 'JWT') throw new RelayAuthError('The JWT "typ" must be "JWT".')
  const payload = decodeJson(payloadPart, 'payload')

  if (typeof payload.iss !== 'string') throw new RelayAuthError('The JWT has no "iss".')
  const publicKey = decodeDidKey(payload.iss)

  let signature: Uint8Array
  try {
    signature = base64urlnopad.decode(signaturePart.replace(/=+$/, ''))
  } catch (cause) {
    throw new RelayAuthError('The JWT signature is not base64url.', { cause })
  }
  if (signature.length !== 64) throw new RelayAuthError('The JWT signature must be 64 bytes.')
  let valid = false
  try {
    valid = ed25519.verify(signature, utf8.decode(`${headerPart}.${payloadPart}`), publicKey)
  } catch (cause) {
    throw new RelayAuthError('The JWT signature could not be checked.', { cause })
  }
  if (!valid) throw new RelayAuthError('The JWT signature does not match its issuer.')

  if (typeof payload.aud !== 'string') throw new RelayAuthError('The JWT has no "aud".')
  let audience: URL
  try {
    audience = new URL(payload.aud)
  } catch (cause) {
    throw new RelayAuthError('The JWT "aud" is not a URL.', { cause })
  }
  if (!['ws:', 'wss:', 'http:', 'https:'].includes(audience.protocol)) {
    throw new RelayAuthError('The JWT "aud" must be a ws, wss, http or https URL.')
  }
  if (trimPath(audience.pathname) !== trimPath(path)) {
    throw new RelayAuthError(`The JWT "aud" must name this relay's path (${trimPath(path)}).`)
  }

  const { iat, exp } = payload
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new RelayAuthError('The JWT "iat" must be a number.')
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new RelayAuthError('The JWT "exp" must be a number.')
  const nowSeconds = nowMs / 1000
  if (exp <= nowSeconds) throw new RelayAuthError('The JWT has expired.')
  if (exp <= iat) throw new RelayAuthError('The JWT "exp" must be after its "iat".')
  if (iat > nowSeconds + maxSkewSeconds) throw new RelayAuthError('The JWT "iat" is in the future.')
  if (exp - iat > maxLifetimeSeconds) throw new RelayAuthError(`The JWT lives longer than ${maxLifetimeSeconds} s ("exp" - "iat").`)

  return {
    clientId: payload.iss,
    publicKey,
    aud: payload.aud,
    sub: typeof payload.sub === 'string' ? payload.sub : undefined,
    iat,
    exp,
  }
}
