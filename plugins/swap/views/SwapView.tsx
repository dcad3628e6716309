import { observer } from 'mobx-react-lite'
import { useEffect, useId, useMemo } from 'react'

import type { Portico } from '../../../kernel/kernel.js'
import { Button, Icon, SuccessScreen, TokenPicker, type TokenPickerToken, useAnnounce, useLocale, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { createConvertApi, type SwapToken } from '../api/createConvertApi.js'
import { SwapStore } from '../stores/SwapStore.js'
import type { SwapSettings } from '../swap.js'

const stores = new WeakMap<Portico, SwapStore>()

/** The instance's swap state, created with the view's chunk the first time it opens. */
function swapStoreOf(portico: Portico): SwapStore {
  let store = stores.get(portico)
  if (!store) {
    const settings = portico.getStore<SwapSettings>('swap') ?? {}
    const base = settings.apiUrl
    const api = createConvertApi({
      url: (path, params) => {
        if (!base) return portico.services.blockchainApi.url(path, params)
        const target = new URL(path, base)
        for (const [key, value] of Object.entries({ projectId: portico.options.projectId, ...params })) if (value !== undefined) target.searchParams.set(key, String(value))
        return target.href
      },
    })
    store = new SwapStore(portico, api, { ...(settings.slippage ? { slippage: settings.slippage } : {}) })
    stores.set(portico, store)
  }
  return store
}

/** The picker's tokens: the swap list's, each with its logo and the account's holding of it. */
function pickerTokens(store: SwapStore): TokenPickerToken[] {
  return store.tokens.map((token: SwapToken) => ({ key: token.address, symbol: token.symbol, name: token.name, logoUrl: token.logoUri, held: store.balanceOf(token.address) }))
}

/** A decimal cut to 6 fraction digits, without grouping (a field's value the visitor may edit). */
function plain(value: string | undefined): string {
  if (!value) return ''
  const [whole, fraction = ''] = value.split('.')
  const kept = fraction.slice(0, 6).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : (whole ?? '')
}

/**
 * A decimal cut (not rounded) to `digits` fraction digits for display, in the locale's digits and
 * separators (amounts sent are never rounded).
 */
function short(value: string | undefined, locale: string, digits = 6): string {
  if (!value) return ''
  const [whole = '0', fraction = ''] = value.split('.')
  const kept = fraction.slice(0, digits).replace(/0+$/, '')
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, roundingMode: 'trunc' } as Intl.NumberFormatOptions)
  return format.format(Number(kept ? `${whole}.${kept}` : whole))
}

/**
 * The Swap view (spec §2): sell one of the chain's tokens for another. Amount and tokens, the
 * quote (rate, price impact, minimum received at the slippage tolerance), then Approve (a token the
 * swap may not spend yet, for exactly the amount) and Swap, each followed to its receipt; success
 * with an explorer link, failure with its reason, and the balances refreshed. A quote older than 30 s
 * is refreshed before the swap is built. Each token is chosen in a list with its icon, name and
 * the account's balance and its fiat value (the UI kit's `TokenPicker`, Send's too: a keyboard-operable listbox). Only eip155 networks swap (spec §9); others are told so.
 * A confirmed swap shows the success screen (docs/design.md: check mark, what happened, explorer
 * link, Done; no Back arrow) over a form already emptied, so no second swap is one click away.
 *
 * @example
 * portico.open({ view: 'Swap' })
 */
