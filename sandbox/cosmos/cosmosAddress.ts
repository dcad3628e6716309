import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bech32 } from '@scure/base'

/**
 * The bech32 account address of a compressed secp256k1 public key: RIPEMD-160 of its SHA-256
 * (the Cosmos SDK's `secp256k1.PubKey.Address()`) under `prefix`.
 *
 * @param publicKey 33-byte compressed public key
 * @param prefix the chain's bech32 prefix, e.g. `cosmos`
 * @returns the address, e.g. `cosmos1…`
 * @example
 * cosmosAddressOf(publicKey, 'portico')
 */
export function cosmosAddressOf(publicKey: Uint8Array, prefix: string): string {
  if (publicKey.length !== 33) throw new Error('cosmosAddressOf: expected a 33-byte compressed secp256k1 public key')
  return bech32.encode(prefix, bech32.toWords(ripemd160(sha256(publicKey))))
}
