import { makeAutoObservable, runInAction } from 'mobx'
import { readCode, type CaipAddress, type SendFeeEstimate, type SendFeeOption, type SendFeeSpeed, type SendMemoRule, type TokenBalance } from '../../../kernel/kernel.js'
import { hasLoneSurrogate, memoByteLength } from '../../../kernel/kernel.js'
import { parseDecimalUnits } from '../../../kernel/kernel.js'


/** How long the review waits for the network fee before it leaves the fee to the wallet (and lets Send go). */
export const feeEstimateTimeoutMs = 10_000

/** The send button's label: the first rule that applies (appkit-behaviour §2.7). */
export type SendButtonState = 'Select Token' | 'Add Amount' | 'Incorrect Value' | 'Insufficient Funds' | 'Add Address' | 'Resolving Name' | 'Invalid Address' | 'Memo Too Long' | 'Preview Send'

/** A name typed as the receiver, as a name service resolved it. */
export type ResolvedReceiver = { input: string; name: string; address: string; avatar?: string | null }

export type SendStoreDependencies = {
  isAddress: (address: string) => boolean
  /** The address a name points to (undefined: nobody knows the name); absent, only addresses are accepted. */
  resolveName?: (name: string) => Promise<{ address: string; name: string; avatar?: string | null } | undefined>
  send: (parameters: { to: string; amount: string; token?: CaipAddress; feeSpeed?: SendFeeSpeed; memo?: string }) => Promise<string>
  /** The most the send will cost in network fees (undefined when the namespace's plugin does not say). */
  estimateFee?: (parameters: { to: string; amount: string; token?: CaipAddress; memo?: string }) => Promise<SendFeeEstimate | undefined>
  /** Whether the active namespace's sends take a memo, and its limit (absent or undefined: no memo field). */
  memoRule?: () => SendMemoRule | undefined
  /** Called after a send went out (the success screen, its progress, refresh balances). */
  onSent?: (hash: string) => void
  /** The name registered for an address (`portico.lookupName`): the review shows it beside a pasted address. */
  lookupName?: (address: string) => Promise<string | undefined>
  /** The sending account's address (the form warns when the receiver is that same account). */
  ownAddress?: () => string | undefined
}

/**
 * How far the chain has taken a send: `sent` when the namespace cannot follow it (the chain took
 * it; no receipt to wait for), `pending` until its receipt, then `confirmed`, `failed`, or
 * `unknown` when the receipt could not be read.
 */
export type SentProgress = 'sent' | 'pending' | 'confirmed' | 'failed' | 'unknown'

/** The last send, as its success screen shows it: how much of what, to whom, and how far it got. */
export type SentTransfer = {
  hash: string
  amount: string
  symbol: string
  receiver: string
  /** The receiver's name, when the form showed one. */
  receiverName?: string
  progress: SentProgress
  /** The transaction on the network's explorer, when the network has one. */
  explorer?: string
}

/**
 * The send form (spec §3 "Send state"): token, amount, receiver, loading. Amounts stay decimal
 * strings, compared in base units (never floats). On success the form resets; on failure it keeps
 * its values and says why.
 */
