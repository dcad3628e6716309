import { useMemo } from 'react'
import { formatAmount, formatExactAmount, usdValueOf } from '../utils/formatAmount.js'
import { formatUsd } from '../utils/formatUsd.js'
import { useTranslate } from './useTranslate.js'

/**
 * Number formatting bound to the locale of the provider's messages (`format.locale`): token
 * amounts (3 decimals, truncated) and USD values, with that locale's separators, in every view.
 *
 * @example
 * const format = useFormat()
 * format.amount('1000000', 'pUSD') // '1,000,000.000 pUSD'
 */
export function useFormat() {
  const t = useTranslate()
  const locale = t('format.locale')
  return useMemo(
    () => ({
      amount: (balance: string | number | bigint | undefined | null, symbol?: string) => formatAmount(balance, symbol, locale),
      usd: (value: number | undefined) => formatUsd(value, locale),
      /** A typed amount, every decimal kept. */
      exact: (amount: string, symbol?: string) => formatExactAmount(amount, symbol, locale),
      /** The USD value of a typed amount at a price. */
      usdOf: (amount: string, price: number | undefined) => formatUsd(usdValueOf(amount, price), locale),
    }),
    [locale],
  )
}
