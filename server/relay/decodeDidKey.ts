import { base58 } from '@scure/base'
import { RelayAuthError } from './RelayAuthError.js'

/**
 * Decodes a `did:key:z…` naming an ed25519 key (multicodec 0xed01 + 32 bytes, base58btc) into the
 * public key. Anything else throws a {@link RelayAuthError}.
 *
 * @param did The JWT's `iss`.
 * @returns The 32-byte ed25519 public key.
 * @example
 * decodeDidKey('did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK')
 */
export function decodeDidKey(did: string): Uint8Array {
  const prefix = 'did:key:z'
  if (typeof did !== 'string' || !did.startsWith(prefix) || did.length > 128) {
    throw new RelayAuthError('The JWT issuer must be a did:key in base58btc ("did:key:z…").')
  }
  let bytes: Uint8Array
  try {
    bytes = base58.decode(did.slice(prefix.length))
  } catch (cause) {
    throw new RelayAuthError('The JWT issuer is not valid base58btc.', { cause })
  }
  if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) {
    throw new RelayAuthError('The JWT issuer must be an ed25519 key (multicodec 0xed01, 32 bytes).')
  }
  return bytes.slice(2)
}
