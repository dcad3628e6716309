import type { TokenBalance } from '../../../kernel/kernel.js'
import { useFormat } from '../../hooks/useFormat.js'
import { safeImageSrc } from '../../utils/safeImageSrc.js'
import { TokenSelect, type TokenSelectProps } from '../TokenSelect/TokenSelect.js'

/** A token the picker offers, with the account's holding of it. */
export type TokenPickerToken = {
  /** What `value` and `onChange` speak in (a CAIP-10 address, "native"). */
  key: string
  symbol: string
  name: string
  /** The token list's logo (a swap API's `logoUri`); without one, the holding's `iconUrl`. */
  logoUrl?: string | undefined
  /** The account's balance of it: shown with its fiat value where the price is known; absent when it holds none. */
  held?: TokenBalance | undefined
}

/** The TokenSelect's props (label, value, onChange, variant, …), with the tokens instead of its options. */
export type TokenPickerProps = Omit<TokenSelectProps, 'options'> & {
  tokens: readonly TokenPickerToken[]
}

/**
 * The token picker of Send and Swap: a {@link TokenSelect} over tokens and the account's holdings,
 * each option with the token's logo (the token list's, else the one the balances carry; a letter
 * tile without either), its symbol, name, the balance in the locale's digits with its symbol, and
 * its fiat value where a price is known.
 *
 * @param props - the TokenSelect's props, with `tokens` instead of `options`
 * @returns the combobox and its listbox
 * @example
 * <TokenPicker label="Token to pay with" tokens={tokens.map((t) => ({ key: t.address, symbol: t.symbol, name: t.name, logoUrl: t.logoUri, held: balanceOf(t.address) }))} value={from} onChange={setFrom} />
 */
export function TokenPicker({ tokens, ...select }: TokenPickerProps) {
  const format = useFormat()
  const options = tokens.map(({ key, symbol, name, logoUrl, held }) => {
    const fiat = held ? format.usd(held.value) : undefined
    return {
      key,
      symbol,
      name,
      iconSrc: safeImageSrc(logoUrl) ?? safeImageSrc(held?.iconUrl),
      ...(held ? { balance: format.amount(held.quantity.numeric, symbol) } : {}),
      ...(fiat ? { fiat } : {}),
    }
  })
  return <TokenSelect {...select} options={options} />
}
