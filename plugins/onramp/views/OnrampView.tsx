import { observer } from 'mobx-react-lite'
import { useEffect, useId, useMemo } from 'react'

import type { Portico } from '../../../kernel/kernel.js'
import { Button, Icon, Spinner, StatusPanel, SuccessScreen, useAnnounce, useLocale, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { createOnrampApi, type OnrampQuoteLine } from '../api/createOnrampApi.js'
import type { OnrampSettings } from '../onramp.js'
import { type CheckoutWindow, OnrampStore } from '../stores/OnrampStore.js'
import { restrictedTimeZones } from '../utils/restrictedTimeZones.js'

const stores = new WeakMap<Portico, OnrampStore>()

/** The visitor's IANA time zone, when the browser says. */
function visitorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** The instance's on-ramp state, created with the view's chunk the first time it opens. */
function onrampStoreOf(portico: Portico): OnrampStore {
  let store = stores.get(portico)
  if (!store) {
    const settings = portico.getStore<OnrampSettings>('onramp') ?? {}
    const base = settings.apiUrl
    const api = createOnrampApi({
      url: (path, params) => {
        if (!base) return portico.services.blockchainApi.url(path, params)
        const target = new URL(path, base)
        for (const [key, value] of Object.entries({ projectId: portico.options.projectId, ...params })) if (value !== undefined) target.searchParams.set(key, String(value))
        return target.href
      },
    })
    store = new OnrampStore(portico, api, {
      timeZone: visitorTimeZone(),
      restrictedTimeZones: settings.restrictedTimeZones ?? restrictedTimeZones,
      ...(settings.defaultFiatCurrency ? { defaultFiatCurrency: settings.defaultFiatCurrency } : {}),
      ...(settings.defaultFiatAmount ? { defaultFiatAmount: settings.defaultFiatAmount } : {}),
      ...(settings.pollIntervalMs ? { pollIntervalMs: settings.pollIntervalMs } : {}),
    })
    stores.set(portico, store)
  }
  return store
}

/**
 * Opens the checkout window at once, in the click (a window opened after an `await` is blocked):
 * blank, cut off from this page (`opener` dropped), then sent to the provider once the URL is
 * known. Undefined when the browser blocked it.
 */
function openCheckoutWindow(): CheckoutWindow | undefined {
  const opened = window.open('about:blank', 'portico-onramp', 'popup,width=480,height=760')
  if (!opened) return undefined
  try {
    opened.opener = null
  } catch {
    // Some browsers refuse; the provider's page is then still on its own origin.
  }
  return {
    get closed() {
      return opened.closed
    },
    navigate: (url) => opened.location.replace(url),
    close: () => opened.close(),
  }
}


/** One amount box of the form: its label, then its decimal input (what the visitor pays, or receives). */
function AmountInput({ id, label, placeholder, value, onChange }: { id: string; label: string; placeholder: string; value: string; onChange(value: string): void }) {
  return (
    <>
      <label className="portico-onramp__field" htmlFor={id}>
        <span>{label}</span>
      </label>
      <input id={id} className="portico-onramp__amount" inputMode="decimal" autoComplete="off" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </>
  )
}

/**
 * The on-ramp view (spec §3 on-ramp options, §7, §8, §9): choose the crypto (per network) and the
 * fiat currency, type an amount in either, compare each provider's quote (what arrives, fees,
 * payment methods and limits) or read why a provider has none, then continue in the chosen
 * provider's checkout, a popup (or, when the browser blocks it, a new tab from a link). The view
 * waits for the provider's report: the purchase completes (balances and activity refresh), fails
 * with the provider's reason, or ends with 'Popup closed' when the window closes before payment.
 * eip155 and solana only; restricted regions are told it is not available there.
 *
 * @example
 * portico.open({ view: 'OnRampProviders' })
 */
export const OnrampView = observer(function OnrampView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { locale } = useLocale()
  const money = (amount: string) => Number(amount).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  // A quote's fees: the total, then what makes it up.
  const feesOf = (q: Extract<OnrampQuoteLine, { status: 'ok' }>) =>
    t('onramp.feesDetail', { total: money(String(Number(q.providerFee.amount) + Number(q.networkFee.amount))), currency: q.paymentTotal.currency, provider: money(q.providerFee.amount), network: money(q.networkFee.amount) })
  // A payment method the provider names by id: translated when known, else its id in words.
  const methodName = (method: string) => t(`onramp.method.${method}`, undefined, method.replace(/_/g, ' '))
  const store = useMemo(() => onrampStoreOf(portico), [portico])
  const id = useId()
  const { namespace, status } = store

  useEffect(() => {
    void store.load()
  }, [store, namespace])
  // A finished purchase is not shown again: the next visit starts at the form (one still under way keeps waiting).
  useEffect(() => () => store.closeFinished(), [store])
  // New quotes shortly after the form settles.
  useEffect(() => {
    if (store.problem || status !== 'idle' || !store.options || store.quotes.length > 0) return
    const timer = setTimeout(() => void store.refreshQuotes(), 350)
    return () => clearTimeout(timer)
  }, [store, store.assetKey, store.fiatCurrency, store.amount, store.side, store.problem, store.options, store.quotes.length, status])

  const provider = store.checkout ? (store.quotes.find((q) => q.provider === store.checkout?.provider)?.name ?? store.checkout.provider) : ''
  const asset = store.asset
  useAnnounce(status === 'waiting' ? t('onramp.waiting', { provider }) : status === 'success' ? t('onramp.success') : undefined)

  if (!store.supported) {
    return (
      <div className="portico-onramp">
        <StatusPanel tone="info" heading={t('onramp.unsupported')} hint={t('onramp.unsupportedHint')} />
      </div>
    )
  }
  if (store.restricted) {
    return (
      <div className="portico-onramp">
        <StatusPanel tone="info" heading={t('onramp.restricted')} hint={t('onramp.restrictedHint')} />
      </div>
    )
  }
  if (status === 'loading') {
    return (
      <div className="portico-onramp portico-onramp--loading">
        <Spinner size="large" />
      </div>
    )
  }
  if (!store.options && status === 'error') {
    return (
      <div className="portico-onramp">
        <StatusPanel tone="error" heading={store.error ?? t('onramp.failed')}>
          <Button onClick={() => void store.load()}>{t('onramp.tryAgain')}</Button>
        </StatusPanel>
      </div>
    )
  }
  if (status === 'opening' || status === 'waiting') {
    const blocked = store.checkout?.blocked
    return (
      <div className="portico-onramp">
        <StatusPanel
          tone="waiting"
          heading={store.order?.status === 'pending' ? t('onramp.processing', { provider }) : t('onramp.waiting', { provider })}
          hint={blocked ? t('onramp.blockedHint') : t('onramp.waitingHint', { provider })}
        >
          {blocked && store.checkout ? (
            <a className="portico-onramp__link" href={store.checkout.url} target="_blank" rel="noopener noreferrer">
              {t('onramp.openTab')} <Icon name="external" />
            </a>
          ) : null}
          <Button variant="secondary" onClick={store.cancel}>
            {t('onramp.cancel')}
          </Button>
        </StatusPanel>
      </div>
    )
  }
  if (status === 'success' && store.order) {
    const network = portico.stores.networks.find(store.order.chainId)
    const explorer = store.order.txHash && network ? portico.explorers.transactionUrl(network, store.order.txHash) : undefined
    return (
      <div className="portico-onramp">
        <SuccessScreen
          heading={t('onramp.success')}
          hint={t('onramp.successHint', { amount: store.order.cryptoAmount ?? '', symbol: asset?.symbol ?? '' })}
          {...(explorer ? { explorer: { href: explorer, label: t('onramp.explorer') } } : {})}
          done={{ label: t('onramp.done'), onClick: () => portico.back() }}
          again={{ label: t('onramp.buyMore'), onClick: store.cancel }}
        />
      </div>
    )
  }
  if (status === 'failed') {
    const popupClosed = store.popupClosed
    return (
      <div className="portico-onramp">
        <StatusPanel tone="error" heading={popupClosed ? t('onramp.popupClosed') : (store.error ?? t('onramp.failed'))} hint={popupClosed ? t('onramp.popupClosedHint') : undefined}>
          <Button onClick={store.cancel}>{t('onramp.tryAgain')}</Button>
        </StatusPanel>
      </div>
    )
  }
  if (store.assets.length === 0) {
    return (
      <div className="portico-onramp">
        <StatusPanel tone="info" heading={t('onramp.unsupported')} hint={t('onramp.nothing')} />
      </div>
    )
  }

  const selected = store.selectedQuote
  const shownReceive = store.side === 'crypto' ? store.amount : selected?.status === 'ok' ? selected.purchaseAmount.amount : ''
  const shownPay = store.side === 'fiat' ? store.amount : selected?.status === 'ok' ? selected.paymentTotal.amount : ''
  return (
    <div className="portico-onramp">
      <div className="portico-onramp__row">
        <label className="portico-onramp__field">
          <span>{t('onramp.crypto')}</span>
          <select value={asset?.key ?? ''} onChange={(event) => store.setAsset(event.target.value)}>
            {store.assets.map((a) => (
              <option key={a.key} value={a.key}>
                {`${a.symbol} · ${a.chainName}`}
              </option>
            ))}
          </select>
        </label>
        <label className="portico-onramp__field">
          <span>{t('onramp.fiat')}</span>
          <select value={store.fiatCurrency} onChange={(event) => store.setFiatCurrency(event.target.value)}>
            {store.fiatCurrencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="portico-onramp__amounts">
        <AmountInput id={`${id}-pay`} label={t('onramp.amountFiat', { currency: store.fiatCurrency })} placeholder="0.00" value={shownPay} onChange={(value) => store.setAmount(value, 'fiat')} />
        <AmountInput id={`${id}-receive`} label={t('onramp.amountCrypto', { symbol: asset?.symbol ?? '' })} placeholder="0" value={shownReceive} onChange={(value) => store.setAmount(value, 'crypto')} />
        {store.limits.length > 0 ? (
          <p className="portico-onramp__limits">
            {store.limits.map((l) => t('onramp.limits', { method: methodName(l.id), min: money(l.min), max: money(l.max), currency: store.fiatCurrency })).join(' · ')}
          </p>
        ) : null}
      </div>

      {store.quotes.length === 0 && (status === 'idle' || status === 'quoting') ? (
        // Until the quotes arrive, a card of a quote's size holds their place (docs/design.md,
        // "How a view may grow"); it says when quotes are on their way.
        <div className="portico-onramp__quotes">
          <p className="portico-onramp__quotes-title" aria-hidden="true">
            {t('onramp.quotes')}
          </p>
          <div className="portico-onramp__quote portico-onramp__quote--placeholder">
            <span className="portico-onramp__quote-spacer" aria-hidden="true" />
            <span className="portico-onramp__quote-name" role="status">
              {status === 'quoting' ? t('onramp.quoting') : '\u00a0'}
            </span>
            <dl className="portico-onramp__quote-details" aria-hidden="true">
              {[t('onramp.receive'), t('onramp.fees'), t('onramp.total'), '\u00a0'].map((label, index) => (
                <div key={index}>
                  <dt>{label}</dt>
                  <dd>—</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      ) : null}
      {store.quotes.length > 0 ? (
        <fieldset className="portico-onramp__quotes">
          <legend>{t('onramp.quotes')}</legend>
          {store.quotes.map((q) => (
            <label key={q.provider} className={`portico-onramp__quote${q.status === 'out_of_limits' ? ' portico-onramp__quote--off' : ''}`}>
              <input type="radio" name={`${id}-provider`} value={q.provider} checked={store.selected === q.provider} disabled={q.status === 'out_of_limits'} onChange={() => store.select(q.provider)} />
              <span className="portico-onramp__quote-name">{q.name}</span>
              {q.status === 'ok' ? (
                <dl className="portico-onramp__quote-details" aria-label={t('onramp.quoteOf', { provider: q.name })}>
                  <div>
                    <dt>{t('onramp.receive')}</dt>
                    <dd>{`${q.purchaseAmount.amount} ${q.purchaseAmount.currency}`}</dd>
                  </div>
                  <div className="portico-onramp__fees">
                    <dt>{t('onramp.fees')}</dt>
                    {/* One line in every locale at 360 px: the total leads and stays whole, the breakdown after it gives way (whole in the title). */}
                    <dd title={feesOf(q)}>{feesOf(q)}</dd>
                  </div>
                  <div>
                    <dt>{t('onramp.total')}</dt>
                    <dd>{`${money(q.paymentTotal.amount)} ${q.paymentTotal.currency}`}</dd>
                  </div>
                  <div>
                    <dt>{q.paymentMethods.map((m) => methodName(m.id)).join(', ')}</dt>
                    <dd>{q.paymentMethods.map((m) => `${money(m.min)}–${money(m.max)}`).join(', ')}</dd>
                  </div>
                </dl>
              ) : (
                <p className="portico-onramp__quote-note">
                  {q.status === 'unavailable' ? `${t('onramp.quoteUnavailable')}: ` : ''}
                  {q.message}
                </p>
              )}
            </label>
          ))}
        </fieldset>
      ) : status === 'ready' ? (
        <p className="portico-onramp__note" role="status">
          {t('onramp.noQuotes')}
        </p>
      ) : null}

      {store.error ? (
        <p className="portico-onramp__error" role="alert">
          {store.error}
        </p>
      ) : null}

      <div className="portico-onramp__actions">
        {store.problem ? (
          <Button disabled>{t(store.problem.key, store.problem.values)}</Button>
        ) : (
          <Button disabled={!selected || status !== 'ready'} onClick={() => void store.continueCheckout(openCheckoutWindow())}>
            {selected ? t('onramp.continue', { provider: selected.name }) : (store.outOfLimits ?? t('onramp.noQuotes'))}
          </Button>
        )}
      </div>
    </div>
  )
})
