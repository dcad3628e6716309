import { useEffect } from 'react'
import type { ChainNamespace } from '../../kernel/index.js'
import { formatBalance } from '../../kernel/utils/formatBalance.js'
import { usePortico } from './usePortico.js'
import { usePorticoState } from './usePorticoState.js'
import { useStore } from './useStore.js'

export type UseBalanceReturnType = {
  /** Whole units as the plugin reported them, e.g. "1.23456". */
  balance: string | undefined
  symbol: string | undefined
  /** Truncated to 3 decimals with the symbol, e.g. "1.234 ETH". */
  formatted: string | undefined
  loading: boolean
  refetch: () => Promise<unknown>
}

/**
 * The connected account's native balance; fetched when the account or its chain changes.
 *
 * @example
 * const { formatted } = useBalance() // '1.234 ETH'
 */
export function useBalance({ namespace, fetch = true }: { namespace?: ChainNamespace; fetch?: boolean } = {}): UseBalanceReturnType {
  const portico = usePortico('useBalance')
  const state = usePorticoState('useBalance')
  const ns = namespace ?? state.activeNamespace
  const caipAddress = state.connections[ns]?.caipAddress
  const account = useStore(() => {
    const a = portico.stores.accounts.get(ns)
    return { balance: a.balance, symbol: a.balanceSymbol, loading: a.balanceLoading }
  })
  useEffect(() => {
    if (!fetch || !caipAddress) return
    portico.fetchBalance(ns).catch(() => {
      // reported through portico.reportError by the kernel; the balance stays unknown
    })
  }, [portico, ns, caipAddress, fetch])
  const connected = Boolean(caipAddress)
  return {
    balance: connected ? account.balance : undefined,
    symbol: connected ? account.symbol : undefined,
    formatted: connected && account.balance !== undefined ? formatBalance({ balance: account.balance, symbol: account.symbol }) : undefined,
    loading: connected && account.loading,
    refetch: () => portico.fetchBalance(ns),
  }
}
