import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2.js'
import * as sr25519 from '@scure/sr25519'

import { decodeSs58 } from '../utils/ss58.js'

const hexBytes = (hex: string): Uint8Array | undefined => {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(body) || body.length > 400) return undefined
  return Uint8Array.from(body.match(/../g)!, (h) => parseInt(h, 16))
}

function verifyOne(kind: 'sr25519' | 'ed25519' | 'ecdsa', signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    if (kind === 'sr25519') return publicKey.length === 32 && signature.length === 64 && sr25519.verify(message, signature, publicKey)
    if (kind === 'ed25519') return publicKey.length === 32 && signature.length === 64 && ed25519.verify(signature, message, publicKey)
    // ecdsa: a 65-byte recoverable signature over blake2b-256 of the message (payloads above 256 bytes are hashed first, as Substrate does).
    if (signature.length !== 65) return false
    const digest = blake2b(message, { dkLen: 32 })
    const recovered = secp256k1.Signature.fromCompact(signature.subarray(0, 64)).addRecoveryBit(signature[64]! % 4).recoverPublicKey(digest).toRawBytes(true)
    const compressed = publicKey.length === 33 ? publicKey : blake2b(recovered, { dkLen: 32 })
    return publicKey.length === 33 ? recovered.every((b, i) => b === compressed[i]) : compressed.every((b, i) => b === publicKey[i])
  } catch {
    return false
  }
}

/**
 * Checks a Polkadot message signature (`signRaw` of an extension) for an SS58 address with
 * `@scure/sr25519`, `@noble/curves` (ed25519, secp256k1) and blake2b — not the signer's code. The
 * signature is `0x` hex, raw (64 bytes: sr25519 or ed25519) or with its MultiSignature type byte
 * (00 ed25519, 01 sr25519, 02 ecdsa). Extensions sign the message wrapped in `<Bytes>…</Bytes>`;
 * the bare message is accepted too.
 *
 * @returns whether it verifies
 * @example
 * await verifyPolkadotSignature({ message: 'hi', signature: '0x01…', address: '5Grw…' })
 */
export async function verifyPolkadotSignature({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> {
  const decoded = decodeSs58(address)
  const bytes = typeof signature === 'string' ? hexBytes(signature) : undefined
  if (!decoded || !bytes) return false
  const text = new TextEncoder()
  const candidates = [text.encode(`<Bytes>${message}</Bytes>`), text.encode(message)]
  const kinds: { kind: 'sr25519' | 'ed25519' | 'ecdsa'; sig: Uint8Array }[] =
    bytes.length === 64
      ? [{ kind: 'sr25519', sig: bytes }, { kind: 'ed25519', sig: bytes }]
      : bytes.length === 65 && (bytes[0] === 0 || bytes[0] === 1)
        ? [{ kind: bytes[0] === 0 ? 'ed25519' : 'sr25519', sig: bytes.subarray(1) }]
        : bytes.length === 66 && bytes[0] === 2
          ? [{ kind: 'ecdsa', sig: bytes.subarray(1) }]
          : bytes.length === 65
            ? [{ kind: 'ecdsa', sig: bytes }]
            : []
  return kinds.some(({ kind, sig }) => candidates.some((candidate) => verifyOne(kind, sig, candidate, decoded.publicKey)))
}
