import { makeAutoObservable, runInAction } from 'mobx'

import { formatDecimalUnits, parseDecimalUnits, type Portico, type TokenBalance } from '../../../kernel/kernel.js'
import { type ConvertApi, nativeSwapAddress, type SwapQuote, type SwapToken } from '../api/createConvertApi.js'
import { SwapFailedError } from '../errors.js'

/** Where the swap stands: the form, a quote on its way, the wallet asked to approve or to swap, done. */
export type SwapStatus = 'idle' | 'loading' | 'quoting' | 'ready' | 'approving' | 'swapping' | 'success' | 'error'

/** A quote older than this is refreshed before the swap is sent (ms). */
export const quoteMaxAgeMs = 30_000

/** Why a swap cannot go ahead: a key of the plugin's strings (`messages.ts`) and the values it takes. */
export type SwapProblem = { key: 'swap.problem.selectTokens' | 'swap.problem.enterAmount' | 'swap.problem.incorrectValue' | 'swap.problem.insufficient'; values?: { symbol: string } }

/**
 * The Swap view's state (spec §2, Swap): the chain's tokens from the swap API with the account's
 * balances, the amount to sell, the quote (what comes back, the price impact, the minimum at the
 * slippage), the approval a token needs first, and the swap itself, followed to its receipt.
 */
export class SwapStore {
  tokens: SwapToken[] = []
  from: string | undefined = undefined
  to: string | undefined = undefined
  /** What the visitor typed last: the amount to sell, or the amount to receive (`receive`). */
  side: 'sell' | 'buy' = 'sell'
  amount = ''
  receive = ''
  quote: SwapQuote | undefined = undefined
  quotedAt = 0
  allowance: bigint | undefined = undefined
  /** The chain's gas price (wei) when the quote came, for the fee estimate. */
  gasPrice: bigint | undefined = undefined
  status: SwapStatus = 'idle'
  error: string | undefined = undefined
  hash: string | undefined = undefined
  slippage: number
  #sequence = 0

  constructor(
    private readonly portico: Portico,
    private readonly api: ConvertApi,
    { slippage = 1 }: { slippage?: number } = {},
  ) {
    this.slippage = slippage
    makeAutoObservable<SwapStore, 'portico' | 'api'>(this, { portico: false, api: false }, { autoBind: true })
  }

