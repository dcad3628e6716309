import type { TokenBalance } from '../../../kernel/kernel.js'
import { useFormat } from '../../hooks/useFormat.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { safeImageSrc } from '../../utils/safeImageSrc.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

/**
 * One token's icon, symbol and name, amount (the shared formatter) and USD value: the content of
 * a Tokens tab row and of a token picker option.
 *
 * @example
 * <li className="portico-token-list__item"><TokenSummary token={token} /></li>
 */
export function TokenSummary({ token }: { token: TokenBalance }) {
  const t = useTranslate()
  const format = useFormat()
  const usd = format.usd(token.value)
  return (
    <>
      <WalletIcon src={safeImageSrc(token.iconUrl)} name={token.symbol} size="small" mark />
      <span className="portico-token-list__name">
        <span className="portico-token-list__symbol">{token.symbol}</span>
        <span className="portico-token-list__full-name">{token.name}</span>
      </span>
      <span className="portico-token-list__amounts">
        <span className="portico-token-list__amount">{format.amount(token.quantity.numeric, token.symbol)}</span>
        {usd ? (
          <span className="portico-token-list__value">
            <span className="portico-visually-hidden">{t('view.account.tokens.value')} </span>
            {usd}
          </span>
        ) : null}
      </span>
    </>
  )
}
