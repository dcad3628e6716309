import { sha256 } from '@noble/hashes/sha2.js'
import { c32Alphabet, c32Encode } from './c32.js'

/**
 * Encodes a version byte and a 20-byte hash160 as a Stacks address (c32check).
 *
 * @example
 * encodeStacksAddress(26, hash160) // 'ST…'
 */
export function encodeStacksAddress(version: number, hash160: Uint8Array): string {
  if (!Number.isInteger(version) || version < 0 || version > 31 || hash160.length !== 20) throw new Error('encodeStacksAddress: a version 0..31 and a 20-byte hash')
  const checksum = sha256(sha256(new Uint8Array([version, ...hash160]))).subarray(0, 4)
  return `S${c32Alphabet[version]}${c32Encode(new Uint8Array([...hash160, ...checksum]))}`
}
