import type { TokenBalance } from '../../../kernel/kernel.js'
import { TokenSummary } from './TokenSummary.js'

/**
 * The account's tokens: icon, name and symbol, amount (3 decimals, truncated) and USD value.
 *
 * @example
 * <TokenList tokens={account.tokenBalances ?? []} />
 */
export function TokenList({ tokens }: { tokens: readonly TokenBalance[] }) {
  return (
    <ul className="portico-token-list">
      {tokens.map((token) => (
        <li key={token.address ?? `native:${token.chainId}`} className="portico-token-list__item">
          <TokenSummary token={token} />
        </li>
      ))}
    </ul>
  )
}
