import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { SuccessScreen, truncateAddress, useAnnounce, useFormat, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import type { SentProgress } from '../stores/SendStore.js'
import { sendFormOf } from './sendFormOf.js'
import { viewsStylesheet } from './viewsStylesheet.js'

const headings: Record<SentProgress, string> = {
  sent: 'send.success.sent',
  confirmed: 'send.success.sent',
  pending: 'toast.transactionPending',
  failed: 'toast.transactionFailed',
  unknown: 'toast.transactionUnknown',
}

/**
 * The send's success screen (WalletSendSuccess), over the Account view: the UI kit's
 * SuccessScreen following the transaction: "Transaction pending" with a spinner until the chain's
 * receipt, then "Sent" (at once where the chain plugin cannot follow a transaction), or "Transaction
 * failed"; what went where in one line ("0.5 ETH to 0x7099…79C8", the name when the form showed
 * one); the explorer link; Done, back to Account. No Back arrow: the form behind it is emptied.
 *
 * @example
 * // shown by the send plugin after the wallet sent the review's transaction
 */
export const WalletSendSuccessView = observer(function WalletSendSuccessView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  const { form, context } = sendFormOf(portico)
  const sent = form.sent
  const heading = sent ? t(headings[sent.progress]) : undefined
  useAnnounce(heading)
  // Opened with nothing sent (a stale link into the view): the account, where the Send action is.
  useEffect(() => {
    if (!sent) context.resetView('Account')
  }, [context, sent])
  if (!sent || !heading) return null
  return (
    <div className="portico-send-success">
      <SuccessScreen
        tone={sent.progress === 'pending' ? 'waiting' : sent.progress === 'failed' || sent.progress === 'unknown' ? 'error' : 'success'}
        heading={heading}
        hint={t('send.success.hint', { amount: format.exact(sent.amount, sent.symbol), receiver: sent.receiverName ?? truncateAddress(sent.receiver) })}
        {...(sent.explorer ? { explorer: { href: sent.explorer, label: t('toast.viewOnExplorer') } } : {})}
        done={{ label: t('send.success.done'), onClick: () => context.resetView('Account') }}
      />
    </div>
  )
})
