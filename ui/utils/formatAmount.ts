import { formatBalance } from '../../kernel/index.js'

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
  const plain = formatBalance({ balance })
  const negative = plain.startsWith('-')
  const [whole = '0', fraction = ''] = plain.replace(/^-/, '').split('.')
  const { group, decimal } = separatorsOf(locale)
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  const text = `${negative ? '-' : ''}${grouped}${decimal}${fraction}`
  return symbol ? `${text} ${symbol}` : text
}
