import { makeAutoObservable } from 'mobx'
import type { Nft, TokenBalance, Transaction } from '../types/account.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ConnectionUser } from '../types/connection.js'

export type AccountState = {
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  profileName?: string | null
  profileImage?: string | null
  /** The `<caipNetworkId>:<address>` the profile was fetched for. */
  profileFor?: string
  /** When the last token-balance fetch failed: no retry for 30 s (spec §4). */
  lastRetry?: number
  tokenBalances?: TokenBalance[]
  tokenBalancesLoading?: boolean
  transactions?: Transaction[]
  transactionsNext?: string | null
  transactionsLoading?: boolean
  /** The last history fetch failed: the list is shown empty (spec §8). */
  transactionsFailed?: boolean
  /** No source serves this chain's activity ("not available on this network"). */
  transactionsUnavailable?: boolean
  nfts?: Nft[]
  nftsLoading?: boolean
  /** Who logged in, for an embedded wallet reached by email or a social login (spec §3 `user`). */
  user?: ConnectionUser
  /** The social provider of that login (`google`, …); absent for an email login or a plain wallet (spec §3 `socialProvider`). */
  socialProvider?: string
  /** For a smart account: whether it has code on the current chain (`false` while counterfactual); absent for an EOA. A plugin reports it (`context.updateAccount`; `portico/calls`). */
  smartAccountDeployed?: boolean
}

/** Per-namespace account details beyond the connection: balance, profile, retry gate. */
export class AccountStore {
  accounts: Record<string, AccountState> = {}

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get(namespace: ChainNamespace): AccountState {
    return this.accounts[namespace] ?? { balanceLoading: false }
  }

  update(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    this.accounts[namespace] = { ...this.get(namespace), ...patch }
  }

  /**
   * Drops the native balance when the namespace's active account or chain changes, so no view
   * shows one account's (or chain's) balance beside another's while the new one is fetched.
   */
  forgetBalance(namespace: ChainNamespace): void {
    const { balance: _balance, balanceSymbol: _symbol, ...rest } = this.get(namespace)
    this.accounts[namespace] = rest
  }

  /** The USD value of every token held in the namespace (0 when unknown). */
  totalValue(namespace: ChainNamespace): number {
    return (this.get(namespace).tokenBalances ?? []).reduce((sum, b) => sum + (b.value ?? 0), 0)
  }

  reset(namespace: ChainNamespace): void {
    delete this.accounts[namespace]
  }
}
