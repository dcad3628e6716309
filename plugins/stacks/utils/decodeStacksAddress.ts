import { sha256 } from '@noble/hashes/sha2.js'
import { c32Alphabet, c32Decode, c32Encode } from './c32.js'
import { type StacksAddressNetwork, stacksNetworkOfVersion } from './stacksAddressVersions.js'

export type DecodeStacksAddressReturnType = { version: number; hash160: Uint8Array; network: StacksAddressNetwork }

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * Decodes a Stacks account address (c32check, SIP-005): `S`, the version character (`P`/`M` mainnet,
 * `T`/`N` testnet), then c32 of the 20-byte hash160 and a 4-byte checksum (the first bytes of
 * sha256(sha256(version ‖ hash160))). Upper case only and canonical: 41 or 40 characters for a
 * key's hash, fewer when the hash begins with zero bytes (the burn address `SP000000000000000000002Q6VF78`).
 * A contract principal (`SP….name`) is not an account address.
 *
 * @param value the candidate
 * @returns the version, hash160 and network, or undefined when it is not a valid address
 * @example
 * decodeStacksAddress('ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM')?.network // 'testnet'
 */
export function decodeStacksAddress(value: unknown): DecodeStacksAddressReturnType | undefined {
  if (typeof value !== 'string' || value.length < 28 || value.length > 41 || value[0] !== 'S') return undefined
  const version = c32Alphabet.indexOf(value[1] as string)
  const network = stacksNetworkOfVersion(version)
  if (!network) return undefined
  const data = c32Decode(value.slice(2))
  if (!data || data.length !== 24) return undefined
  const hash160 = data.subarray(0, 20)
  const checksum = sha256(sha256(new Uint8Array([version, ...hash160]))).subarray(0, 4)
  if (!equal(checksum, data.subarray(20))) return undefined
  if (c32Encode(data) !== value.slice(2)) return undefined
  return { version, hash160: hash160.slice(), network }
}
