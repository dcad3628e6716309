/**
 * Formats an amount in the smallest unit as a decimal string in whole units, without rounding.
 *
 * @param value - e.g. 250000000n lamports
 * @param decimals - e.g. 9
 * @returns e.g. "0.25"
 * @example
 * formatUnits(1_500_000_000n, 9) // '1.5'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
