import { formatBalance, type TokenBalance } from '../../../kernel/index.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { formatUsd } from '../../utils/formatUsd.js'
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
  return (
    <ul className="portico-token-list">
      {tokens.map((token) => {
        const usd = formatUsd(token.value)
        return (
          <li key={token.address ?? `native:${token.chainId}`} className="portico-token-list__item">
            <WalletIcon src={safeImageSrc(token.iconUrl)} name={token.symbol} size="small" />
            <span className="portico-token-list__name">
              <span className="portico-token-list__symbol">{token.symbol}</span>
              <span className="portico-token-list__full-name">{token.name}</span>
            </span>
            <span className="portico-token-list__amounts">
              <span className="portico-token-list__amount">{formatBalance({ balance: token.quantity.numeric, symbol: token.symbol })}</span>
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
