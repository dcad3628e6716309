import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlnopad } from '@scure/base'

/** A PKCE-style pair: the frame keeps `verifier` in memory; the server sees `challenge` first. */
export type Verifier = { verifier: string; challenge: string }

/**
 * Draws a fresh verifier for one login attempt: 32 random bytes (base64url), and its challenge
 * `base64url(sha256(verifier))`. A code or ticket the site's page sees cannot be redeemed
 * without the verifier, which never leaves the frame.
 *
 * @example
 * const { verifier, challenge } = createVerifier()
 */
export function createVerifier(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): Verifier {
  const verifier = base64urlnopad.encode(random(new Uint8Array(32)))
  const challenge = base64urlnopad.encode(sha256(new TextEncoder().encode(verifier)))
  return { verifier, challenge }
}
