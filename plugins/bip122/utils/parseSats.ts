import { BitcoinAmountError } from '../errors.js'

/**
 * Parses a BTC amount (decimal string, at most 8 decimals) to sats.
 *
 * @param amount - e.g. `'0.001'`
 * @returns the sats, positive
 * @throws BitcoinAmountError for anything but a positive decimal with at most 8 decimals
 * @example
 * parseSats('0.001') // 100000n
 */
export function parseSats(amount: string): bigint {
  const match = typeof amount === 'string' && amount.length <= 32 ? /^(\d{1,16})(?:\.(\d{1,8}))?$/.exec(amount.trim()) : null
  if (!match) throw new BitcoinAmountError(`Enter a BTC amount with at most 8 decimals (got "${String(amount).slice(0, 40)}")`)
  const value = BigInt(match[1]!) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'))
  if (value <= 0n) throw new BitcoinAmountError('The amount must be more than zero')
  return value
}
