/**
 * µSTX (or a token's base units) to a decimal string (`1500000n, 6` → `'1.5'`).
 *
 * @example
 * formatStacksUnits(1_500_000n, 6) // '1.5'
 */
export function formatStacksUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
