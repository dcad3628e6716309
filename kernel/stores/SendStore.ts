import { makeAutoObservable, runInAction } from 'mobx'
import { readCode } from '../errors/ProviderRpcError.js'
import type { TokenBalance } from '../types/account.js'
import type { CaipAddress } from '../types/caip.js'
import type { SendFee } from '../types/hooks.js'
import { parseDecimalUnits } from '../utils/parseDecimalUnits.js'

/** The send button's label: the first rule that applies (appkit-behaviour §2.7). */
export type SendButtonState = 'Select Token' | 'Add Amount' | 'Incorrect Value' | 'Insufficient Funds' | 'Add Address' | 'Invalid Address' | 'Preview Send'

export type SendStoreDependencies = {
  isAddress: (address: string) => boolean
  send: (parameters: { to: string; amount: string; token?: CaipAddress }) => Promise<string>
  /** The network fee the send would cost (undefined when unknown). */
  estimateFee?: (parameters: { to: string; amount: string; token?: CaipAddress }) => Promise<SendFee | undefined>
  /** Called after a send went out (toast, back to Account, refresh balances). */
  onSent?: (hash: string) => void
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
  loading = false
  error: string | undefined = undefined
  hash: string | undefined = undefined
  /** The network fee of the send as it stands (`loadFee`); cleared whenever the form changes. */
  fee: SendFee | undefined = undefined
  feeLoading = false
  private feeRequest = 0

  constructor(private readonly deps: SendStoreDependencies) {
    makeAutoObservable<SendStore, 'deps' | 'feeRequest'>(this, { deps: false, feeRequest: false }, { autoBind: true })
  }

  private params() {
    return { to: this.receiver.trim(), amount: this.amount.trim(), ...(this.token?.address ? { token: this.token.address } : {}) }
  }

  private clearFee(): void {
    this.feeRequest++
    this.fee = undefined
    this.feeLoading = false
  }

  /** Asks for the network fee of the send as it stands (the review calls it); a later change of the form discards the answer. */
  async loadFee(): Promise<void> {
    if (!this.canSend || !this.deps.estimateFee) return
    const request = ++this.feeRequest
    this.fee = undefined
    this.feeLoading = true
    const fee = await this.deps.estimateFee(this.params()).catch(() => undefined)
    runInAction(() => {
      if (request !== this.feeRequest) return
      this.fee = fee
      this.feeLoading = false
    })
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
    if (!this.deps.isAddress(this.receiver.trim())) return 'Invalid Address'
    return 'Preview Send'
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
    this.clearFee()
  }

  /** The whole balance of the token. */
  setMax(): void {
    if (this.token) this.amount = this.token.quantity.numeric
    this.clearFee()
  }

  /** Sends through the wallet; resolves with the hash, or undefined when it failed (see `error`). */
  async submit(): Promise<string | undefined> {
    if (!this.canSend || !this.token) return undefined
    this.loading = true
    this.error = undefined
    try {
      const hash = await this.deps.send(this.params())
      runInAction(() => {
        this.reset()
        this.hash = hash
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

  reset(): void {
    this.token = undefined
    this.amount = ''
    this.receiver = ''
    this.loading = false
    this.error = undefined
    this.hash = undefined
    this.clearFee()
  }
}
