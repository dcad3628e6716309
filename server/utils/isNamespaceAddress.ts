import { isAddress } from 'viem'
import { isAccountAddress } from './isAccountAddress.js'

const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Whether a plain address fits a chain namespace: an EVM address for eip155 (any case, checksum
 * not enforced), base58 of 32–44 characters for solana, `0x` + 64 hex for sui, base58 of 46–50 characters (SS58) for polkadot, and the shape of some known address
 * not enforced), base58 of 32–44 characters for solana, `0x` + 64 hex for sui, a c32 address for stacks, and the shape of some known address
 * otherwise.
 *
 * @param namespace - the CAIP-2 namespace, e.g. `eip155`
 * @param address - the plain address
 * @returns true when it fits
 * @example
 * isNamespaceAddress('eip155', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 */
export function isNamespaceAddress(namespace: string, address: string): boolean {
  if (namespace === 'eip155') return isAddress(address, { strict: false })
  if (namespace === 'solana') return solanaAddress.test(address)
  if (namespace === 'sui') return /^0x[0-9a-fA-F]{64}$/.test(address)
  // SS58 (its checksum is checked where the address is used)
  if (namespace === 'polkadot') return /^[1-9A-HJ-NP-Za-km-z]{46,50}$/.test(address)
  // c32check: S, the version (P, M, T, N), up to 39 c32 characters (38 or 39 for a key's hash; the checksum is the node's to check).
  if (namespace === 'stacks') return /^S[PMTN][0-9A-HJKMNP-TV-Z]{26,39}$/.test(address)
  return isAccountAddress(address)
}
