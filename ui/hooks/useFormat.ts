import { useMemo } from 'react'
import { formatAmount, formatExactAmount, usdValueOf } from '../utils/formatAmount.js'
import { formatUsd } from '../utils/formatUsd.js'
import { useLocale } from './useLocale.js'

/**
 * Number formatting in the provider's locale (`Intl`): token amounts (3 decimals, truncated) and
 * USD values, with that locale's digits and separators, in every view.
 *
 * @example
 * const format = useFormat()
 * format.amount('1000000', 'pUSD') // '1,000,000.000 pUSD'
 */
export function useFormat() {
  const { locale } = useLocale()
  return useMemo(
    () => ({
      locale,
      amount: (balance: string | number | bigint | undefined | null, symbol?: string) => formatAmount(balance, symbol, locale),
      usd: (value: number | undefined) => formatUsd(value, locale),
      /** A typed amount, every decimal kept. */
      exact: (amount: string, symbol?: string) => formatExactAmount(amount, symbol, locale),
      /** The USD value of a typed amount at a price. */
      usdOf: (amount: string, price: number | undefined) => formatUsd(usdValueOf(amount, price), locale),
      /** A plain number (`1234.5` → `1,234.5`; `١٬٢٣٤٫٥` in Arabic). */
      number: (value: number | bigint, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value),
    }),
    [locale],
  )
}
