import { blake2b } from '@noble/hashes/blake2.js'
import { base58 } from '@scure/base'

const context = new TextEncoder().encode('SS58PRE')

/** The SS58 network prefix of an address: 0 Polkadot, 2 Kusama, 42 generic Substrate (0–16383). */
export type Ss58Prefix = number

function checksum(prefixBytes: Uint8Array, payload: Uint8Array): Uint8Array {
  const input = new Uint8Array(context.length + prefixBytes.length + payload.length)
  input.set(context)
  input.set(prefixBytes, context.length)
  input.set(payload, context.length + prefixBytes.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, 2)
}

function prefixBytesOf(prefix: Ss58Prefix): Uint8Array {
  if (prefix < 64) return Uint8Array.of(prefix)
  return Uint8Array.of(((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6))
}

/**
 * Decodes an SS58 account address (a 32-byte sr25519/ed25519 key, or a 33-byte compressed ecdsa
 * key): the base58 text, the one- or two-byte network prefix and the two-byte blake2b-512 checksum
 * over `"SS58PRE" ‖ prefix ‖ key`. Anything else (bad characters, wrong length, a checksum that
 * does not match, a reserved prefix) is `undefined`.
 *
 * @param address - the text
 * @returns the public key and the prefix, or undefined
 * @example
 * decodeSs58('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY') // { prefix: 42, publicKey: d435…a27d }
 */
export function decodeSs58(address: unknown): { publicKey: Uint8Array; prefix: Ss58Prefix } | undefined {
  if (typeof address !== 'string' || address.length < 46 || address.length > 50) return undefined
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return undefined
  }
  const first = bytes[0]
  if (first === undefined || first >= 128) return undefined
  const prefixLength = first < 64 ? 1 : 2
  const payloadLength = bytes.length - prefixLength - 2
  if (payloadLength !== 32 && payloadLength !== 33) return undefined
  const prefix = prefixLength === 1 ? first : ((first & 0b0011_1111) << 2) | (bytes[1]! >> 6) | ((bytes[1]! & 0b0011_1111) << 8)
  // Two-byte prefixes below 64 are non-canonical; 46 and 47 are reserved.
  if ((prefixLength === 2 && prefix < 64) || prefix === 46 || prefix === 47) return undefined
  const prefixBytes = bytes.subarray(0, prefixLength)
  const publicKey = bytes.slice(prefixLength, prefixLength + payloadLength)
  const expected = checksum(prefixBytes, publicKey)
  const given = bytes.subarray(prefixLength + payloadLength)
  if (expected[0] !== given[0] || expected[1] !== given[1]) return undefined
  return { publicKey, prefix }
}

/**
 * Encodes a public key as an SS58 address for a network prefix.
 *
 * @param publicKey - 32 bytes (sr25519/ed25519) or 33 (compressed ecdsa)
 * @param prefix - the network's prefix (0–16383, not 46 or 47)
 * @returns the address
 * @throws Error for another key length or prefix
 * @example
 * encodeSs58(aliceKey, 0) // '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
 */
export function encodeSs58(publicKey: Uint8Array, prefix: Ss58Prefix): string {
  if (publicKey.length !== 32 && publicKey.length !== 33) throw new Error('An SS58 account key is 32 or 33 bytes')
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383 || prefix === 46 || prefix === 47) throw new Error(`${prefix} is not an SS58 prefix`)
  const prefixBytes = prefixBytesOf(prefix)
  const sum = checksum(prefixBytes, publicKey)
  const bytes = new Uint8Array(prefixBytes.length + publicKey.length + 2)
  bytes.set(prefixBytes)
  bytes.set(publicKey, prefixBytes.length)
  bytes.set(sum, prefixBytes.length + publicKey.length)
  return base58.encode(bytes)
}

/**
 * Whether `address` is a valid SS58 account address, for `prefix` when given (the network's).
 *
 * @example
 * isPolkadotAddress('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 0) // true
 */
export function isPolkadotAddress(address: unknown, prefix?: Ss58Prefix): boolean {
  const decoded = decodeSs58(address)
  return decoded !== undefined && (prefix === undefined || decoded.prefix === prefix)
}
