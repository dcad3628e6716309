import { hexToBytes } from '@noble/hashes/utils.js'
import { decodeStacksAddress } from '../utils/decodeStacksAddress.js'
import { hashStacksMessage } from '../utils/hashStacksMessage.js'

export type VerifyStacksMessageSignatureParameters = {
  message: string
  /** What `stx_signMessage` answers: the recoverable signature as hex, r ‖ s ‖ v (65 bytes, `0x` optional). */
  signature: string
  /** The Stacks address that should have signed. */
  address: string
}

/**
 * Whether `signature` signs `message` for `address`: the secp256k1 public key is recovered from the
 * recoverable signature (r ‖ s ‖ v) over the Stacks message hash (`hashStacksMessage`), and its
 * hash160 (RIPEMD-160 of SHA-256, compressed or uncompressed key) must be the address's. Checked with
 * `@noble/curves`, not with the wallet's code. Malformed input is `false`, never a throw.
 *
 * @returns true when the signature is valid
 * @example
 * await verifyStacksMessageSignature({ message: 'hello', signature: rsvHex, address: 'ST…' })
 */
export async function verifyStacksMessageSignature({ message, signature, address }: VerifyStacksMessageSignatureParameters): Promise<boolean> {
  if (typeof message !== 'string' || typeof signature !== 'string') return false
  const hex = signature.startsWith('0x') ? signature.slice(2) : signature
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) return false
  const decoded = decodeStacksAddress(address)
  if (!decoded) return false
  const bytes = hexToBytes(hex)
  const v = bytes[64]! >= 27 ? bytes[64]! - 27 : bytes[64]!
  if (v > 3) return false
  const { secp256k1, sha256, ripemd160 } = await import('../lazy/noble.js')
  try {
    const point = secp256k1.Signature.fromCompact(bytes.subarray(0, 64)).addRecoveryBit(v).recoverPublicKey(hashStacksMessage(message))
    return [true, false].some((compressed) => {
      const keyHash = ripemd160(sha256(point.toRawBytes(compressed)))
      return keyHash.every((byte, i) => byte === decoded.hash160[i])
    })
  } catch {
    return false
  }
}
