/**
 * A finite JavaScript number as a plain decimal string, exactly as JavaScript writes it but
 * without an exponent (`5e-7` → `'0.0000005'`, `1e21` → `'1000000000000000000000'`), so that a
 * JSON number can go through the same decimal parsing as a numeric string.
 *
 * @param value - a finite number
 * @returns the decimal string (with a leading `-` for a negative number)
 * @example
 * decimalOfNumber(49.99) // '49.99'
 * decimalOfNumber(5e-7) // '0.0000005'
 */
export function decimalOfNumber(value: number): string {
  const written = String(value)
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(written)
  if (!match) return written
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match
  const digits = whole + fraction
  const point = whole.length + Number(exponent)
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}