export const SwapView = observer(function SwapView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { locale } = useLocale()
  const store = useMemo(() => swapStoreOf(portico), [portico])
  const id = useId()
  const { namespace } = store

  useEffect(() => {
    void store.load()
  }, [store, namespace, store.chainId])
  // A new quote shortly after the form settles.
  useEffect(() => {
    if (store.problem) return
    const timer = setTimeout(() => void store.refreshQuote(), 350)
    return () => clearTimeout(timer)
  }, [store, store.from, store.to, store.side === 'sell' ? store.amount : store.receive, store.side, store.problem])

  const status = store.status
  useAnnounce(status === 'approving' ? t('swap.approving') : status === 'swapping' ? t('swap.swapping') : status === 'success' ? t('swap.success') : undefined)

  if (!store.supported) {
    return (
      <div className="portico-swap portico-swap--unsupported">
        <p className="portico-swap__note" role="status">
          <Icon name="swap" /> {t('swap.unsupported')}
        </p>
        <p className="portico-swap__hint">{t('swap.unsupportedHint')}</p>
      </div>
    )
  }

  const from = store.fromToken
  const to = store.toToken
  const held = store.balanceOf(store.from)
  const network = store.chainId ? portico.stores.networks.find(store.chainId as never) : undefined
  const explorer = store.hash && network ? portico.explorers.transactionUrl(network, store.hash) : undefined
  if (status === 'success') {
    return (
      <div className="portico-swap">
        <SuccessScreen
          heading={t('swap.success')}
          {...(explorer ? { explorer: { href: explorer, label: t('swap.explorer') } } : {})}
          done={{ label: t('swap.done'), onClick: () => portico.back() }}
          again={{ label: t('swap.again'), onClick: () => store.startOver() }}
        />
      </div>
    )
  }

  const tokens = pickerTokens(store)
  const quote = store.quote && from && to ? { from, to, priceImpact: store.quote.priceImpact } : undefined
  return (
    <div className="portico-swap">
      <div className="portico-swap__side">
        <label className="portico-swap__label" htmlFor={`${id}-amount`}>
          {t('swap.sell')}
        </label>
        <div className="portico-swap__row">
          <input
            id={`${id}-amount`}
            className="portico-swap__amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={store.amount}
            disabled={store.busy}
            onChange={(event) => store.setAmount(event.target.value)}
          />
          <TokenPicker label={t('swap.sellToken')} tokens={tokens} value={store.from} onChange={store.setFrom} disabled={store.busy} />
        </div>
        <div className="portico-swap__balance">
          <span>{t('swap.balance', { amount: held ? `${short(held.quantity.numeric, locale)} ${from?.symbol ?? ''}` : `0 ${from?.symbol ?? ''}` })}</span>
          <button type="button" className="portico-swap__max" onClick={store.setMax} disabled={store.busy || !held}>
            {t('swap.max')}
          </button>
        </div>
      </div>
      <button type="button" className="portico-swap__flip" aria-label={t('swap.flip')} onClick={store.flip} disabled={store.busy}>
        <Icon name="swap" />
      </button>
      <div className="portico-swap__side">
        <label className="portico-swap__label" htmlFor={`${id}-receive`}>
          {t('swap.buy')}
        </label>
        <div className="portico-swap__row">
          <input
            id={`${id}-receive`}
            className="portico-swap__amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={status === 'quoting' && store.side === 'sell' ? '…' : '0'}
            value={store.side === 'buy' ? store.receive : status === 'quoting' ? '' : plain(store.toAmount)}
            disabled={store.busy}
            onChange={(event) => store.setReceive(event.target.value)}
          />
          <TokenPicker label={t('swap.buyToken')} tokens={tokens} value={store.to} onChange={store.setTo} disabled={store.busy} />
        </div>
      </div>

      {/* The quote's four rows hold their place from the first frame (a dash until a quote
          arrives), so the view keeps its height while it quotes (docs/design.md, "How a view may grow"). */}
      <dl className="portico-swap__details" aria-label={quote ? t('swap.quote') : undefined} aria-hidden={quote ? undefined : true}>
        {(
          [
            [t('swap.rate'), quote ? `1 ${quote.from.symbol} = ${short(store.rate, locale)} ${quote.to.symbol}` : '—'],
            [t('swap.priceImpact'), quote?.priceImpact !== undefined ? `${(Number(quote.priceImpact) * 100).toFixed(2)}%` : '—'],
            [t('swap.minimum', { slippage: String(store.slippage) }), quote ? `${short(store.minimumReceived, locale)} ${quote.to.symbol}` : '—'],
            [t('swap.fee'), quote && store.networkFee && network ? `≈ ${short(store.networkFee.amount, locale, 8)} ${network.nativeCurrency.symbol}${store.networkFee.usd !== undefined ? ` ($${store.networkFee.usd.toFixed(2)})` : ''}` : '—'],
          ] as const
        ).map(([label, value]) => (
          // One line each: the label gives way (cut, whole in its title), the amount never.
          <div key={label}>
            <dt title={label}>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <div className="portico-swap__slippage">
        <label htmlFor={`${id}-slippage`}>{t('swap.slippage')}</label>
        <input
          id={`${id}-slippage`}
          type="number"
          min="0.1"
          max="50"
          step="0.1"
          value={store.slippage}
          disabled={store.busy}
          onChange={(event) => store.setSlippage(Number(event.target.value))}
        />
      </div>

      {store.error ? (
        <p className="portico-swap__error" role="alert">
          {store.error}
        </p>
      ) : null}

      <div className="portico-swap__actions">
        {store.stale && !store.busy ? (
          <Button variant="secondary" onClick={() => void store.refreshQuote()}>
            {t('swap.refresh')}
          </Button>
        ) : null}
        {store.problem ? (
          <Button disabled>{t(store.problem.key, store.problem.values)}</Button>
        ) : store.needsApproval && store.quote ? (
          <Button busy={status === 'approving'} disabled={store.busy} onClick={() => void store.approve()}>
            {status === 'approving' ? t('swap.approving') : t('swap.approve', { symbol: from?.symbol ?? '' })}
          </Button>
        ) : (
          <Button busy={status === 'swapping'} disabled={store.busy || !store.quote || status === 'quoting'} onClick={() => void store.swap()}>
            {status === 'swapping' ? t('swap.swapping') : t('swap.swap')}
          </Button>
        )}
      </div>
    </div>
  )
})
