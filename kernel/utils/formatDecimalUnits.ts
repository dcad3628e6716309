/**
 * Formats an integer of base units as a decimal string in whole units, exactly: 1500000n with 6
 * decimals is "1.5".
 *
 * @example
 * formatDecimalUnits(12500000n, 6) // '12.5'
 */
export function formatDecimalUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals) || '0'
  const fraction = decimals > 0 ? digits.slice(-decimals).replace(/0+$/, '') : ''
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
