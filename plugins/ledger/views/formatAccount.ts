import type { BalanceResult } from '../../../kernel/kernel.js'

/** `0x1234…abcd`: the start and end of an address, for a row. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/**
 * A balance for a row, at most 4 decimals, cut (never rounded up) from the decimal string.
 *
 * @example
 * formatBalance({ balance: '100.123456', symbol: 'ETH' }) // '100.1234 ETH'
 */
export function formatBalance(result: BalanceResult): string {
  const [whole = '0', fraction = ''] = result.balance.split('.')
  const cut = fraction.slice(0, 4).replace(/0+$/, '')
  return `${whole}${cut ? `.${cut}` : ''} ${result.symbol}`.trim()
}
