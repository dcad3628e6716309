import { createPublicKey, verify } from 'node:crypto'

/** DER prefix of a SubjectPublicKeyInfo holding a compressed secp256k1 point (id-ecPublicKey, secp256k1). */
const spkiPrefix = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex')
/** Half the secp256k1 group order: the SDK refuses signatures whose `s` is above it (malleable). */
const halfOrder = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/**
 * Checks a Cosmos SDK secp256k1 signature: 64 bytes `r ‖ s` with low `s`, over the SHA-256 of
 * `signBytes`, by `publicKey` (33 bytes compressed). It uses Node's OpenSSL, not the code that signs
 * (cosmjs, the dev wallet's `@noble/curves`), so a signing bug cannot hide itself.
 *
 * @param signBytes the bytes that were signed (a SignDoc, or the amino JSON sign doc)
 * @param signature 64-byte compact signature
 * @param publicKey 33-byte compressed public key
 * @returns whether the signature is valid
 * @example
 * verifyCosmosSignature(SignDoc.encode(doc).finish(), signature, publicKey)
 */
export function verifyCosmosSignature(signBytes: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 33) return false
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)
  if (s === 0n || s > halfOrder) return false
  try {
    const key = createPublicKey({ key: Buffer.concat([spkiPrefix, publicKey]), format: 'der', type: 'spki' })
    return verify('sha256', signBytes, { key, dsaEncoding: 'ieee-p1363' }, signature)
  } catch {
    return false
  }
}
