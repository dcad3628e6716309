import { makeAutoObservable, observableRef, runInAction } from 'mobx'

import { parseDecimalUnits, type Portico } from '../../../kernel/kernel.js'
import type { OnrampApi, OnrampAssetOption, OnrampOptions, OnrampOrder, OnrampQuoteLine } from '../api/createOnrampApi.js'
import { OnrampOrderFailedError, OnrampOutOfLimitsError, OnrampPopupClosedError } from '../errors.js'

/** Where a purchase stands: options loading, the form, quotes on their way, the checkout open, done or failed. */
export type OnrampStatus = 'loading' | 'idle' | 'quoting' | 'ready' | 'opening' | 'waiting' | 'success' | 'failed' | 'error'

/** The checkout window as the view opened it: whether it is still open, where to send it, how to close it. */
export type CheckoutWindow = { readonly closed: boolean; navigate(url: string): void; close(): void }

export type OnrampStoreDependencies = {
  /** The visitor's IANA time zone (from `Intl`), and the zones where buying is not available. */
  timeZone: string | undefined
  restrictedTimeZones: readonly string[]
  defaultFiatCurrency?: string
  defaultFiatAmount?: string
  pollIntervalMs?: number
  setTimeout?: (run: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
}

/** Why no quote can be asked for: a key of the plugin's strings (`messages.ts`) and the values it takes. */
export type OnrampProblem = {
  key: 'onramp.problem.selectAsset' | 'onramp.problem.enterAmount' | 'onramp.problem.fiatDecimals' | 'onramp.problem.cryptoDecimals'
  values?: { symbol: string; decimals: number }
}

/**
 * The on-ramp view's state (spec §2, §3 on-ramp options): the assets the server's providers sell
 * on the active namespace's networks, the fiat currency and the amount (in fiat or in the crypto),
 * each provider's quote or why there is none, the chosen provider, and the checkout: its URL and
 * order from the server, the window the view opened (or none when the browser blocked it), and
 * the order's status polled until the provider reports it completed or failed.
 */
export class OnrampStore {
  options: OnrampOptions | undefined = undefined
  status: OnrampStatus = 'loading'
  assetKey: string | undefined = undefined
  fiatCurrency: string
  side: 'fiat' | 'crypto' = 'fiat'
  amount: string
  paymentMethod = 'card'
  quotes: OnrampQuoteLine[] = []
  selected: string | undefined = undefined
  /** What went wrong last (cleared when the form changes or the visitor tries again). */
  failure: unknown = undefined
  /** The checkout: its URL (shown as a link when the popup was blocked), order and whether a window is open. */
  checkout: { url: string; orderId: string; provider: string; blocked: boolean } | undefined = undefined
  order: OnrampOrder | undefined = undefined
  #sequence = 0
  #window: CheckoutWindow | undefined = undefined
  #timer: unknown = undefined
  readonly #deps: Required<Omit<OnrampStoreDependencies, 'timeZone' | 'defaultFiatAmount'>> & Pick<OnrampStoreDependencies, 'timeZone'>

  constructor(
    private readonly portico: Portico,
    private readonly api: OnrampApi,
    deps: OnrampStoreDependencies,
  ) {
    this.#deps = {
      timeZone: deps.timeZone,
      restrictedTimeZones: deps.restrictedTimeZones,
      defaultFiatCurrency: deps.defaultFiatCurrency ?? 'USD',
      pollIntervalMs: deps.pollIntervalMs ?? 1000,
      setTimeout: deps.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms)),
      clearTimeout: deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)),
    }
    this.fiatCurrency = this.#deps.defaultFiatCurrency
    this.amount = deps.defaultFiatAmount ?? ''
    makeAutoObservable<OnrampStore, 'portico' | 'api'>(this, { portico: false, api: false, failure: observableRef }, { autoBind: true })
  }

  get namespace(): string {
    return this.portico.stores.networks.activeNamespace
  }
  get address(): string | undefined {
    return this.portico.stores.connections.address(this.namespace)
  }
  /** Spec §9: on-ramp chains are eip155 and solana. */
  get supported(): boolean {
    return this.namespace === 'eip155' || this.namespace === 'solana'
  }
  /** Whether the visitor's time zone is one of the restricted regions'. */
  get restricted(): boolean {
    const zone = this.#deps.timeZone?.toLowerCase()
    return !!zone && this.#deps.restrictedTimeZones.some((z) => z.toLowerCase() === zone)
  }
  /** The assets sold on the site's networks of the active namespace, the active network's first. */
  get assets(): OnrampAssetOption[] {
    const networks = this.portico.stores.networks.networksOf(this.namespace).map((n) => n.caipNetworkId as string)
    const active = this.portico.stores.connections.get(this.namespace).caipNetworkId
    return (this.options?.assets ?? []).filter((a) => networks.includes(a.chainId)).sort((a, b) => Number(b.chainId === active) - Number(a.chainId === active))
  }
  get asset(): OnrampAssetOption | undefined {
    return this.assets.find((a) => a.key === this.assetKey) ?? this.assets[0]
  }
  get fiatCurrencies(): string[] {
    return (this.options?.fiatCurrencies ?? []).map((c) => c.id)
  }
  /** The limits of the payment methods in the chosen fiat currency (what every provider together takes). */
  get limits() {
    return this.options?.fiatCurrencies.find((c) => c.id === this.fiatCurrency)?.limits ?? []
  }
  /** Why no quote can be asked for (a key of the plugin's strings, `messages.ts`, and its values), or undefined. */
  get problem(): OnrampProblem | undefined {
    const asset = this.asset
    if (!asset) return { key: 'onramp.problem.selectAsset' }
    const value = this.amount.trim()
    if (!value) return { key: 'onramp.problem.enterAmount' }
    if (this.side === 'fiat') {
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(value) || Number(value) <= 0) return { key: 'onramp.problem.fiatDecimals' }
    } else {
      const units = parseDecimalUnits(value, asset.decimals)
      if (units === undefined || units <= 0n) return { key: 'onramp.problem.cryptoDecimals', values: { symbol: asset.symbol, decimals: asset.decimals } }
    }
    return undefined
  }
  get selectedQuote(): OnrampQuoteLine | undefined {
    return this.quotes.find((q) => q.provider === this.selected && q.status !== 'out_of_limits')
  }
  get busy(): boolean {
    return this.status === 'opening' || this.status === 'waiting'
  }

  /** Loads what the providers sell; chooses the first asset and a fiat currency the server takes. */
  async load(): Promise<void> {
    if (this.options || !this.supported || this.restricted) {
      if (this.status === 'loading') this.status = 'idle'
      return
    }
    this.status = 'loading'
    try {
      const options = await this.api.options()
      runInAction(() => {
        this.options = options
        if (!this.fiatCurrencies.includes(this.fiatCurrency)) this.fiatCurrency = this.fiatCurrencies[0] ?? this.fiatCurrency
        this.status = 'idle'
      })
    } catch (error) {
      this.fail(error)
    }
  }

  setAsset(key: string): void {
    this.assetKey = key
    this.changed()
  }
  setFiatCurrency(currency: string): void {
    this.fiatCurrency = currency
    this.changed()
  }
  /** The amount, in fiat (`side` 'fiat') or in the crypto ('crypto'). */
  setAmount(amount: string, side: 'fiat' | 'crypto' = this.side): void {
    this.side = side
    this.amount = amount.slice(0, 60)
    this.changed()
  }
  select(provider: string): void {
    this.selected = provider
  }
  private changed(): void {
    this.#sequence++
    this.quotes = []
    this.failure = undefined
    if (this.status !== 'loading' && !this.busy) this.status = 'idle'
  }
  private fail(error: unknown, status: OnrampStatus = 'error'): void {
    runInAction(() => {
      this.failure = error
      this.status = status
    })
  }

  /** The last failure's own message (the provider's or the server's), or undefined: the view then says it in the visitor's language. */
  get error(): string | undefined {
    // An order the provider failed without a reason: its message is the English fallback, not the provider's.
    if (this.failure instanceof OnrampOrderFailedError && !this.failure.reason) return undefined
    const e = this.failure as { shortMessage?: unknown; message?: unknown } | undefined
    const message = e?.shortMessage ?? e?.message
    return typeof message === 'string' && message.trim() ? message : undefined
  }

  /**
   * Why no provider takes the amount, when none does: the first provider's out-of-limits reason
   * ("The amount must be between 10.00 and 7,500.00 USD (card)"), or the server's refusal
   * (`OUT_OF_LIMITS`) when it sent no lines. Undefined when a provider can be chosen.
   */
  get outOfLimits(): string | undefined {
    if (this.selectedQuote) return undefined
    for (const line of this.quotes) if (line.status === 'out_of_limits') return line.message
    return this.failure instanceof OnrampOutOfLimitsError ? this.error : undefined
  }

  /** Whether the visitor closed the checkout window before paying. */
  get popupClosed(): boolean {
    return this.failure instanceof OnrampPopupClosedError
  }

  /** Asks every provider for a quote for the form as it is; an answer for an older form is dropped. */
  async refreshQuotes(): Promise<void> {
    const asset = this.asset
    if (this.problem || !asset || this.busy) return
    const sequence = ++this.#sequence
    this.status = 'quoting'
    this.failure = undefined
    try {
      const quotes = await this.api.quote({ purchaseCurrency: asset.symbol, network: asset.chainId, paymentCurrency: this.fiatCurrency, amount: this.amount.trim(), amountIn: this.side, paymentMethod: this.paymentMethod })
      runInAction(() => {
        if (sequence !== this.#sequence) return
        this.quotes = quotes
        // The best real quote first; a provider without one may still be chosen (it prices in its checkout).
        const usable = quotes.filter((q) => q.status !== 'out_of_limits')
        const best = usable.filter((q) => q.status === 'ok').sort((a, b) => Number(b.status === 'ok' ? b.purchaseAmount.amount : 0) - Number(a.status === 'ok' ? a.purchaseAmount.amount : 0))[0]
        if (!usable.some((q) => q.provider === this.selected)) this.selected = (best ?? usable[0])?.provider
        this.status = 'ready'
      })
    } catch (error) {
      if (sequence === this.#sequence) this.fail(error)
    }
  }

  /**
   * Opens the chosen provider's checkout: asks the server for its URL (and order), sends the
   * window the view opened there (none: the popup was blocked, and the view offers a link for a
   * new tab), then polls the order until the provider reports it.
   */
  async continueCheckout(window: CheckoutWindow | undefined): Promise<void> {
    const asset = this.asset
    const line = this.selectedQuote
    const address = this.address
    if (!asset || !line || !address || this.problem) {
      window?.close()
      return
    }
    this.status = 'opening'
    this.failure = undefined
    this.order = undefined
    try {
      const amount = this.amount.trim()
      // A provider's own quote fixes the amount it is asked for: the total it quoted for a crypto amount.
      const preset = this.side === 'fiat' ? { presetFiatAmount: amount } : { presetCryptoAmount: amount }
      const { url, orderId } = await this.api.checkoutUrl({ provider: line.provider, address, network: asset.chainId, purchaseCurrency: asset.symbol, paymentCurrency: this.fiatCurrency, paymentMethod: this.paymentMethod, ...preset })
      runInAction(() => {
        this.checkout = { url, orderId, provider: line.provider, blocked: !window }
        this.status = 'waiting'
      })
      this.#window = window
      window?.navigate(url)
      if (orderId) this.schedulePoll()
    } catch (error) {
      window?.close()
      this.fail(error)
    }
  }

  private schedulePoll(): void {
    this.#deps.clearTimeout(this.#timer)
    this.#timer = this.#deps.setTimeout(() => void this.poll(), this.#deps.pollIntervalMs)
  }

  /** One look at the order (and the window): done, failed, 'Popup closed', or another look later. */
  async poll(): Promise<void> {
    const checkout = this.checkout
    if (!checkout || this.status !== 'waiting') return
    const closed = this.#window?.closed === true
    let order: OnrampOrder | undefined
    try {
      order = await this.api.order(checkout.orderId)
    } catch {
      order = undefined // a missed poll is retried
    }
    if (this.checkout !== checkout || this.status !== 'waiting') return
    if (order) runInAction(() => (this.order = order))
    if (order?.status === 'completed') return this.completed(order)
    if (order?.status === 'failed') return this.fail(new OnrampOrderFailedError({ orderId: order.orderId, reason: order.reason ?? undefined }), 'failed')
    // Closed before the provider took the payment: nothing was bought. Once it is paying, keep waiting.
    if (closed && order?.status === 'created') return this.fail(new OnrampPopupClosedError(), 'failed')
    this.schedulePoll()
  }

  private completed(order: OnrampOrder): void {
    this.#window = undefined
    runInAction(() => {
      this.status = 'success'
    })
    const namespace = this.namespace
    void this.portico.fetchBalance(namespace, { force: true }).catch(() => undefined)
    void this.portico.fetchTokenBalances(namespace, { force: true }).catch(() => undefined)
    void this.portico.fetchTransactions(namespace).catch(() => undefined)
    void order
  }

  /** Stops waiting (closing the checkout window if the view opened one) and returns to the form. */
  cancel(): void {
    this.#deps.clearTimeout(this.#timer)
    this.#window?.close()
    this.#window = undefined
    this.checkout = undefined
    this.order = undefined
    this.failure = undefined
    this.#sequence++
    this.quotes = []
    this.status = 'idle'
  }

  /** Back to the form when the purchase is over (success or failure); a checkout still under way is kept. */
  closeFinished(): void {
    if (this.status === 'success' || this.status === 'failed') this.cancel()
  }

  /** Clears the poll (the instance is being destroyed). */
  dispose(): void {
    this.#deps.clearTimeout(this.#timer)
  }
}
