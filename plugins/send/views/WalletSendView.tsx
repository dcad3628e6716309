import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import type { TokenBalance } from '../../../kernel/kernel.js'
import { Button, Spinner, TokenPicker, useFormat, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { SendButtonState } from '../stores/SendStore.js'
import { sendFormOf } from './sendFormOf.js'

/** A token's key in the picker: its CAIP-10 address, or "native". */
const tokenKey = (token: TokenBalance) => token.address ?? 'native'

/**
 * The send form (WalletSend): a token picker fed by the account's token balances (icons,
 * balances, USD values), the amount (a decimal string, never a float) with "Max" and its USD
 * value while typing, and the receiver address (a warning when it is the sending account's own). The main button is
 * labelled by the form's state (`Select Token`, `Add Amount`, `Incorrect Value`, `Insufficient
 * Funds`, `Add Address`, `Invalid Address`) and only `Preview Send` opens the preview.
 *
 * @example
 * portico.open({ view: 'WalletSend' })
 */
export const WalletSendView = observer(function WalletSendView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  const ids = { token: useId(), tokenLabel: useId(), amount: useId(), amountHint: useId(), receiver: useId(), receiverHint: useId(), balance: useId(), memo: useId(), memoHint: useId(), selfHint: useId() }
  const { form: send, context } = sendFormOf(portico)
  const { accounts, networks, connections } = portico.stores
  const namespace = networks.activeNamespace
  const caipAddress = connections.caipAddress(namespace)
  const network = networks.find(connections.get(namespace).caipNetworkId) ?? networks.activeNetwork
  const account = accounts.get(namespace)
  const tokens = account.tokenBalances ?? []
  const state: SendButtonState = send.buttonState

  useEffect(() => {
    if (caipAddress) void portico.fetchTokenBalances(namespace)
  }, [portico, namespace, caipAddress])
  // A receiver typed as an address: the name registered for it is looked up while the visitor is
  // still here, so the review opens with its "To name" row in place instead of adding it.
  useEffect(() => {
    void send.nameReceiver()
  }, [send, send.receiverAddress])
  // A receiver typed as a name is resolved shortly after typing stops.
  useEffect(() => {
    if (!send.receiverIsName) return
    const timer = setTimeout(() => void send.resolveReceiver(), 300)
    return () => clearTimeout(timer)
  }, [send, send.receiver, send.receiverIsName])

  // Only where the namespace's plugin takes a memo (`meta.sendMemo`): other forms are unchanged.
  const memoRule = send.memoRule
  const memoInvalid = state === 'Memo Too Long'
  const amountInvalid = state === 'Incorrect Value' || state === 'Insufficient Funds'
  const receiverInvalid = state === 'Invalid Address'
  const resolved = send.resolved && send.receiverAddress === send.resolved.address ? send.resolved : undefined
  const receiverHint = send.nameStatus === 'failed' ? hintText('nameFailed') : send.nameStatus === 'unknown' ? hintText('nameUnknown') : hintText(state)
  const usd = send.token ? format.usdOf(send.amount, send.token.price) : undefined
  function hintText(key: string) {
    return t(`send.form.hint.${key}`, { decimals: send.decimals ?? 0, network: network?.name ?? '', bytes: send.memoBytes, max: memoRule?.maxBytes ?? 0 })
  }
  const hint = hintText

  return (
    <form
      className="portico-send"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (send.buttonState === 'Preview Send') context.pushView('WalletSendPreview')
      }}
    >
      <div className="portico-send__field">
        <label id={ids.tokenLabel} className="portico-send__label" htmlFor={ids.token}>
          {t('send.form.token')}
        </label>
        <div className="portico-send__row">
          <TokenPicker
            id={ids.token}
            label={t('send.form.token')}
            labelId={ids.tokenLabel}
            tokens={tokens.map((token) => ({ key: tokenKey(token), symbol: token.symbol, name: token.name, held: token }))}
            value={send.token ? tokenKey(send.token) : undefined}
            onChange={(key) => {
              const token = tokens.find((candidate) => tokenKey(candidate) === key)
              if (token) send.setToken(token)
            }}
            placeholder={t('send.form.selectToken')}
            variant="field"
          />
          {account.tokenBalancesLoading ? (
            <>
              <Spinner />
              <span className="portico-visually-hidden">{t('send.form.tokensLoading')}</span>
            </>
          ) : null}
        </div>
        {!account.tokenBalancesLoading && account.tokenBalances !== undefined && tokens.length === 0 ? (
          <p className="portico-send__hint">{t('send.form.noTokens', { network: network?.name ?? '' })}</p>
        ) : null}
      </div>

      <div className="portico-send__field">
        <label className="portico-send__label" htmlFor={ids.amount}>
          {t('send.form.amount')}
        </label>
        <div className="portico-send__row">
          <input
            id={ids.amount}
            className="portico-send__input portico-send__input--amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0"
            maxLength={100}
            value={send.amount}
            aria-invalid={amountInvalid || undefined}
            aria-describedby={[send.token ? ids.balance : '', amountInvalid ? ids.amountHint : ''].filter(Boolean).join(' ') || undefined}
            onChange={(event) => send.setAmount(event.target.value)}
          />
          <button type="button" className="portico-send__max" title={t('send.form.maxLabel')} disabled={!send.token} onClick={() => send.setMax()}>
            {t('send.form.max')}
          </button>
        </div>
        {send.token ? (
          <p id={ids.balance} className="portico-send__hint portico-send__hint--split">
            <span>{t('send.form.balance', { balance: format.amount(send.token.quantity.numeric, send.token.symbol) })}</span>
            {usd ? <span className="portico-send__usd">{t('send.form.usd', { value: usd })}</span> : null}
          </p>
        ) : null}
        {amountInvalid ? (
          <p id={ids.amountHint} className="portico-send__hint portico-send__hint--error">
            {hint(state)}
          </p>
        ) : null}
      </div>

      <div className="portico-send__field">
        <label className="portico-send__label" htmlFor={ids.receiver}>
          {t('send.form.receiver')}
        </label>
        <input
          id={ids.receiver}
          className="portico-send__input"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('send.form.receiverPlaceholder', { network: network?.name ?? '' })}
          maxLength={256}
          value={send.receiver}
          aria-invalid={receiverInvalid || undefined}
          aria-describedby={[receiverInvalid || resolved ? ids.receiverHint : '', send.sendsToSelf ? ids.selfHint : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const input = event.currentTarget
            const pasted = event.target.value.length - send.receiver.length > 1
            send.setReceiver(event.target.value)
            // A whole address pasted in: its start shows, not its end where the caret left the field scrolled.
            if (pasted) requestAnimationFrame(() => showStart(input))
          }}
          onBlur={(event) => showStart(event.currentTarget)}
        />
        {receiverInvalid ? (
          <p id={ids.receiverHint} className="portico-send__hint portico-send__hint--error">
            {receiverHint}
          </p>
        ) : resolved ? (
          <p id={ids.receiverHint} className="portico-send__hint portico-send__hint--resolved" role="status">
            {t('send.form.resolvedTo', { name: resolved.name, address: resolved.address })}
          </p>
        ) : null}
        {send.sendsToSelf ? (
          <p id={ids.selfHint} className="portico-send__hint portico-send__hint--warning" role="status">
            {t('send.self')}
          </p>
        ) : null}
      </div>

      {memoRule ? (
        <div className="portico-send__field">
          <label className="portico-send__label" htmlFor={ids.memo}>
            {t('send.form.memo')}
          </label>
          <input
            id={ids.memo}
            className="portico-send__input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('send.form.memoPlaceholder')}
            maxLength={256}
            value={send.memo}
            aria-invalid={memoInvalid || undefined}
            aria-describedby={ids.memoHint}
            onChange={(event) => send.setMemo(event.target.value)}
          />
          <p id={ids.memoHint} className={memoInvalid ? 'portico-send__hint portico-send__hint--error' : 'portico-send__hint'}>
            {memoInvalid ? hint('Memo Too Long') : t('send.form.memoCount', { bytes: send.memoBytes, max: memoRule.maxBytes })}
          </p>
        </div>
      ) : null}

      {send.error ? (
        <p className="portico-send__error" role="alert">
          {send.error}
        </p>
      ) : null}

      <Button type="submit" disabled={state !== 'Preview Send'}>
        {t(`send.form.state.${state}`)}
      </Button>
    </form>
  )
})

/** Scrolls a text field back to its start, so a long address shows its first characters (design.md, "What truncates"). */
function showStart(input: HTMLInputElement) {
  input.scrollLeft = 0
}
