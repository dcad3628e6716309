import { base64, hex } from '@scure/base'

/** Sui's intent scopes: what a signature is for (`TransactionData` 0, `PersonalMessage` 3). */
export type SuiIntentScope = 0 | 3

export type RecoverSuiSignerParameters = {
  /** 0 for a transaction (`bytes` = BCS `TransactionData`), 3 for a personal message (`bytes` = BCS `vector<u8>`). */
  intentScope: SuiIntentScope
  /** The BCS bytes the intent wraps. */
  bytes: Uint8Array
  /** A serialized Sui signature, base64 of `flag ‖ signature ‖ public key`. */
  signature: string
}
/** The signer's address (`0x` + 64 lower-case hex), or undefined when the signature does not verify. */
export type RecoverSuiSignerReturnType = string | undefined

/** Signature flags Sui gives its schemes, with their public-key length. */
const schemes: Record<number, { publicKeyLength: number }> = { 0: { publicKeyLength: 32 }, 1: { publicKeyLength: 33 }, 2: { publicKeyLength: 33 } }

/**
 * Checks a Sui signature over an intent message with @noble (not the signing library) and returns
 * the address of the key that made it: the message is `blake2b-256(intent ‖ bytes)` with intent
 * `[scope, 0, 0]`; ed25519 (flag 0) signs it as is, secp256k1 (1) and secp256r1 (2) sign its
 * SHA-256 with low-S; the address is `blake2b-256(flag ‖ public key)`. Malformed input answers
 * undefined, never a throw.
 *
 * @param parameters the intent scope, the bytes and the serialized signature
 * @returns the signer's address, or undefined
 * @example
 * const signer = await recoverSuiSigner({ intentScope: 0, bytes: txBytes, signature })
 */
export async function recoverSuiSigner({ intentScope, bytes, signature }: RecoverSuiSignerParameters): Promise<RecoverSuiSignerReturnType> {
  if (typeof signature !== 'string' || signature.length > 200 || !(bytes instanceof Uint8Array)) return undefined
  let serialized: Uint8Array
  try {
    serialized = base64.decode(signature)
  } catch {
    return undefined
  }
  const flag = serialized[0] ?? -1
  const scheme = schemes[flag]
  if (!scheme || serialized.length !== 1 + 64 + scheme.publicKeyLength) return undefined
  const rawSignature = serialized.slice(1, 65)
  const publicKey = serialized.slice(65)
  const { ed25519, secp256k1, p256, blake2b, sha256 } = await import('../lazy/noble.js')
  const intentMessage = new Uint8Array(3 + bytes.length)
  intentMessage.set([intentScope, 0, 0])
  intentMessage.set(bytes, 3)
  const digest = blake2b(intentMessage, { dkLen: 32 })
  let valid: boolean
  try {
    if (flag === 0) valid = ed25519.verify(rawSignature, digest, publicKey)
    else valid = (flag === 1 ? secp256k1 : p256).verify(rawSignature, sha256(digest), publicKey, { lowS: true, prehash: false })
  } catch {
    return undefined
  }
  if (!valid) return undefined
  const addressInput = new Uint8Array(1 + publicKey.length)
  addressInput[0] = flag
  addressInput.set(publicKey, 1)
  return `0x${hex.encode(blake2b(addressInput, { dkLen: 32 }))}`
}
