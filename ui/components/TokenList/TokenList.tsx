import type { TokenBalance } from '../../../kernel/index.js'
import { useFormat } from '../../hooks/useFormat.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { safeImageSrc } from '../../utils/safeImageSrc.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

/**
 * The account's tokens: icon, name and symbol, amount (3 decimals, truncated) and USD value.
 *
 * @example
 * <TokenList tokens={account.tokenBalances ?? []} />
 */
export function TokenList({ tokens }: { tokens: readonly TokenBalance[] }) {
  const t = useTranslate()
  const format = useFormat()
  return (
    <ul className="portico-token-list">
      {tokens.map((token) => {
        const usd = format.usd(token.value)
        return (
          <li key={token.address ?? `native:${token.chainId}`} className="portico-token-list__item">
            <WalletIcon src={safeImageSrc(token.iconUrl)} name={token.symbol} size="small" />
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
          </li>
        )
      })}
    </ul>
  )
}
