/**
 * A fiat amount in cents from a decimal string with at most 2 decimals (`"50"`, `"49.5"`,
 * `"7500.00"`), or undefined when it is not one (signs, exponents, more decimals, over 10^9).
 *
 * @example
 * parseFiatCents('49.5') // 4950n
 */
export function parseFiatCents(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return undefined
  const [whole = '0', fraction = ''] = value.split('.')
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0')
  return cents <= 100_000_000_000n ? cents : undefined
}

/**
 * Cents as a decimal string with 2 decimals.
 *
 * @example
 * formatFiatCents(4950n) // '49.50'
 */
export function formatFiatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}
