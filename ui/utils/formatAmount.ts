import { formatBalance } from '../../kernel/kernel.js'

const separatorsCache = new Map<string, { group: string; decimal: string }>()

function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separatorsCache.get(locale)
  if (!found) {
    let parts: Intl.NumberFormatPart[]
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(1234567.5)
    } catch {
      parts = new Intl.NumberFormat('en-US').formatToParts(1234567.5)
    }
    found = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' }
    separatorsCache.set(locale, found)
  }
  return found
}

/**
 * The one amount formatter of the views: the spec's truncation (3 decimals, never rounded, see
 * `formatBalance`) written with the locale's group and decimal separators. Exact for any size
 * (digits are regrouped as text, never through a float).
 *
 * @param balance - a decimal string in whole units, a number or a bigint
 * @param symbol - appended after a space when given
 * @param locale - a BCP 47 locale (the `format.locale` string of the UI's messages)
 * @returns e.g. "1,000,000.000 pUSD" in en-US, "1.000.000,000 pUSD" in de-DE
 * @example
 * formatAmount('9999.99999', 'ETH', 'en-US') // '9,999.999 ETH'
 */
export function formatAmount(balance: string | number | bigint | undefined | null, symbol: string | undefined, locale: string): string {
  return localize(formatBalance({ balance }), symbol, locale)
}

/** A plain decimal string ("-1234.5") with the locale's separators, and the symbol after a space. */
function localize(plain: string, symbol: string | undefined, locale: string): string {
  const negative = plain.startsWith('-')
  const [whole = '0', fraction] = plain.replace(/^-/, '').split('.')
  const { group, decimal } = separatorsOf(locale)
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  const text = `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `${decimal}${fraction}` : ''}`
  return symbol ? `${text} ${symbol}` : text
}

/**
 * An amount the visitor typed, exactly (every decimal kept, nothing truncated: the Review shows
 * what will be sent), with the locale's separators. Text that is not a plain decimal is shown as
 * it is.
 *
 * @param amount - a decimal string such as "1250.5"
 * @example
 * formatExactAmount('1250.123456', 'pUSD', 'en-US') // '1,250.123456 pUSD'
 */
export function formatExactAmount(amount: string, symbol: string | undefined, locale: string): string {
  const trimmed = amount.trim()
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return symbol ? `${trimmed} ${symbol}` : trimmed
  return localize(trimmed.replace(/^0+(?=\d)/, ''), symbol, locale)
}

/**
 * The USD value of an amount at a price, for display while typing (a float is fine here: it is
 * never used to compute what is sent); undefined when either is missing or not positive.
 *
 * @example
 * usdValueOf('2', 1.25) // 2.5
 */
export function usdValueOf(amount: string, price: number | undefined): number | undefined {
  const trimmed = amount.trim()
  if (!/^\d*\.?\d+$/.test(trimmed) || typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return undefined
  const value = Number(trimmed) * price
  return Number.isFinite(value) && value > 0 ? value : undefined
}
