import type { TokenBalance } from '../../../kernel/kernel.js'
import { safeImageSrc, TokenSelect, useFormat, useTranslate } from '../../../ui/kit.js'

/** A token's key: its CAIP-10 address, or "native". */
export const tokenKey = (token: TokenBalance | undefined) => (token ? (token.address ?? 'native') : '')

export type TokenPickerProps = {
  /** The combobox's id (the field's `<label>` points at it). */
  id: string
  /** The field label's id: the combobox is named by it and the chosen token. */
  labelId: string
  tokens: readonly TokenBalance[]
  selected: TokenBalance | undefined
  onSelect: (token: TokenBalance) => void
}

/**
 * The send form's token choice: the UI kit's TokenSelect (the same select-only combobox as
 * Swap's), the form row's width, showing the chosen token's icon, symbol and balance, over the
 * account's tokens with their icons, names, balances and USD values; operable from the keyboard
 * (arrows, Home/End, type-ahead, Enter, Esc).
 *
 * @example
 * <TokenPicker id={id} labelId={labelId} tokens={tokens} selected={send.token} onSelect={send.setToken} />
 */
export function TokenPicker({ id, labelId, tokens, selected, onSelect }: TokenPickerProps) {
  const t = useTranslate()
  const format = useFormat()
  const options = tokens.map((token) => {
    const fiat = format.usd(token.value)
    return { key: tokenKey(token), symbol: token.symbol, name: token.name, iconSrc: safeImageSrc(token.iconUrl), balance: format.amount(token.quantity.numeric, token.symbol), ...(fiat ? { fiat } : {}) }
  })
  return (
    <TokenSelect
      id={id}
      label={t('send.form.token')}
      labelId={labelId}
      options={options}
      value={selected ? tokenKey(selected) : undefined}
      onChange={(key) => {
        const token = tokens.find((candidate) => tokenKey(candidate) === key)
        if (token) onSelect(token)
      }}
      placeholder={t('send.form.selectToken')}
      variant="field"
    />
  )
}
