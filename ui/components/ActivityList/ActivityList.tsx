import type { Transaction, TransactionTransfer } from '../../../kernel/index.js'
import { useFormat } from '../../hooks/useFormat.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { formatActivityTime } from '../../utils/formatActivityTime.js'
import { truncateAddress } from '../../utils/truncateAddress.js'
import { Icon } from '../Icon/Icon.js'

const directionKey = { out: 'view.account.activity.sent', in: 'view.account.activity.received', self: 'view.account.activity.self' } as const

/** What moved: "0.5 ETH", an NFT's name, or the transaction kind when no transfer is listed. */
function describeTransfer(transfer: TransactionTransfer | undefined, format: ReturnType<typeof useFormat>): string | undefined {
  if (!transfer) return undefined
  if (transfer.nft_info) return transfer.nft_info.name
  const symbol = transfer.fungible_info?.symbol
  return format.amount(transfer.quantity.numeric, symbol)
}

/**
 * The account's activity, newest first: per transaction the direction (sent, received, self),
 * what moved (amount and symbol, or the NFT's name), its status, when it was mined, and a link to
 * the block explorer when the network has one.
 *
 * @example
 * <ActivityList transactions={account.transactions ?? []} now={Date.now()} />
 */
export function ActivityList({ transactions, now }: { transactions: readonly Transaction[]; now: number }) {
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  return (
    <ul className="portico-activity">
      {transactions.map((tx) => {
        const transfer = tx.transfers?.[0]
        const more = (tx.transfers?.length ?? 0) - 1
        const direction = transfer?.direction ?? 'self'
        const what = describeTransfer(transfer, format) ?? t('view.account.activity.unknownAsset')
        const usd = transfer && !transfer.nft_info ? format.usd(transfer.value) : undefined
        const time = formatActivityTime(tx.metadata.minedAt, now, t)
        const network = portico.stores.networks.find(tx.metadata.chain)
        const href = portico.explorers.transactionUrl(network, tx.metadata.hash)
        return (
          <li key={tx.id} className="portico-activity__item" data-status={tx.metadata.status} data-direction={direction}>
            <span className={`portico-activity__badge portico-activity__badge--${direction}`} aria-hidden="true">
              <Icon name={direction === 'in' ? 'arrowDown' : direction === 'out' ? 'arrowUp' : 'swap'} />
            </span>
            <span className="portico-activity__main">
              <span className="portico-activity__title">
                {t(directionKey[direction])} <span className="portico-activity__what">{what}</span>
                {more > 0 ? <span className="portico-activity__more"> +{more}</span> : null}
              </span>
              <span className="portico-activity__meta">
                <span className={`portico-activity__status portico-activity__status--${tx.metadata.status}`}>{t(`view.account.activity.${tx.metadata.status}`)}</span>
                {time ? (
                  <>
                    {' · '}
                    <time dateTime={tx.metadata.minedAt}>{time}</time>
                  </>
                ) : null}
              </span>
            </span>
            {usd ? <span className="portico-activity__value">{usd}</span> : null}
            {href ? (
              <a className="portico-activity__link" href={href} target="_blank" rel="noopener noreferrer" aria-label={t('view.account.activity.explorer', { hash: truncateAddress(tx.metadata.hash) })} title={t('view.account.activity.explorer', { hash: truncateAddress(tx.metadata.hash) })}>
                <Icon name="external" />
              </a>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