  get namespace(): string {
    return this.portico.stores.networks.activeNamespace
  }
  get chainId(): string | undefined {
    return this.portico.stores.connections.get(this.namespace).caipNetworkId
  }
  get userAddress(): string | undefined {
    return this.portico.stores.connections.caipAddress(this.namespace)
  }
  get supported(): boolean {
    return this.namespace === 'eip155'
  }
  token(address: string | undefined): SwapToken | undefined {
    return this.tokens.find((t) => t.address === address)
  }
  /** The account's holding of a swap token (the native currency has no address in the balances). */
  balanceOf(address: string | undefined): TokenBalance | undefined {
    const balances = this.portico.stores.accounts.get(this.namespace).tokenBalances ?? []
    const native = address?.endsWith(`:${nativeSwapAddress}`)
    return balances.find((b) => (native ? b.address === undefined : b.address?.toLowerCase() === address?.toLowerCase()))
  }
  get fromToken(): SwapToken | undefined {
    return this.token(this.from)
  }
  get toToken(): SwapToken | undefined {
    return this.token(this.to)
  }
  get amountUnits(): bigint | undefined {
    const token = this.fromToken
    if (!token) return undefined
    const units = parseDecimalUnits(this.amount.trim(), token.decimals)
    return units !== undefined && units > 0n ? units : undefined
  }
  get receiveUnits(): bigint | undefined {
    const token = this.toToken
    if (!token) return undefined
    const units = parseDecimalUnits(this.receive.trim(), token.decimals)
    return units !== undefined && units > 0n ? units : undefined
  }
  /** Why the swap cannot go ahead (a locale key of `messages.ts` and its values), or undefined when it can. */
  get problem(): SwapProblem | undefined {
    if (!this.fromToken || !this.toToken) return { key: 'swap.problem.selectTokens' }
    if (this.side === 'buy') {
      if (!this.receive.trim()) return { key: 'swap.problem.enterAmount' }
      if (this.receiveUnits === undefined) return { key: 'swap.problem.incorrectValue' }
      if (!this.amount.trim()) return undefined // the quote says what it costs
    }
    if (!this.amount.trim()) return { key: 'swap.problem.enterAmount' }
    const units = this.amountUnits
    if (units === undefined) return { key: 'swap.problem.incorrectValue' }
    const held = this.balanceOf(this.from)
    const balance = held ? parseDecimalUnits(held.quantity.numeric, this.fromToken.decimals) : 0n
    if (balance === undefined || units > balance) return { key: 'swap.problem.insufficient', values: { symbol: this.fromToken.symbol } }
    return undefined
  }
  get toAmount(): string | undefined {
    return this.quote && this.toToken ? formatDecimalUnits(BigInt(this.quote.toAmount), this.toToken.decimals) : undefined
  }
  /** The receive field: what the visitor typed there, else the quote's amount. */
  get receiveShown(): string {
    return this.side === 'buy' ? this.receive : (this.toAmount ?? '')
  }
  /** The least the swap pays out: the quote less the slippage (what the router enforces). */
  get minimumReceived(): string | undefined {
    if (!this.quote || !this.toToken) return undefined
    const minimum = (BigInt(this.quote.toAmount) * BigInt(10_000 - Math.round(this.slippage * 100))) / 10_000n
    return formatDecimalUnits(minimum, this.toToken.decimals)
  }
  /** The rate: how much of the token bought one of the token sold buys at this quote. */
  get rate(): string | undefined {
    if (!this.quote || !this.fromToken || !this.toToken || this.amountUnits === undefined) return undefined
    const scaled = (BigInt(this.quote.toAmount) * 10n ** BigInt(this.fromToken.decimals) * 10n ** 6n) / this.amountUnits
    return formatDecimalUnits(scaled, this.toToken.decimals + 6)
  }
  /** About what the swap costs in gas: a Uniswap V2 swap uses up to about 150,000 (plus about 50,000 for an approval first). */
  get networkFee(): { amount: string; usd: number | undefined } | undefined {
    if (this.gasPrice === undefined) return undefined
    const gas = this.needsApproval ? 200_000n : 150_000n
    const native = this.balanceOf(`x:${nativeSwapAddress}`)
    const decimals = this.portico.stores.networks.find(this.chainId as never)?.nativeCurrency.decimals ?? 18
    const amount = formatDecimalUnits(this.gasPrice * gas, decimals)
    return { amount, usd: native?.price ? Number(amount) * native.price : undefined }
  }
  get needsApproval(): boolean {
    const units = this.amountUnits
    return !!this.from && !this.from.endsWith(`:${nativeSwapAddress}`) && units !== undefined && (this.allowance ?? 0n) < units
  }
  get stale(): boolean {
    return !!this.quote && Date.now() - this.quotedAt > quoteMaxAgeMs
  }
  get busy(): boolean {
    return this.status === 'approving' || this.status === 'swapping' || this.status === 'loading'
  }

  /** Loads the chain's tokens and preselects the native currency to sell and the next token to buy. */
  async load(): Promise<void> {
    if (!this.supported || !this.chainId) return
    this.status = 'loading'
    this.error = undefined
    try {
      const tokens = await this.api.tokens(this.chainId)
      runInAction(() => {
        this.tokens = tokens
        this.from ??= tokens[0]?.address
        this.to ??= tokens.find((t) => t.address !== this.from)?.address
        this.status = 'idle'
      })
      void this.portico.fetchTokenBalances(this.namespace)
    } catch (error) {
      this.fail(error)
    }
  }

  setFrom(address: string): void {
    if (address === this.to) this.to = this.from
    this.from = address
    this.changed()
  }
  setTo(address: string): void {
    if (address === this.from) this.from = this.to
    this.to = address
    this.changed()
  }
  flip(): void {
    ;[this.from, this.to] = [this.to, this.from]
    this.amount = this.toAmount ?? this.amount
    this.side = 'sell'
    this.changed()
  }
  setAmount(amount: string): void {
    this.side = 'sell'
    this.amount = amount.slice(0, 80)
    this.changed()
  }
  /** The amount to receive: the quote then says what selling it costs (the swap sells exactly that). */
  setReceive(receive: string): void {
    this.side = 'buy'
    this.receive = receive.slice(0, 80)
    this.amount = ''
    this.changed()
  }
  setMax(): void {
    const held = this.balanceOf(this.from)
    if (held) this.setAmount(held.quantity.numeric)
  }
  /** Leaves the success screen for an empty form (the tokens kept). */
  startOver(): void {
    this.changed()
  }
  setSlippage(slippage: number): void {
    if (Number.isFinite(slippage) && slippage > 0 && slippage <= 50) this.slippage = slippage
  }
  private changed(): void {
    this.quote = undefined
    this.allowance = undefined
    this.error = undefined
    if (this.status !== 'loading') this.status = 'idle'
    this.hash = undefined
  }
  private fail(error: unknown): void {
    runInAction(() => {
      const e = error as { shortMessage?: string; message?: string; code?: number }
      this.error = e?.code === 4001 ? 'The request was rejected in the wallet' : (e?.shortMessage ?? e?.message ?? 'The swap failed')
      this.status = 'error'
    })
  }

