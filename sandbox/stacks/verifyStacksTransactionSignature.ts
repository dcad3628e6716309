import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256, sha512_256 } from '@noble/hashes/sha2.js'

/** Where the single-signature origin's fields sit in a serialized transaction (SIP-005). */
const at = { authType: 5, hashMode: 6, signer: 7, nonce: 27, fee: 35, keyEncoding: 43, signature: 44, end: 109 } as const

/** What a single-signature origin says of itself, read from the raw bytes. */
export type StacksOrigin = { signer: Uint8Array; nonce: bigint; fee: bigint }

const u64 = (bytes: Uint8Array, offset: number) => new DataView(bytes.buffer, bytes.byteOffset + offset, 8).getBigUint64(0)

/**
 * Checks the origin signature of a serialized standard, single-signature (P2PKH) Stacks transaction
 * as a Stacks node does (SIP-005), on the raw bytes and with `@noble/curves` — not with the library
 * that signed it: the initial sighash is sha512/256 of the transaction with the origin's nonce, fee
 * and signature cleared; the pre-sign hash is sha512/256(initial ‖ auth type ‖ fee ‖ nonce); the
 * public key recovered from the recoverable signature (v ‖ r ‖ s), encoded as the key-encoding byte
 * says, must hash (hash160) to the signer.
 *
 * @param raw the serialized transaction
 * @returns the origin (signer hash, nonce, fee)
 * @throws Error with the reason when the authorization is not supported or the signature does not match
 * @example
 * verifyStacksTransactionSignature(bytes).nonce
 */
export function verifyStacksTransactionSignature(raw: Uint8Array): StacksOrigin {
  if (raw.length < at.end) throw new Error('the transaction is too short to carry an authorization')
  if (raw[at.authType] !== 0x04) throw new Error('only standard (not sponsored) authorizations are accepted')
  if (raw[at.hashMode] !== 0x00) throw new Error('only single-signature P2PKH spending conditions are accepted')
  const keyEncoding = raw[at.keyEncoding]
  if (keyEncoding !== 0x00 && keyEncoding !== 0x01) throw new Error('unknown public key encoding')
  const signer = raw.slice(at.signer, at.nonce)
  const nonce = u64(raw, at.nonce)
  const fee = u64(raw, at.fee)
  const signature = raw.slice(at.signature, at.end)

  const cleared = raw.slice()
  cleared.fill(0, at.nonce, at.keyEncoding)
  cleared.fill(0, at.signature, at.end)
  const initial = sha512_256(cleared)
  const preSign = new Uint8Array(32 + 1 + 8 + 8)
  preSign.set(initial, 0)
  preSign[32] = 0x04
  new DataView(preSign.buffer).setBigUint64(33, fee)
  new DataView(preSign.buffer).setBigUint64(41, nonce)
  const digest = sha512_256(preSign)

  const recovery = signature[0] as number
  if (recovery > 3) throw new Error('invalid recovery id')
  let publicKey: Uint8Array
  try {
    publicKey = secp256k1.Signature.fromCompact(signature.subarray(1)).addRecoveryBit(recovery).recoverPublicKey(digest).toRawBytes(keyEncoding === 0x00)
  } catch {
    throw new Error('the signature does not recover a public key')
  }
  const keyHash = ripemd160(sha256(publicKey))
  if (!keyHash.every((byte, i) => byte === signer[i])) throw new Error('the signer hash does not equal the hash of the public key that signed')
  return { signer, nonce, fee }
}

/**
 * A transaction's id: sha512/256 of its serialized bytes, hex.
 *
 * @example
 * stacksTxid(bytes) // '3f…'
 */
export function stacksTxid(raw: Uint8Array): string {
  return Buffer.from(sha512_256(raw)).toString('hex')
}
