export type FormatBalanceParameters = { balance: string | number | bigint | undefined | null; symbol?: string; decimals?: number }

/** Turns a number into a plain decimal string (no exponent), or undefined. */
function toDecimalString(value: string | number | bigint): string | undefined {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
  }
  const text = value.trim()
  if (/^[-+]?\d+(\.\d*)?$/.test(text) || /^[-+]?\.\d+$/.test(text)) return text
  if (/^[-+]?\d+(\.\d+)?e[-+]?\d+$/i.test(text) && text.length < 64) return toDecimalString(Number(text))
  return undefined
}

/**
 * Formats a balance for display: truncated, never rounded, to 3 decimals; `0.000` when the
 * balance is empty, zero or not a number (spec §5).
 *
 * @param parameters.balance - a decimal string in whole units (e.g. "1.23456"), a number or a bigint
 * @param parameters.symbol - appended after a space when given
 * @returns e.g. "1.234 ETH"
 * @example
 * formatBalance({ balance: '1.23999', symbol: 'ETH' }) // '1.239 ETH'
 */
export function formatBalance({ balance, symbol, decimals = 3 }: FormatBalanceParameters): string {
  const zero = `0.${'0'.repeat(decimals)}`
  let out = zero
  if (balance !== undefined && balance !== null && balance !== '') {
    const text = toDecimalString(balance)
    if (text !== undefined) {
      const negative = text.startsWith('-')
      const unsigned = text.replace(/^[-+]/, '')
      const [whole = '0', fraction = ''] = unsigned.split('.')
      const integer = whole.replace(/^0+(?=\d)/, '') || '0'
      const digits = fraction.slice(0, decimals).padEnd(decimals, '0')
      const formatted = `${integer}.${digits}`
      if (formatted !== zero) out = `${negative ? '-' : ''}${formatted}`
    }
  }
  return symbol ? `${out} ${symbol}` : out
}
