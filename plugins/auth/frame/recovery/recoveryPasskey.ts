import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlnopad } from '@scure/base'
import { FrameFailure } from '../errors.js'

/** The passkey's answer for the recovery: its id and the PRF output for `prfSalt`. */
export type PasskeyPrf = { credentialId: string; prfSalt: Uint8Array; prfOutput: Uint8Array }

/** The WebAuthn calls the frame makes (the browser's `navigator.credentials`). */
export type Credentials = Pick<CredentialsContainer, 'create' | 'get'>

type PrfResults = { prf?: { enabled?: boolean; results?: { first?: BufferSource } } }

function prfFirst(credential: Credential | null): Uint8Array | undefined {
  const results = (credential as PublicKeyCredential | null)?.getClientExtensionResults?.() as PrfResults | undefined
  const first = results?.prf?.results?.first
  if (!first) return undefined
  return first instanceof ArrayBuffer ? new Uint8Array(first) : new Uint8Array(first.buffer, first.byteOffset, first.byteLength)
}

/** WebAuthn refuses IP-address origins (no RP id), so passkeys need the wallet on a domain name. */
export function passkeysPossible(hostname: string, credentials: Credentials | undefined): boolean {
  return credentials !== undefined && typeof PublicKeyCredential !== 'undefined' && !/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])$/i.test(hostname)
}

const failed = (cause: unknown) =>
  new FrameFailure('USER_REJECTED', cause instanceof DOMException && cause.name === 'NotAllowedError' ? 'The passkey was cancelled' : 'The passkey could not be used', { cause })

/**
 * Evaluates the PRF of the passkey `credentialId` for `prfSalt` (`navigator.credentials.get`
 * with the `prf` extension, user verification required).
 *
 * @example
 * const output = await evaluatePasskey(navigator.credentials, credentialId, prfSalt)
 */
export async function evaluatePasskey(credentials: Credentials, credentialId: Uint8Array, prfSalt: Uint8Array): Promise<Uint8Array> {
  let credential: Credential | null
  try {
    credential = await credentials.get({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        allowCredentials: [{ type: 'public-key', id: new Uint8Array(credentialId) }],
        userVerification: 'required',
        extensions: { prf: { eval: { first: new Uint8Array(prfSalt) } } } as AuthenticationExtensionsClientInputs,
      },
    })
  } catch (cause) {
    throw failed(cause)
  }
  const output = prfFirst(credential)
  if (!output || output.length < 32) throw new FrameFailure('UNSUPPORTED_METHOD', 'This passkey cannot protect a wallet (no PRF): use a recovery password')
  return output
}

/**
 * Creates the recovery passkey on the wallet origin (the RP id is the wallet's host) from the
 * visitor's click in the frame, with the PRF extension, and answers its PRF output for a fresh
 * random salt (evaluated at creation where the authenticator can, else by one assertion).
 *
 * @example
 * const passkey = await createRecoveryPasskey(navigator.credentials, { userId, label: 'alice@example.com' })
 */
export async function createRecoveryPasskey(credentials: Credentials, { userId, label }: { userId: string; label: string }): Promise<PasskeyPrf> {
  const prfSalt = crypto.getRandomValues(new Uint8Array(32))
  let credential: Credential | null
  try {
    credential = await credentials.create({
      publicKey: {
        rp: { name: 'Wallet recovery' },
        user: { id: sha256(new TextEncoder().encode(userId)).slice(0, 16), name: label.slice(0, 64), displayName: label.slice(0, 64) },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        extensions: { prf: { eval: { first: prfSalt } } } as AuthenticationExtensionsClientInputs,
      },
    })
  } catch (cause) {
    throw failed(cause)
  }
  if (!credential || !('rawId' in credential)) throw failed(undefined)
  const rawId = new Uint8Array((credential as PublicKeyCredential).rawId)
  const prfOutput = prfFirst(credential) ?? (await evaluatePasskey(credentials, rawId, prfSalt))
  return { credentialId: base64urlnopad.encode(rawId), prfSalt, prfOutput }
}