export class SendStore {
  token: TokenBalance | undefined = undefined
  amount = ''
  receiver = ''
  /** The optional memo, offered only where the namespace takes one (`memoRule`). */
  memo = ''
  loading = false
  error: string | undefined = undefined
  hash: string | undefined = undefined
  /** The last send, for its success screen; kept when the form resets (the form is emptied behind it). */
  sent: SentTransfer | undefined = undefined
  /** The network fee of the form's send, once estimated (`estimateFee`); cleared when the form changes. */
  fee: SendFeeEstimate | undefined = undefined
  /**
   * `idle` until the review asks (and after the form changed), `estimating` while the plugin works
   * it out, `ready` with `fee`, `wallet` when no plugin estimates it (the wallet sets the fee), and
   * `failed` when the plugin refused the send (the reason is `error`).
   */
  feeStatus: 'idle' | 'estimating' | 'ready' | 'wallet' | 'failed' = 'idle'
  /** The fee speed chosen in the review, when the plugin offers speeds (undefined: the plugin's default, `fee.speed`). */
  chosenSpeed: SendFeeSpeed | undefined = undefined
  /** The receiver typed as a name, once resolved (`resolveName`); cleared when the receiver changes. */
  resolved: ResolvedReceiver | undefined = undefined
  /** `resolving` while the name is looked up; `failed` when the lookup failed ("Error resolving name"); `unknown` when no one knows it. */
  nameStatus: 'idle' | 'resolving' | 'resolved' | 'unknown' | 'failed' = 'idle'
  /** The name registered for the receiver typed as an address (`lookupName`), for the review. */
  receiverName: { address: string; name: string } | undefined = undefined

