import { keccak_256 } from '@noble/hashes/sha3'

/**
 * The EIP-55 mixed-case checksum form of a 40-hex-digit address (with or without 0x): each
 * letter is upper-case when the matching nibble of keccak-256(lower-case hex) is 8 or more.
 * Kept here, on `@noble/hashes`, so checking an address does not pull viem into the page.
 *
 * @example
 * toChecksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function toChecksumAddress(address: string): `0x${string}` {
  const hex = address.replace(/^0x/, '').toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < hex.length; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    const char = hex[i] as string
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}
