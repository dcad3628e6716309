import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { constants } from '../options/defaults.js'
import { cacheLifetimes } from '../services/createStorage.js'
import type { TokenBalance } from '../types/account.js'
import type { ChainNamespace } from '../types/caip.js'
import { parseTokenBalances } from '../utils/parseTokenBalances.js'
import { shareInFlight } from './shareInFlight.js'

const isBalanceList = (value: unknown): value is TokenBalance[] => Array.isArray(value)

/**
 * The connected account's token balances from the blockchain API, with prices and USD values
 * (spec §4): cached 30 s; after a failure, not asked again for 30 s; "Token Balance Unavailable"
 * when the network is not supported or the fetch fails. Never throws.
 *
 * @example
 * const balances = await fetchTokenBalances(portico)
 */
export async function fetchTokenBalances(portico: PorticoBase, namespace?: ChainNamespace, { force = false } = {}): Promise<TokenBalance[]> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  return shareInFlight(portico, `tokenBalances:${ns}:${force}`, () => fetchTokenBalancesNow(portico, ns, force))
}

async function fetchTokenBalancesNow(portico: PorticoBase, ns: ChainNamespace, force: boolean): Promise<TokenBalance[]> {
  const { connections, networks, accounts, toasts } = portico.stores
  const address = connections.address(ns)
  const caipNetworkId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  if (!address || !caipNetworkId) return []
  const lastRetry = accounts.get(ns).lastRetry
  if (lastRetry !== undefined && portico.clock.now() - lastRetry < constants.balanceRetryGateMs) return accounts.get(ns).tokenBalances ?? []

  const cacheKey = `cache/portfolio/${caipNetworkId}:${address}`
  if (!force) {
    const cached = portico.services.storage.getCached(cacheKey, cacheLifetimes.portfolio, isBalanceList)
    if (cached) {
      const balances = parseTokenBalances({ balances: cached })
      runInAction(() => accounts.update(ns, { tokenBalances: balances }))
      return balances
    }
  }
  runInAction(() => accounts.update(ns, { tokenBalancesLoading: true }))
  try {
    const network = networks.find(caipNetworkId)
    const hook = portico.hooks.fetchTokenBalances.get(ns)
    const answer = hook?.isUsed() ? await hook.promise({ namespace: ns, address, caipNetworkId, force, ...(network ? { network } : {}) }) : undefined
    if (!Array.isArray(answer)) {
      // No source serves this chain (the blockchain API does not list it, no plugin answered).
      runInAction(() => {
        accounts.update(ns, { tokenBalances: [], tokenBalancesLoading: false })
        toasts.showError('toast.tokenBalanceUnavailable')
      })
      return []
    }
    // A tap's answer is data from outside: read it through the same checks as the API's.
    const balances = parseTokenBalances({ balances: answer })
    portico.services.storage.setCached(cacheKey, balances)
    runInAction(() => accounts.update(ns, { tokenBalances: balances, tokenBalancesLoading: false, lastRetry: undefined }))
    return balances
  } catch (error) {
    runInAction(() => {
      accounts.update(ns, { tokenBalances: accounts.get(ns).tokenBalances ?? [], tokenBalancesLoading: false, lastRetry: portico.clock.now() })
      toasts.showError('toast.tokenBalanceUnavailable')
    })
    portico.reportError(error, { namespace: ns, action: 'fetchTokenBalances' })
    return accounts.get(ns).tokenBalances ?? []
  }
}