  /** Asks for a quote (and the allowance a token needs) for the form as it is now; an answer for an older form is dropped. */
  async refreshQuote(): Promise<void> {
    const buying = this.side === 'buy'
    const units = buying ? this.receiveUnits : this.amountUnits
    if (this.problem || units === undefined || !this.userAddress || !this.from || !this.to) return
    const sequence = ++this.#sequence
    this.status = 'quoting'
    this.error = undefined
    try {
      const size = buying ? { toAmount: units.toString() } : { amount: units.toString() }
      const [quote, allowance, gasPrice] = await Promise.all([
        this.api.quote({ ...size, from: this.from, to: this.to, userAddress: this.userAddress }),
        this.from.endsWith(`:${nativeSwapAddress}`) ? Promise.resolve(undefined) : this.api.allowance({ tokenAddress: this.from, userAddress: this.userAddress }),
        this.api.gasPrice(this.chainId as string).catch(() => undefined),
      ])
      runInAction(() => {
        if (sequence !== this.#sequence) return
        if (buying && this.fromToken) this.amount = formatDecimalUnits(BigInt(quote.fromAmount), this.fromToken.decimals)
        this.quote = quote
        this.quotedAt = Date.now()
        this.allowance = allowance
        this.gasPrice = gasPrice
        this.status = 'ready'
      })
    } catch (error) {
      if (sequence === this.#sequence) this.fail(error)
    }
  }

  /** Sends the approval for exactly the amount, and waits for it on chain. */
  async approve(): Promise<void> {
    const units = this.amountUnits
    if (!this.needsApproval || units === undefined || !this.userAddress || !this.from || !this.to) return
    this.status = 'approving'
    this.error = undefined
    try {
      const tx = await this.api.buildApprove({ from: this.from, to: this.to, userAddress: this.userAddress, amount: units.toString() })
      const hash = await this.send(tx, 'approve')
      const allowance = await this.api.allowance({ tokenAddress: this.from, userAddress: this.userAddress })
      runInAction(() => {
        this.allowance = allowance
        this.hash = hash
        this.status = 'ready'
      })
    } catch (error) {
      this.fail(error)
    }
  }

  /** Builds the swap from a fresh quote, has the wallet send it, and waits for it on chain. */
  async swap(): Promise<string | undefined> {
    const units = this.amountUnits
    if (this.needsApproval || units === undefined || !this.userAddress || !this.from || !this.to) return undefined
    if (!this.quote || this.stale) await this.refreshQuote()
    if (!this.quote) return undefined
    this.status = 'swapping'
    this.error = undefined
    try {
      const tx = await this.api.buildTransaction({ amount: units.toString(), from: this.from, to: this.to, userAddress: this.userAddress, slippage: this.slippage })
      const hash = await this.send(tx, 'swap')
      // The form starts over (tokens kept, amounts cleared): no second swap is one click away.
      runInAction(() => {
        this.amount = ''
        this.receive = ''
        this.side = 'sell'
        this.quote = undefined
        this.allowance = undefined
        this.hash = hash
        this.status = 'success'
      })
      void this.portico.fetchTokenBalances(this.namespace, { force: true })
      void this.portico.fetchBalance(this.namespace, { force: true })
      void this.portico.fetchTransactions(this.namespace).catch(() => undefined)
      return hash
    } catch (error) {
      this.fail(error)
      void this.portico.fetchTokenBalances(this.namespace, { force: true })
      return undefined
    }
  }

  private async send(tx: { to: string; data: string; amount: string; eip155?: { gas?: string } }, step: 'approve' | 'swap'): Promise<string> {
    const to = tx.to.split(':').pop() as string
    const hash = await this.portico.sendTransaction({ namespace: this.namespace, to, data: tx.data, value: tx.amount, ...(tx.eip155?.gas && /^\d{1,20}$/.test(tx.eip155.gas) ? { gas: tx.eip155.gas } : {}) })
    const network = this.portico.stores.networks.find(this.chainId as never)
    if (network && this.portico.chains.has(this.namespace, 'waitForTransaction')) {
      const outcome = await this.portico.chains.call(this.namespace, 'waitForTransaction', { namespace: this.namespace, network, hash })
      if (outcome?.status === 'failed') throw new SwapFailedError({ hash, step })
    }
    return hash
  }
}
