/**
 * Converts a decimal string in whole units to an integer of base units, exactly (no floats):
 * "1.5" with 6 decimals is 1500000n. Undefined for anything that is not a plain non-negative
 * decimal with at most `decimals` fraction digits ("1e3", "-1", "1.", "0x10", too many decimals).
 *
 * @example
 * parseDecimalUnits('12.5', 6) // 12500000n
 */
export function parseDecimalUnits(amount: string, decimals: number): bigint | undefined {
  if (typeof amount !== 'string' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  const match = /^(\d{1,78})(?:\.(\d{1,78}))?$/.exec(amount)
  if (!match) return undefined
  const whole = match[1] as string
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}
