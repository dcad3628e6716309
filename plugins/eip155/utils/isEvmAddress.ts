import { toChecksumAddress } from './toChecksumAddress.js'

/**
 * An EVM address: 40 hex digits with an optional 0x (spec §5). A mixed-case address must carry a
 * valid EIP-55 checksum, so a mistyped character is caught.
 *
 * @example
 * isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 * isEvmAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // false: checksum broken
 */
export function isEvmAddress(value: string): boolean {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(value)) return false
  const hex = value.replace(/^0x/, '')
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return toChecksumAddress(hex) === `0x${hex}`
}
