import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * sha256 of a secret as base64url: how codes, tokens, states and tickets are kept at rest.
 *
 * @example
 * digest('a-token') // 'x3Xn…'
 */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

/**
 * A fresh random secret (32 bytes, base64url): session tokens, social states and tickets.
 *
 * @example
 * const token = randomSecret()
 */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Whether two strings are equal, in time that does not depend on where they differ.
 *
 * @example
 * sameString(digest(verifier), challenge)
 */
export function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** A PKCE challenge: base64url of a sha256 (43 characters). */
export const challengePattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Whether `verifier` is the one `challenge = base64url(sha256(verifier))` was made from.
 *
 * @example
 * verifierMatches(verifier, challenge) // true
 */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return sameString(digest(verifier), challenge)
}
