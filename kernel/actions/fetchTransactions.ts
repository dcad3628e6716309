import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import type { Transaction } from '../types/account.js'
import type { ChainNamespace } from '../types/caip.js'
import { parseTransactions } from '../utils/parseTransactions.js'
import { shareInFlight } from './shareInFlight.js'

/**
 * The connected account's activity from the blockchain API, newest first, with spam-only and
 * other-chain transactions left out (spec §5). `cursor` loads the next page. On failure the list
 * is marked empty and "Failed to fetch transactions" is shown; when no tap serves the chain's
 * activity the account is marked `transactionsUnavailable` (no toast). Never throws.
 *
 * @example
 * await fetchTransactions(portico)           // first page
 * await fetchTransactions(portico, undefined, { cursor: next })
 */
export async function fetchTransactions(portico: PorticoBase, namespace?: ChainNamespace, { cursor }: { cursor?: string } = {}): Promise<Transaction[]> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  return shareInFlight(portico, `transactions:${ns}:${cursor ?? ''}`, () => fetchTransactionsNow(portico, ns, cursor))
}

async function fetchTransactionsNow(portico: PorticoBase, ns: ChainNamespace, cursor: string | undefined): Promise<Transaction[]> {
  const { connections, networks, accounts, toasts } = portico.stores
  const address = connections.address(ns)
  const chainId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  if (!address || !chainId) return []
  runInAction(() => accounts.update(ns, { transactionsLoading: true }))
  try {
    const network = networks.find(chainId)
    const hook = portico.hooks.fetchTransactions.get(ns)
    const page = hook?.isUsed() ? await hook.promise({ namespace: ns, address, caipNetworkId: chainId, ...(cursor ? { cursor } : {}), ...(network ? { network } : {}) }) : undefined
    if (!page) {
      // Nobody serves this chain's activity: not a failure, "not available on this network".
      runInAction(() => accounts.update(ns, { transactions: [], transactionsNext: null, transactionsLoading: false, transactionsFailed: false, transactionsUnavailable: true }))
      return []
    }
    // A tap's answer is data from outside: read it through the same checks as the API's.
    const { data, next } = parseTransactions(page, chainId)
    const list = cursor ? [...(accounts.get(ns).transactions ?? []), ...data] : data
    const unique = [...new Map(list.map((t) => [t.id, t])).values()]
    runInAction(() => accounts.update(ns, { transactions: unique, transactionsNext: next, transactionsLoading: false, transactionsFailed: false, transactionsUnavailable: false }))
    return unique
  } catch (error) {
    runInAction(() => {
      accounts.update(ns, { transactions: [], transactionsNext: null, transactionsLoading: false, transactionsFailed: true })
      toasts.showError('toast.transactionsUnavailable')
    })
    portico.reportError(error, { namespace: ns, action: 'fetchTransactions' })
    return []
  }
}
