import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Button, Spinner, truncateAddress, useAnnounce, useFormat, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { sendFormOf } from './sendFormOf.js'

/** A fee to at most 9 decimals, rounded up: it is shown as "up to", so it never reads less than it is. */
function shortFee(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.')
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return amount
  let units = BigInt(whole) * 1_000_000_000n + BigInt(fraction.slice(0, 9).padEnd(9, '0'))
  if (/[1-9]/.test(fraction.slice(9))) units += 1n
  const digits = units.toString().padStart(10, '0')
  const kept = digits.slice(-9).replace(/0+$/, '')
  return kept ? `${digits.slice(0, -9)}.${kept}` : digits.slice(0, -9)
}

/**
 * The send preview (WalletSendPreview): the amount exactly (with its USD value), token, from, to,
 * the receiver's name where one is registered (typed, or looked up for the address typed:
 * `portico.lookupName`), network (a warning when the receiver is the sending account itself) and the network fee the chain plugin estimates (`estimateSendFee`; "Set by your wallet"
 * when none does) — with Slow / Normal / Fast to choose from when the plugin offers fee speeds
 * (Bitcoin) — then "Send", which
 * asks the wallet (a waiting state until it answers; it waits for the fee estimate, at most 10 s),
 * or "Cancel", back to the form. A failure
 * (the wallet rejecting, the node refusing) is shown and announced here, and the form keeps its
 * values; on success the plugin resets the form and shows the send's success screen
 * (WalletSendSuccess) over Account.
 *
 * @example
 * portico.open({ view: 'WalletSendPreview' })
 */
