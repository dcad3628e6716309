import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import type { SendButtonState } from '../../../kernel/kernel.js'
import { useFormat } from '../../hooks/useFormat.js'
import { Button } from '../../components/Button/Button.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { TokenPicker } from '../../components/TokenPicker/TokenPicker.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'

/**
 * The send form (WalletSend): a token picker fed by the account's token balances (icons,
 * balances, USD values), the amount (a decimal string, never a float) with "Max" and its USD
 * value while typing, and the receiver address. The main button is
 * labelled by the form's state (`Select Token`, `Add Amount`, `Incorrect Value`, `Insufficient
 * Funds`, `Add Address`, `Invalid Address`) and only `Preview Send` opens the preview.
 *
 * @example
 * portico.open({ view: 'WalletSend' })
 */
export const WalletSendView = observer(function WalletSendView() {
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  const ids = { token: useId(), tokenLabel: useId(), amount: useId(), amountHint: useId(), receiver: useId(), receiverHint: useId(), balance: useId(), memo: useId(), memoHint: useId() }
  const { send, accounts, networks, connections, router } = portico.stores
  const namespace = networks.activeNamespace
  const caipAddress = connections.caipAddress(namespace)
  const network = networks.find(connections.get(namespace).caipNetworkId) ?? networks.activeNetwork
  const account = accounts.get(namespace)
  const tokens = account.tokenBalances ?? []
  const state: SendButtonState = send.buttonState

  useEffect(() => {
    if (caipAddress) void portico.fetchTokenBalances(namespace)
  }, [portico, namespace, caipAddress])
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
    return t(`view.walletSend.hint.${key}`, { decimals: send.decimals ?? 0, network: network?.name ?? '', bytes: send.memoBytes, max: memoRule?.maxBytes ?? 0 })
  }
  const hint = hintText

  return (
    <form
      className="portico-send"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (send.buttonState === 'Preview Send') router.push('WalletSendPreview')
      }}
    >
      <div className="portico-send__field">
        <label id={ids.tokenLabel} className="portico-send__label" htmlFor={ids.token}>
          {t('view.walletSend.token')}
        </label>
        <div className="portico-send__row">
          <TokenPicker id={ids.token} labelId={ids.tokenLabel} tokens={tokens} selected={send.token} onSelect={(token) => send.setToken(token)} />
          {account.tokenBalancesLoading ? (
            <>
              <Spinner />
              <span className="portico-visually-hidden">{t('view.walletSend.tokensLoading')}</span>
            </>
          ) : null}
        </div>
        {!account.tokenBalancesLoading && account.tokenBalances !== undefined && tokens.length === 0 ? (
          <p className="portico-send__hint">{t('view.walletSend.noTokens', { network: network?.name ?? '' })}</p>
        ) : null}
      </div>

      <div className="portico-send__field">
        <label className="portico-send__label" htmlFor={ids.amount}>
          {t('view.walletSend.amount')}
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
          <button type="button" className="portico-send__max" title={t('view.walletSend.maxLabel')} disabled={!send.token} onClick={() => send.setMax()}>
            {t('view.walletSend.max')}
          </button>
        </div>
        {send.token ? (
          <p id={ids.balance} className="portico-send__hint portico-send__hint--split">
            <span>{t('view.walletSend.balance', { balance: format.amount(send.token.quantity.numeric, send.token.symbol) })}</span>
            {usd ? <span className="portico-send__usd">{t('view.walletSend.usd', { value: usd })}</span> : null}
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
          {t('view.walletSend.receiver')}
        </label>
        <input
          id={ids.receiver}
          className="portico-send__input"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('view.walletSend.receiverPlaceholder', { network: network?.name ?? '' })}
          maxLength={256}
          value={send.receiver}
          aria-invalid={receiverInvalid || undefined}
          aria-describedby={receiverInvalid || resolved ? ids.receiverHint : undefined}
          onChange={(event) => send.setReceiver(event.target.value)}
        />
        {receiverInvalid ? (
          <p id={ids.receiverHint} className="portico-send__hint portico-send__hint--error">
            {receiverHint}
          </p>
        ) : resolved ? (
          <p id={ids.receiverHint} className="portico-send__hint portico-send__hint--resolved" role="status">
            {t('view.walletSend.resolvedTo', { name: resolved.name, address: resolved.address })}
          </p>
        ) : null}
      </div>

      {memoRule ? (
        <div className="portico-send__field">
          <label className="portico-send__label" htmlFor={ids.memo}>
            {t('view.walletSend.memo')}
          </label>
          <input
            id={ids.memo}
            className="portico-send__input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('view.walletSend.memoPlaceholder')}
            maxLength={256}
            value={send.memo}
            aria-invalid={memoInvalid || undefined}
            aria-describedby={ids.memoHint}
            onChange={(event) => send.setMemo(event.target.value)}
          />
          <p id={ids.memoHint} className={memoInvalid ? 'portico-send__hint portico-send__hint--error' : 'portico-send__hint'}>
            {memoInvalid ? hint('Memo Too Long') : t('view.walletSend.memoCount', { bytes: send.memoBytes, max: memoRule.maxBytes })}
          </p>
        </div>
      ) : null}

      {send.error ? (
        <p className="portico-send__error" role="alert">
          {send.error}
        </p>
      ) : null}

      <Button type="submit" disabled={state !== 'Preview Send'}>
        {t(`view.walletSend.state.${state}`)}
      </Button>
    </form>
  )
})
