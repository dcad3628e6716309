import { isSuiAddress } from '../utils/isSuiAddress.js'
import { recoverSuiSigner } from './recoverSuiSigner.js'

/** BCS `vector<u8>`: the ULEB128 length, then the bytes. */
function bcsBytes(bytes: Uint8Array): Uint8Array {
  const length: number[] = []
  let n = bytes.length
  do {
    length.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0))
    n >>>= 7
  } while (n > 0)
  const out = new Uint8Array(length.length + bytes.length)
  out.set(length)
  out.set(bytes, length.length)
  return out
}

/**
 * Whether `signature` (a serialized Sui signature, base64) is a `sui:signPersonalMessage`
 * signature of the UTF-8 `message` by the key of `address`: the intent message is
 * `[3, 0, 0] ‖ BCS(vector<u8> message)`, checked with @noble (ed25519, secp256k1, secp256r1) and
 * the key's address compared. Malformed input is `false`, never a throw.
 *
 * @returns true when the signature is valid
 * @example
 * await verifySuiPersonalMessage({ message: 'hello', signature, address })
 */
export async function verifySuiPersonalMessage({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> {
  if (typeof message !== 'string' || !isSuiAddress(address)) return false
  const signer = await recoverSuiSigner({ intentScope: 3, bytes: bcsBytes(new TextEncoder().encode(message)), signature })
  return signer !== undefined && signer === address.toLowerCase()
}