export const WalletSendPreviewView = observer(function WalletSendPreviewView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  const { form: send, context } = sendFormOf(portico)
  const { networks, connections, accounts } = portico.stores
  const namespace = networks.activeNamespace
  const from = connections.address(namespace)
  const network = networks.find(connections.get(namespace).caipNetworkId) ?? networks.activeNetwork
  const token = send.token

  // After a send the plugin shows its success screen over Account (sendFormOf): this view and the
  // emptied form are no longer in the history.
  const submit = () => void send.submit()

  // The network fee, when the namespace's plugin estimates it, before the wallet is asked.
  useEffect(() => {
    void send.estimateFee()
  }, [send])
  // A receiver typed as an address: the name registered for it, when a name service knows one.
  useEffect(() => {
    void send.nameReceiver()
  }, [send, send.receiverAddress])

  // The waiting state goes through the modal's live region; an error is its own alert below.
  useAnnounce(send.loading ? t('send.preview.waiting') : undefined)

  if (!token || (!send.canSend && !send.loading)) {
    return (
      <div className="portico-send-preview">
        <p className="portico-send-preview__note">{t('send.preview.incomplete')}</p>
        <Button variant="secondary" onClick={() => portico.back()}>
          {t('send.preview.edit')}
        </Button>
      </div>
    )
  }

  const amount = format.exact(send.amount, token.symbol)
  const usd = format.usdOf(send.amount, token.price)
  const rows: [string, string, string?][] = [
    [t('send.preview.amount'), amount],
    ...(usd ? [[t('send.preview.value'), t('send.form.usd', { value: usd })] as [string, string]] : []),
    [t('send.preview.token'), token.name === token.symbol ? token.symbol : `${token.name} (${token.symbol})`],
    [t('send.preview.from'), from ? truncateAddress(from) : '', from],
    ...(send.receiverDisplayName && send.receiverAddress
      ? [[t('send.preview.toName'), send.receiverDisplayName] as [string, string], [t('send.preview.to'), send.receiverAddress, send.receiverAddress] as [string, string, string]]
      : [[t('send.preview.to'), truncateAddress(send.receiver.trim()), send.receiver.trim()] as [string, string, string]]),
    [t('send.preview.network'), network?.name ?? ''],
    ...(send.memoRule && send.memo ? [[t('send.preview.memo'), send.memo] as [string, string]] : []),
  ]
  const nativePrice = (accounts.get(namespace).tokenBalances ?? []).find((balance) => balance.address === undefined)?.price
  // The fee keeps its place from the first frame (estimating, then the fee or "set by your
  // wallet"), on two lines: "up to 0.0000124 BTC", then its USD value (or nothing), so nothing
  // moves under the visitor's pointer on its way to Send; a refusal drops it for the error below.
  const feeLines: [string, string] | undefined =
    send.feeStatus === 'ready' && send.fee && send.chosenFee
      ? [t('send.preview.feeUpTo', { fee: format.exact(shortFee(send.chosenFee.fee), send.fee.symbol) }), ((usd) => (usd ? t('send.form.usd', { value: usd }) : ''))(format.usdOf(send.chosenFee.fee, nativePrice))]
      : send.feeStatus === 'wallet'
        ? [t('send.preview.feeByWallet'), '']
        : send.feeStatus !== 'failed'
          ? [t('send.preview.feeEstimating'), '']
          : undefined
  const speeds = send.feeStatus === 'ready' ? send.fee?.speeds : undefined
  // The speeds the chain plugin declares hold their place until the estimate comes (each fee
  // "Estimating…", and a line for its USD value when the currency has a price), so the review
  // does not grow under the pointer on its way to Send.
  const declaredSpeeds = portico.plugins.find((plugin) => plugin.kind === 'chain' && plugin.namespace === namespace)?.meta?.sendFeeSpeeds
  const pendingSpeeds = (send.feeStatus === 'idle' || send.feeStatus === 'estimating') && declaredSpeeds && declaredSpeeds.length > 1 ? declaredSpeeds : undefined

  return (
    <div className="portico-send-preview">
      <p className="portico-send-preview__summary">
        {t('send.preview.summary')}
        <strong className="portico-send-preview__amount">{amount}</strong>
      </p>
      <dl className="portico-send-preview__details">
        {rows.map(([label, value, full]) => (
          <div key={label} className="portico-send-preview__row">
            <dt>{label}</dt>
            <dd title={full}>
              {value}
              {full && full !== value ? <span className="portico-visually-hidden"> ({full})</span> : null}
            </dd>
          </div>
        ))}
        {feeLines ? (
          <div className="portico-send-preview__row portico-send-preview__row--fee">
            {/* One line, side by side (docs/design.md, "What truncates"): the fee is never cut, its label gives way (whole in its title). */}
            <dt title={t('send.preview.fee')}>{t('send.preview.fee')}</dt>
            <dd>
              <span className={send.feeStatus === 'ready' ? 'portico-send-preview__fee' : undefined}>{feeLines[0]}</span>
              <span className="portico-send-preview__fee-usd">{feeLines[1]}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {speeds && send.fee ? (
        <fieldset className="portico-send-preview__speeds" disabled={send.loading}>
          <legend className="portico-send-preview__speeds-legend">{t('send.preview.speed')}</legend>
          {speeds.map((option) => {
            const usd = format.usdOf(option.fee, nativePrice)
            return (
              <label key={option.speed} className="portico-send-preview__speed">
                <input type="radio" name="portico-fee-speed" value={option.speed} checked={send.feeSpeed === option.speed} onChange={() => send.setFeeSpeed(option.speed)} />
                <span className="portico-send-preview__speed-name">{t(`send.preview.speed.${option.speed}`)}</span>
                {/* The plugin's own unit where it gives one (sats), else the fee in the native currency; then its USD value. */}
                <span className="portico-send-preview__speed-fee">{option.detail ?? format.exact(shortFee(option.fee), send.fee!.symbol)}</span>
                {usd ? <span className="portico-send-preview__speed-usd">{t('send.form.usd', { value: usd })}</span> : null}
              </label>
            )
          })}
        </fieldset>
      ) : pendingSpeeds ? (
        <fieldset className="portico-send-preview__speeds" disabled aria-busy="true">
          <legend className="portico-send-preview__speeds-legend">{t('send.preview.speed')}</legend>
          {pendingSpeeds.map((speed) => (
            <label key={speed} className="portico-send-preview__speed">
              <input type="radio" name="portico-fee-speed" value={speed} checked={false} readOnly />
              <span className="portico-send-preview__speed-name">{t(`send.preview.speed.${speed}`)}</span>
              <span className="portico-send-preview__speed-fee portico-send-preview__speed-fee--pending">{t('send.preview.feeEstimating')}</span>
              {format.usdOf('1', nativePrice) ? <span className="portico-send-preview__speed-usd" /> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      {send.sendsToSelf ? (
        <p className="portico-send-preview__warning" role="status">
          {t('send.self')}
        </p>
      ) : null}
      {send.loading ? (
        <p className="portico-send-preview__waiting">
          <Spinner /> {t('send.preview.waiting')}
        </p>
      ) : null}
      {send.error ? (
        <p className="portico-send-preview__error" role="alert">
          {send.error}
        </p>
      ) : null}
      <div className="portico-send-preview__actions">
        <Button variant="secondary" disabled={send.loading} onClick={() => portico.back()}>
          {t('send.preview.cancel')}
        </Button>
        {/* Send waits for the fee from the first frame ('idle' is before the estimate starts), so the visitor sees the fee before the wallet is asked, and the button never turns from enabled to disabled under the pointer. */}
        <Button busy={send.loading} disabled={send.loading || send.feeStatus === 'idle' || send.feeStatus === 'estimating'} onClick={submit}>
          {t('send.preview.send')}
        </Button>
      </div>
    </div>
  )
})
