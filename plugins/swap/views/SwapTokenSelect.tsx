import type { TokenBalance } from '../../../kernel/kernel.js'
import { safeImageSrc, TokenSelect, useFormat } from '../../../ui/kit.js'
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
 * A token choice for the Swap view: the UI kit's TokenSelect (the same select-only combobox as
 * Send's), a pill, over the chain's tokens with their logos, names, the account's balances and
 * their USD values where known.
 *
 * @example
 * <SwapTokenSelect label={t('swap.sellToken')} tokens={store.tokens} value={store.from} onChange={store.setFrom} balanceOf={store.balanceOf} />
 */
export function SwapTokenSelect({ label, tokens, value, onChange, balanceOf, disabled = false }: SwapTokenSelectProps) {
  const format = useFormat()
  const options = tokens.map((token) => {
    const held = balanceOf(token.address)
    const fiat = held ? format.usd(held.value) : undefined
    return { key: token.address, symbol: token.symbol, name: token.name, iconSrc: safeImageSrc(token.logoUri), ...(held ? { balance: format.amount(held.quantity.numeric) } : {}), ...(fiat ? { fiat } : {}) }
  })
  return <TokenSelect label={label} options={options} value={value} onChange={onChange} disabled={disabled} />
}
