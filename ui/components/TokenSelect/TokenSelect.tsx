import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Icon } from '../Icon/Icon.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

/** One token of the list: what the visitor sees of it, already formatted. */
export type TokenSelectOption = {
  /** What `value` and `onChange` speak in (a CAIP-10 address, "native"). */
  key: string
  symbol: string
  name: string
  /** The token's logo (a letter tile without one). */
  iconSrc: string | undefined
  /** The account's balance of it, formatted; absent when the account holds none. */
  balance?: string
  /** The balance's value in fiat, formatted, where the price is known. */
  fiat?: string
}

export type TokenSelectProps = {
  /** What the choice is for ("Token", "Token to pay with"): with the chosen symbol, the combobox's name. */
  label: string
  /** The id of a visible label that names the choice (the form field's `<label>`); else `label` names it unseen. */
  labelId?: string
  /** The combobox's id (a `<label htmlFor>` points at it). */
  id?: string
  options: readonly TokenSelectOption[]
  /** The chosen option's key. */
  value: string | undefined
  onChange: (key: string) => void
  /** Shown while no token is chosen ("Select token"). */
  placeholder?: string
  disabled?: boolean
  /** `pill` beside an amount (Swap); `field` a form's whole row, with the chosen token's balance (Send). */
  variant?: 'pill' | 'field'
}

/**
 * The token choice of every view (docs/design.md, "Icons"): a select-only combobox (WAI-ARIA APG)
 * showing the chosen token's icon and symbol, over a listbox of the tokens, each with its icon (a
 * letter tile when it has none), symbol, name, the account's balance and its fiat value where
 * known. Keyboard: ↓ ↑ Enter or Space open the list at the chosen token; ↓ ↑ Home End move; a
 * letter jumps to the next symbol starting with it; Enter or Space choose; Esc closes the list (the
 * modal leaves Esc to an open combobox); Tab leaves it. The list opens below its row, inside the
 * view, so nothing is cut by the modal's edge. Send's and Swap's token choices are this one.
 *
 * @example
 * <TokenSelect label="Token" options={options} value={key} onChange={setKey} placeholder="Select token" variant="field" />
 */
export function TokenSelect({ label, labelId: givenLabelId, id: givenId, options, value, onChange, placeholder, disabled = false, variant = 'pill' }: TokenSelectProps) {
  const ownId = useId()
  const id = givenId ?? `${ownId}-combobox`
  const listId = `${ownId}-list`
  const labelId = givenLabelId ?? `${ownId}-label`
  const valueId = `${ownId}-value`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const list = useRef<HTMLUListElement>(null)
  const selectedIndex = options.findIndex((option) => option.key === value)
  const selected = options[selectedIndex]
  const optionId = (index: number) => `${ownId}-option-${index}`

  const show = (index: number) => {
    setActive(Math.max(0, Math.min(options.length - 1, index)))
    setOpen(true)
  }
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(options.length - 1, index))
    setActive(next)
    list.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: 'nearest' })
  }
  const choose = (index: number) => {
    const option = options[index]
    setOpen(false)
    if (option && option.key !== value) onChange(option.key)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (options.length === 0) return
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
    else if (key === 'End' || key === 'PageDown') moveTo(options.length - 1)
    else if (key === 'Enter' || key === ' ') choose(active)
    else if (key === 'Escape') setOpen(false)
    else if (key === 'Tab') {
      setOpen(false)
      return
    } else if (key.length === 1 && /\S/.test(key)) {
      // Type-ahead: the next token whose symbol starts with the letter.
      const letter = key.toLowerCase()
      const order = [...options.keys()].map((i) => (active + 1 + i) % options.length)
      const match = order.find((i) => options[i]?.symbol.toLowerCase().startsWith(letter))
      if (match !== undefined) moveTo(match)
    } else return
    event.preventDefault()
  }

  return (
    <div className={`portico-token-select portico-token-select--${variant}`}>
      {givenLabelId ? null : (
        <span id={labelId} hidden>
          {label}
        </span>
      )}
      <button
        id={id}
        type="button"
        role="combobox"
        className="portico-token-select__toggle"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        disabled={disabled || options.length === 0}
        onClick={() => (open ? setOpen(false) : show(selectedIndex >= 0 ? selectedIndex : 0))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        {selected ? <WalletIcon src={selected.iconSrc} name={selected.symbol} size="small" mark /> : null}
        <span id={valueId} className={selected ? 'portico-token-select__symbol' : 'portico-token-select__placeholder'}>
          {selected?.symbol ?? placeholder ?? ''}
        </span>
        {variant === 'field' && selected?.balance ? <span className="portico-token-select__balance">{selected.balance}</span> : null}
        <Icon name="chevron" className="portico-token-select__chevron" />
      </button>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        className="portico-token-select__list"
        aria-labelledby={labelId}
        hidden={!open}
        // A press on an option must not take focus from the combobox (that would close the list first).
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            className={index === active ? 'portico-token-select__option portico-token-select__option--active' : 'portico-token-select__option'}
            onClick={() => choose(index)}
            onMouseMove={() => (index === active ? undefined : setActive(index))}
          >
            <WalletIcon src={option.iconSrc} name={option.symbol} mark />
            <span className="portico-token-select__names">
              <span className="portico-token-select__option-symbol">{option.symbol}</span>
              <span className="portico-token-select__name">{option.name}</span>
            </span>
            {option.balance ? (
              <span className="portico-token-select__amounts">
                <span className="portico-token-select__held">{option.balance}</span>
                {option.fiat ? <span className="portico-token-select__fiat">{option.fiat}</span> : null}
              </span>
            ) : null}
            {index === selectedIndex ? <Icon name="check" className="portico-token-select__check" /> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
