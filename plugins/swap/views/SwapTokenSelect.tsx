import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { TokenBalance } from '../../../kernel/kernel.js'
import { Icon, safeImageSrc, useFormat, WalletIcon } from '../../../ui/kit.js'
import type { SwapToken } from '../api/createConvertApi.js'

export type SwapTokenSelectProps = {
  /** What the choice is for ("Token to pay with"): the combobox's name, with the chosen symbol. */
  label: string
  tokens: readonly SwapToken[]
  /** The chosen token's address. */
  value: string | undefined
  onChange: (address: string) => void
  /** The account's balance of a token, shown beside it when it holds some. */
  balanceOf: (address: string) => TokenBalance | undefined
  disabled?: boolean
}

/**
 * A token choice for the Swap view: a select-only combobox (WAI-ARIA APG) showing the chosen
 * token's icon and symbol, whose list shows each token's icon (a letter tile when it has none),
 * symbol, name and the account's balance. Keyboard: ↓ ↑ Enter or Space open the list at the
 * chosen token; ↓ ↑ Home End move; a letter jumps to the next symbol starting with it; Enter or
 * Space choose; Esc closes the list (not the modal); Tab leaves it. The list shows below its row
 * (it wraps there), so nothing is cut by the modal's edge.
 *
 * @example
 * <SwapTokenSelect label={t('swap.sellToken')} tokens={store.tokens} value={store.from} onChange={store.setFrom} balanceOf={store.balanceOf} />
 */
export function SwapTokenSelect({ label, tokens, value, onChange, balanceOf, disabled = false }: SwapTokenSelectProps) {
  const format = useFormat()
  const id = useId()
  const listId = `${id}-list`
  const labelId = `${id}-label`
  const valueId = `${id}-value`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const list = useRef<HTMLUListElement>(null)
  const selectedIndex = tokens.findIndex((token) => token.address === value)
  const selected = tokens[selectedIndex]
  const optionId = (index: number) => `${id}-option-${index}`

  const show = (index: number) => {
    setActive(Math.max(0, Math.min(tokens.length - 1, index)))
    setOpen(true)
  }
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(tokens.length - 1, index))
    setActive(next)
    list.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: 'nearest' })
  }
  const choose = (index: number) => {
    const token = tokens[index]
    setOpen(false)
    if (token && token.address !== value) onChange(token.address)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (tokens.length === 0) return
    const key = event.key
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        event.preventDefault()
        show(selectedIndex >= 0 ? selectedIndex : 0)
      }
      return
    }
    if (key === 'ArrowDown') moveTo(active + 1)
    else if (key === 'ArrowUp') moveTo(active - 1)
    else if (key === 'Home' || key === 'PageUp') moveTo(0)
    else if (key === 'End' || key === 'PageDown') moveTo(tokens.length - 1)
    else if (key === 'Enter' || key === ' ') choose(active)
    else if (key === 'Escape') setOpen(false)
    else if (key === 'Tab') {
      setOpen(false)
      return
    } else if (key.length === 1 && /\S/.test(key)) {
      // Type-ahead: the next token whose symbol starts with the letter.
      const letter = key.toLowerCase()
      const order = [...tokens.keys()].map((i) => (active + 1 + i) % tokens.length)
      const match = order.find((i) => tokens[i]?.symbol.toLowerCase().startsWith(letter))
      if (match !== undefined) moveTo(match)
    } else return
    event.preventDefault()
  }

  return (
    <>
      <span id={labelId} hidden>
        {label}
      </span>
      <button
        type="button"
        role="combobox"
        className="portico-swap-token"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        disabled={disabled || tokens.length === 0}
        onClick={() => (open ? setOpen(false) : show(selectedIndex >= 0 ? selectedIndex : 0))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        {selected ? <WalletIcon src={safeImageSrc(selected.logoUri)} name={selected.symbol} size="small" /> : null}
        <span id={valueId} className="portico-swap-token__symbol">
          {selected?.symbol ?? ''}
        </span>
        <Icon name="chevron" className="portico-swap-token__chevron" />
      </button>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        className="portico-swap-token__list"
        aria-labelledby={labelId}
        hidden={!open}
        // A press on an option must not take focus from the combobox (that would close the list first).
        onMouseDown={(event) => event.preventDefault()}
      >
        {tokens.map((token, index) => {
          const held = balanceOf(token.address)
          return (
            <li
              key={token.address}
              id={optionId(index)}
              role="option"
              aria-selected={index === selectedIndex}
              className={index === active ? 'portico-swap-token__option portico-swap-token__option--active' : 'portico-swap-token__option'}
              onClick={() => choose(index)}
              onMouseMove={() => (index === active ? undefined : setActive(index))}
            >
              <WalletIcon src={safeImageSrc(token.logoUri)} name={token.symbol} />
              <span className="portico-swap-token__names">
                <span className="portico-swap-token__option-symbol">{token.symbol}</span>
                <span className="portico-swap-token__name">{token.name}</span>
              </span>
              {held ? <span className="portico-swap-token__held">{format.amount(held.quantity.numeric)}</span> : null}
              {index === selectedIndex ? <Icon name="check" className="portico-swap-token__check" /> : null}
            </li>
          )
        })}
      </ul>
    </>
  )
}
