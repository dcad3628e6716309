/**
 * Base units as a decimal string in whole units, exactly (no floats, trailing zeros dropped).
 *
 * @example
 * formatSuiUnits(1_500_000_000n, 9) // '1.5'
 */
export function formatSuiUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
