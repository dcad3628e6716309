/**
 * Formats a USD value for display only (never for arithmetic): "$1,234.56", and "<$0.01" for a
 * positive value under a cent.
 *
 * @param value - a USD amount from the blockchain API
 * @param locale - a BCP 47 locale for the separators (default en-US)
 * @returns the text, or undefined when the value is not a finite number
 * @example
 * formatUsd(1500) // '$1,500.00'
 */
export function formatUsd(value: number | undefined, locale = 'en-US'): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
  if (value > 0 && value < 0.01) return '<$0.01'
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
}
