import type { Transaction, TransactionTransfer } from '../../../kernel/kernel.js'
import { useFormat } from '../../hooks/useFormat.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { formatActivityTime } from '../../utils/formatActivityTime.js'
import { safeImageSrc } from '../../utils/safeImageSrc.js'
import { truncateAddress } from '../../utils/truncateAddress.js'
import { activityKind } from '../../utils/activityKind.js'
import { Icon } from '../Icon/Icon.js'

const kindKey = { out: 'view.account.activity.sent', in: 'view.account.activity.received', self: 'view.account.activity.self', minted: 'view.account.activity.minted' } as const

/** What moved: "0.5 ETH" (the shared amount formatter), an NFT's name, or nothing when no transfer is listed. */
function describeTransfer(transfer: TransactionTransfer | undefined, format: ReturnType<typeof useFormat>): string | undefined {
  if (!transfer) return undefined
  if (transfer.nft_info) return transfer.nft_info.name
  return format.amount(transfer.quantity.numeric, transfer.fungible_info?.symbol)
}

/** The other side of a transfer: who received what was sent, who sent what was received. */
function counterparty(tx: Transaction, transfer: TransactionTransfer | undefined): string | undefined {
  const direction = transfer?.direction ?? 'self'
  if (direction === 'self') return undefined
  const address = direction === 'out' ? (transfer?.recipient ?? tx.metadata.sentTo) : (transfer?.sender ?? tx.metadata.sentFrom)
  return typeof address === 'string' && address ? address : undefined
}

/**
 * The account's activity, newest first: per transaction the token's icon with the direction
 * (sent, received, self; a transfer in from the zero address reads "Minted", with no sender), the counterparty, its status (shown when pending or failed; confirmed only
 * to screen readers) and when it was mined, what moved (the
 * whole amount with its symbol, never cut, and its USD value; an NFT's name wraps to two lines at
 * most, its full name in the title), and a link to the block explorer
 * when the network has one.
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
        const kind = activityKind(tx, transfer)
        const what = describeTransfer(transfer, format) ?? t('view.account.activity.unknownAsset')
        const usd = transfer && !transfer.nft_info ? format.usd(transfer.value) : undefined
        const time = formatActivityTime(tx.metadata.minedAt, now, format.locale)
        const network = portico.stores.networks.find(tx.metadata.chain)
        const href = portico.explorers.transactionUrl(network, tx.metadata.hash)
        const other = kind === 'minted' ? undefined : counterparty(tx, transfer)
        const icon = safeImageSrc(transfer?.fungible_info?.icon?.url ?? transfer?.nft_info?.content?.preview?.url)
        return (
          <li key={tx.id} className="portico-activity__item" data-status={tx.metadata.status} data-direction={direction}>
            <span className="portico-activity__picture" aria-hidden="true">
              {icon ? <img className="portico-activity__token" src={icon} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" draggable={false} /> : null}
              <span className={`portico-activity__badge portico-activity__badge--${direction}${icon ? ' portico-activity__badge--small' : ''}`}>
                <Icon name={direction === 'in' ? 'arrowDown' : direction === 'out' ? 'arrowUp' : 'swap'} />
              </span>
            </span>
            <span className="portico-activity__main">
              <span className="portico-activity__line">
                <span className="portico-activity__title">{t(kindKey[kind])}</span>
                <span className={`portico-activity__what${transfer?.nft_info ? ' portico-activity__what--name' : ''}`} title={transfer?.nft_info ? what : undefined}>
                  {what}
                  {more > 0 ? <span className="portico-activity__more"> +{more}</span> : null}
                </span>
              </span>
              <span className="portico-activity__line">
                <span className="portico-activity__meta">
                  {other ? (
                    <span className="portico-activity__party" title={other}>
                      {t(direction === 'out' ? 'view.account.activity.to' : 'view.account.activity.from', { address: truncateAddress(other) })}
                    </span>
                  ) : null}
                  {/* Confirmed is the usual case: said to screen readers, shown only when pending or failed. */}
                  {tx.metadata.status === 'confirmed' ? (
                    <span className="portico-visually-hidden">{` · ${t('view.account.activity.confirmed')}`}</span>
                  ) : (
                    <>
                      {other ? ' · ' : null}
                      <span className={`portico-activity__status portico-activity__status--${tx.metadata.status}`}>{t(`view.account.activity.${tx.metadata.status}`)}</span>
                    </>
                  )}
                  {time ? (
                    <>
                      {other || tx.metadata.status !== 'confirmed' ? ' · ' : null}
                      <time dateTime={tx.metadata.minedAt}>{time}</time>
                    </>
                  ) : null}
                </span>
                {usd ? <span className="portico-activity__value">{usd}</span> : null}
              </span>
            </span>
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
