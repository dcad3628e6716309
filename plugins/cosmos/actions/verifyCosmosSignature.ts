import { base64, bech32 } from '@scure/base'
import { adr36SignDoc } from '../utils/adr36SignDoc.js'
import { isCosmosAddress } from '../utils/isCosmosAddress.js'
import { sortedJson } from '../utils/sortedJson.js'

/**
 * Whether `signature` — Keplr's ADR-36 `StdSignature` as JSON, `{ pub_key: { type:
 * 'tendermint/PubKeySecp256k1', value }, signature }` — signs the UTF-8 `message` for `address`:
 * the public key must hash to the address (RIPEMD-160 of SHA-256, same prefix) and the secp256k1
 * signature (64 bytes, low s) must verify over SHA-256 of the sorted amino JSON of the ADR-36 sign
 * doc. Checked with `@noble/curves`, not with the wallet's code. Malformed input is `false`, never a throw.
 *
 * @returns true when the signature is valid
 * @example
 * await verifyCosmosSignature({ message: 'hello', signature: JSON.stringify(stdSignature), address: 'cosmos1…' })
 */
export async function verifyCosmosSignature({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> {
  if (typeof message !== 'string' || typeof signature !== 'string' || signature.length > 1_000 || !isCosmosAddress(address)) return false
  let publicKey: Uint8Array
  let bytes: Uint8Array
  try {
    const parsed = JSON.parse(signature) as { pub_key?: { type?: unknown; value?: unknown }; signature?: unknown }
    if (parsed?.pub_key?.type !== 'tendermint/PubKeySecp256k1' || typeof parsed.pub_key.value !== 'string' || typeof parsed.signature !== 'string') return false
    publicKey = base64.decode(parsed.pub_key.value)
    bytes = base64.decode(parsed.signature)
  } catch {
    return false
  }
  if (publicKey.length !== 33 || bytes.length !== 64) return false
  const { secp256k1, sha256, ripemd160 } = await import('../lazy/noble.js')
  const decoded = bech32.decode(address as `${string}1${string}`)
  if (bech32.encode(decoded.prefix, bech32.toWords(ripemd160(sha256(publicKey)))) !== address) return false
  try {
    const digest = sha256(new TextEncoder().encode(sortedJson(adr36SignDoc(address, message))))
    return secp256k1.verify(bytes, digest, publicKey, { prehash: false, lowS: true })
  } catch {
    return false
  }
}
