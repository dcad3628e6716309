import { makeAutoObservable } from 'mobx'
import type { ChainNamespace } from '../types/caip.js'

export type AccountState = {
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  profileName?: string | null
  profileImage?: string | null
  /** When the last token-balance fetch failed: no retry for 30 s (spec §4). */
  lastRetry?: number
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

  reset(namespace: ChainNamespace): void {
    delete this.accounts[namespace]
  }
}
