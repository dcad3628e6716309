import { SolanaAmountError } from '../errors.js'

/**
 * Turns a decimal amount in whole units into the smallest unit (lamports for SOL).
 *
 * @param amount - e.g. "0.25"
 * @param decimals - e.g. 9 for SOL
 * @param symbol - for the error message
 * @returns the amount in the smallest unit
 * @throws SolanaAmountError when it is not a positive decimal, has too many decimals or exceeds a u64
 * @example
 * parseUnits('0.25', 9, 'SOL') // 250000000n
 */
export function parseUnits(amount: string, decimals: number, symbol: string): bigint {
  const match = /^(\d{1,20})(?:\.(\d{1,30}))?$/.exec(typeof amount === 'string' ? amount : '')
  if (!match) throw new SolanaAmountError(`The amount must be a positive decimal number of ${symbol}`)
  const [, whole = '0', fraction = ''] = match
  if (fraction.replace(/0+$/, '').length > decimals) throw new SolanaAmountError(`${symbol} has ${decimals} decimals; the amount has more`)
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt((fraction.padEnd(decimals, '0').slice(0, decimals)) || '0')
  if (value <= 0n) throw new SolanaAmountError('The amount must be more than zero')
  if (value >= 2n ** 64n) throw new SolanaAmountError('The amount is too large')
  return value
}
