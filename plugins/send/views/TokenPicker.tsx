import { useId, useRef, useState } from 'react'
import type { TokenBalance } from '../../../kernel/kernel.js'
import { Icon, safeImageSrc, TokenSummary, useFormat, useTranslate, WalletIcon } from '../../../ui/kit.js'

/** A token's key: its CAIP-10 address, or "native". */
export const tokenKey = (token: TokenBalance | undefined) => (token ? (token.address ?? 'native') : '')

export type TokenPickerProps = {
  /** The toggle button's id (the field's `<label>` points at it). */
  id: string
  /** The field label's id: the button is named by it and the chosen token. */
  labelId: string
  tokens: readonly TokenBalance[]
  selected: TokenBalance | undefined
  onSelect: (token: TokenBalance) => void
}

/**
 * The send form's token picker: a button showing the chosen token (icon, symbol, balance) that
 * opens the list of the account's tokens, each with its icon, name, balance and USD value.
 * Choosing one closes the list and returns focus to the button.
 *
 * @example
 * <TokenPicker id={id} tokens={tokens} selected={send.token} onSelect={send.setToken} />
 */
export function TokenPicker({ id, labelId, tokens, selected, onSelect }: TokenPickerProps) {
  const t = useTranslate()
  const format = useFormat()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  return (
    <div className="portico-token-picker">
      <button
        ref={toggle}
        id={id}
        type="button"
        className="portico-token-picker__toggle"
        aria-labelledby={`${labelId} ${id}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {selected ? (
          <>
            <WalletIcon src={safeImageSrc(selected.iconUrl)} name={selected.symbol} size="small" />
            <span className="portico-token-picker__symbol">{selected.symbol}</span>
            <span className="portico-token-picker__balance">{format.amount(selected.quantity.numeric)}</span>
          </>
        ) : (
          <span className="portico-token-picker__placeholder">{t('send.form.selectToken')}</span>
        )}
        <Icon name="chevron" className="portico-token-picker__chevron" />
      </button>
      <ul id={listId} className="portico-token-picker__list" hidden={!open} aria-label={t('send.form.tokens')}>
        {tokens.map((token) => (
          <li key={tokenKey(token)}>
            <button
              type="button"
              className="portico-token-picker__option"
              aria-pressed={tokenKey(token) === tokenKey(selected)}
              onClick={() => {
                onSelect(token)
                setOpen(false)
                toggle.current?.focus()
              }}
            >
              <TokenSummary token={token} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
