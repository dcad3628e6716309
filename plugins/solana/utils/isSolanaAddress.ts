import { base58 } from '@scure/base'

const base58Pattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Whether a value is a Solana address: base58 (Bitcoin alphabet), 32 to 44 characters, decoding
 * to exactly 32 bytes. Off-curve addresses (program-derived addresses) are valid recipients.
 *
 * @param address - anything
 * @returns true for a Solana address
 * @example
 * isSolanaAddress('11111111111111111111111111111111') // true
 * isSolanaAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // false
 */
export function isSolanaAddress(address: unknown): address is string {
  if (typeof address !== 'string' || !base58Pattern.test(address)) return false
  try {
    return base58.decode(address).length === 32
  } catch {
    return false
  }
}
