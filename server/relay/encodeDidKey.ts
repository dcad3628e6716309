import { base58 } from '@scure/base'

/** Multicodec prefix of an ed25519 public key (varint of 0xed). */
const ED25519_MULTICODEC = [0xed, 0x01] as const

/**
 * Encodes a 32-byte ed25519 public key as a `did:key` (multicodec 0xed01, base58btc, `z` prefix):
 * the `iss` of a WalletConnect relay JWT and the client id.
 *
 * @param publicKey 32-byte ed25519 public key.
 * @returns `did:key:z6Mk…`
 * @example
 * encodeDidKey(ed25519.getPublicKey(secretKey)) // 'did:key:z6Mk…'
 */
export function encodeDidKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new TypeError('An ed25519 public key has 32 bytes.')
  const bytes = new Uint8Array(34)
  bytes.set(ED25519_MULTICODEC, 0)
  bytes.set(publicKey, 2)
  return `did:key:z${base58.encode(bytes)}`
}