  constructor(private readonly deps: SendStoreDependencies) {
    makeAutoObservable<SendStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  get decimals(): number | undefined {
    return this.token ? Number(this.token.quantity.decimals) : undefined
  }

  /** The amount in base units, or undefined when it is not a valid positive amount for the token. */
  get amountUnits(): bigint | undefined {
    if (this.decimals === undefined) return undefined
    const units = parseDecimalUnits(this.amount.trim(), this.decimals)
    return units !== undefined && units > 0n ? units : undefined
  }

  get balanceUnits(): bigint | undefined {
    if (!this.token || this.decimals === undefined) return undefined
    return parseDecimalUnits(this.token.quantity.numeric, this.decimals)
  }

  get buttonState(): SendButtonState {
    if (!this.token) return 'Select Token'
    if (!this.amount.trim()) return 'Add Amount'
    const units = this.amountUnits
    if (units === undefined) return 'Incorrect Value'
    const balance = this.balanceUnits
    if (balance !== undefined && units > balance) return 'Insufficient Funds'
    if (!this.receiver.trim()) return 'Add Address'
    if (!this.receiverAddress) return this.nameStatus === 'resolving' ? 'Resolving Name' : 'Invalid Address'
    if (this.memoTooLong) return 'Memo Too Long'
    return 'Preview Send'
  }

  /** The memo rule of the active namespace: the form shows a "Memo" field only when there is one. */
  get memoRule(): SendMemoRule | undefined {
    return this.deps.memoRule?.()
  }

  /** The memo's length in bytes of UTF-8 (what the chain's limit counts). */
  get memoBytes(): number {
    return memoByteLength(this.memo)
  }

  /** Whether the memo cannot be sent: longer than the namespace allows, or not valid text. */
  get memoTooLong(): boolean {
    const rule = this.memoRule
    return rule !== undefined && this.memo !== '' && (this.memoBytes > rule.maxBytes || hasLoneSurrogate(this.memo))
  }

  /** The memo the send carries: none when empty or when the namespace takes none. */
  private get memoToSend(): { memo?: string } {
    return this.memoRule && this.memo !== '' ? { memo: this.memo } : {}
  }

  /** The address the send goes to: the receiver itself, or the address its name resolved to. */
  get receiverAddress(): string | undefined {
    const receiver = this.receiver.trim()
    if (receiver && this.deps.isAddress(receiver)) return receiver
    return this.resolved && this.resolved.input === receiver ? this.resolved.address : undefined
  }

  /**
   * Whether the send goes back to the sending account itself (a `0x` address in any letter case):
   * allowed, but the form and the review warn, since it only costs the network fee.
   */
  get sendsToSelf(): boolean {
    const to = this.receiverAddress
    const own = this.deps.ownAddress?.()
    if (!to || !own) return false
    return /^0x[0-9a-f]+$/i.test(to) ? to.toLowerCase() === own.toLowerCase() : to === own
  }

  /**
   * The name to show for the receiver in the review: the name typed (resolved), else the name
   * registered for the address typed, once `nameReceiver` found one.
   */
  get receiverDisplayName(): string | undefined {
    const to = this.receiverAddress
    if (!to) return undefined
    if (this.resolved && this.resolved.address === to && this.resolved.input === this.receiver.trim()) return this.resolved.name
    return this.receiverName?.address === to ? this.receiverName.name : undefined
  }

  /** Looks up the name registered for a receiver typed as an address (the review calls it when it opens). */
  async nameReceiver(): Promise<void> {
    const to = this.receiverAddress
    if (!to || !this.deps.lookupName || this.receiverDisplayName !== undefined) return
    const name = await this.deps.lookupName(to)
    runInAction(() => {
      if (name && this.receiverAddress === to) this.receiverName = { address: to, name }
    })
  }

  /** Whether the receiver may be a name to resolve (a resolver is wired and it is not an address). */
  get receiverIsName(): boolean {
    const receiver = this.receiver.trim()
    return Boolean(this.deps.resolveName) && receiver.includes('.') && !this.deps.isAddress(receiver)
  }

  /**
   * Resolves the receiver when it is a name (the view calls it shortly after typing stops). An
   * answer for a receiver that changed meanwhile is dropped.
   */
  async resolveReceiver(): Promise<void> {
    const input = this.receiver.trim()
    if (!this.receiverIsName || !this.deps.resolveName) return
    if (this.resolved?.input === input) return
    this.nameStatus = 'resolving'
    try {
      const answer = await this.deps.resolveName(input)
      runInAction(() => {
        if (this.receiver.trim() !== input) return
        this.resolved = answer ? { input, name: answer.name, address: answer.address, ...(answer.avatar !== undefined ? { avatar: answer.avatar } : {}) } : undefined
        this.nameStatus = answer ? 'resolved' : 'unknown'
      })
    } catch {
      runInAction(() => {
        if (this.receiver.trim() === input) this.nameStatus = 'failed'
      })
    }
  }

  get canSend(): boolean {
    return this.buttonState === 'Preview Send' && !this.loading
  }

  setToken(token: TokenBalance | undefined): void {
    this.token = token
    this.error = undefined
    this.clearFee()
  }

  setAmount(amount: string): void {
    this.amount = amount.slice(0, 100)
    this.error = undefined
    this.clearFee()
  }

  setReceiver(receiver: string): void {
    this.receiver = receiver.slice(0, 256)
    this.error = undefined
    if (this.resolved?.input !== this.receiver.trim()) {
      this.resolved = undefined
      this.nameStatus = 'idle'
    }
    this.clearFee()
  }

  /** The memo as typed (kept to 256 characters; the namespace's byte limit is checked by `buttonState`). */
  setMemo(memo: string): void {
    this.memo = memo.slice(0, 256)
    this.error = undefined
    this.clearFee()
  }

  /** Chooses a fee speed the plugin offered (`fee.speeds`); kept until the form resets. */
  setFeeSpeed(speed: SendFeeSpeed): void {
    if (this.fee?.speeds?.some((o) => o.speed === speed)) this.chosenSpeed = speed
  }

  /** The speed the send goes at: the visitor's choice, else the one the plugin estimated, else `normal`. */
  get feeSpeed(): SendFeeSpeed {
    return this.chosenSpeed ?? this.fee?.speed ?? 'normal'
  }

  /** The fee of the chosen speed, or the plugin's single estimate. */
  get chosenFee(): SendFeeOption | undefined {
    if (!this.fee) return undefined
    return this.fee.speeds?.find((o) => o.speed === this.feeSpeed) ?? { speed: this.feeSpeed, fee: this.fee.fee }
  }

  /** The whole balance of the token. */
  setMax(): void {
    if (this.token) this.amount = this.token.quantity.numeric
  }

  private clearFee(): void {
    this.fee = undefined
    this.feeStatus = 'idle'
  }

  /**
   * Asks the namespace's plugin what the form's send will cost in network fees (the review shows it
   * before the wallet is asked). A refusal it can tell already (a balance too small with the fee)
   * becomes the form's `error`. A form that changed meanwhile drops the answer.
   */
  async estimateFee(): Promise<void> {
    if (!this.canSend || !this.token) return
    if (!this.deps.estimateFee) {
      this.feeStatus = 'wallet'
      return
    }
    const parameters = { to: this.receiverAddress as string, amount: this.amount.trim(), ...(this.token.address ? { token: this.token.address } : {}), ...this.memoToSend }
    const asked = JSON.stringify(parameters)
    const current = () => JSON.stringify({ to: this.receiverAddress, amount: this.amount.trim(), ...(this.token?.address ? { token: this.token.address } : {}), ...this.memoToSend })
    this.feeStatus = 'estimating'
    this.fee = undefined
    const estimate = this.deps.estimateFee(parameters)
    try {
      // The review's Send waits for the fee; a node that does not answer leaves it to the wallet.
      let timer: ReturnType<typeof setTimeout> | undefined
      const fee = await Promise.race([estimate, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), feeEstimateTimeoutMs)))]).finally(() => clearTimeout(timer))
      runInAction(() => {
        // The form changed meanwhile: the answer is another send's. The review, shown again for the
        // new form, asks for its own estimate when it mounts.
        if (current() !== asked) return
        this.fee = fee
        this.feeStatus = fee ? 'ready' : 'wallet'
      })
    } catch (error) {
      runInAction(() => {
        if (current() !== asked) return
        this.feeStatus = 'failed'
        this.error = (error as { shortMessage?: string }).shortMessage ?? 'The network fee could not be estimated'
      })
    }
  }

  /**
   * Sends through the wallet; resolves with the hash, or undefined when it did not send — and then
   * always says why: `error` holds the wallet's or the node's refusal, or, for a form that cannot be
   * sent as it stands, the state its button shows ('Add Amount', 'Insufficient Funds', …). Only a
   * second call while the first still waits for the wallet adds nothing (`loading` shows it).
   */
  async submit(): Promise<string | undefined> {
    if (this.loading) return undefined
    if (!this.canSend || !this.token) {
      this.error = this.buttonState
      return undefined
    }
    this.loading = true
    this.error = undefined
    try {
      const speed = this.chosenSpeed && this.fee?.speeds?.some((o) => o.speed === this.chosenSpeed) ? { feeSpeed: this.chosenSpeed } : {}
      const receiver = this.receiverAddress as string
      const receiverName = this.receiverDisplayName
      const { symbol } = this.token
      const amount = this.amount.trim()
      const hash = await this.deps.send({ to: receiver, amount, ...(this.token.address ? { token: this.token.address } : {}), ...speed, ...this.memoToSend })
      runInAction(() => {
        this.reset()
        this.hash = hash
        this.sent = { hash, amount, symbol, receiver, ...(receiverName ? { receiverName } : {}), progress: 'sent' }
      })
      this.deps.onSent?.(hash)
      return hash
    } catch (error) {
      const code = readCode(error)
      runInAction(() => {
        this.loading = false
        this.error =
          code === 4001 || code === 5000
            ? 'The request was rejected in the wallet'
            : ((error as { shortMessage?: string; message?: string }).shortMessage ?? 'Failed to send transaction')
      })
      return undefined
    }
  }

  /**
   * Records how far the chain has taken a send (followTransaction's word); a send other than the
   * last one changes nothing.
   */
  follow(hash: string, progress: SentProgress, explorer?: string): void {
    if (this.sent?.hash !== hash) return
    this.sent = { ...this.sent, progress, ...(explorer ? { explorer } : {}) }
  }

  reset(): void {
    this.token = undefined
    this.amount = ''
    this.receiver = ''
    this.memo = ''
    this.resolved = undefined
    this.receiverName = undefined
    this.nameStatus = 'idle'
    this.loading = false
    this.error = undefined
    this.hash = undefined
    this.chosenSpeed = undefined
    this.clearFee()
  }
}
