/**
 * Whether `address` is a Sui account address: `0x` and 64 hex digits (32 bytes). Short forms such
 * as `0x2` are object and package ids, not account addresses, and are refused.
 *
 * @param address the string to check
 * @returns true for `0x` + 64 hex digits, either case
 * @example
 * isSuiAddress('0x' + 'ab'.repeat(32)) // true
 * isSuiAddress('0x2') // false
 */
export function isSuiAddress(address: unknown): address is string {
  return typeof address === 'string' && /^0x[0-9a-fA-F]{64}$/.test(address)
}
