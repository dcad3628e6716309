/**
 * Shortens an address for display: `0x` addresses keep 6 characters in front (with the `0x`)
 * and 4 at the end (`0xf39F…2266`); others keep 4 and 4.
 *
 * @param address - a plain address
 * @returns the short form, or the address itself when it is already short
 * @example
 * truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'
 */
export function truncateAddress(address: string): string {
  const head = address.startsWith('0x') ? 6 : 4
  if (address.length <= head + 5) return address
  return `${address.slice(0, head)}…${address.slice(-4)}`
}
