import { decodeStacksAddress } from './decodeStacksAddress.js'
import type { StacksAddressNetwork } from './stacksAddressVersions.js'

/**
 * Whether `value` is a Stacks account address (c32check with a valid checksum, `SP`/`SM` mainnet,
 * `ST`/`SN` testnet; 40 or 41 characters, fewer only when the hash begins with zero bytes), and, when `network` is given, one of that network.
 *
 * @param value the candidate
 * @param network `mainnet` or `testnet`, or undefined for either
 * @returns true when valid
 * @example
 * isStacksAddress('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', 'mainnet') // true
 */
export function isStacksAddress(value: unknown, network?: StacksAddressNetwork): value is string {
  const decoded = decodeStacksAddress(value)
  return decoded !== undefined && (network === undefined || decoded.network === network)
}
