import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import type { BalanceResult } from '../types/hooks.js'
import { cacheLifetimes } from '../services/createStorage.js'
import type { Network } from '../types/network.js'
import { requireHook } from './requireHook.js'
import { shareInFlight } from './shareInFlight.js'

/**
 * Fetches the connected account's native balance through the namespace's plugin and stores it
 * in the account store. Not connected: `undefined`.
 *
 * @example
 * const balance = await portico.fetchBalance() // { balance: '10000', symbol: 'ETH' }
 */
export async function fetchBalance(portico: PorticoBase, namespace?: ChainNamespace, { force = false }: { force?: boolean } = {}): Promise<BalanceResult | undefined> {
  const { connections, networks, accounts } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  const address = connections.address(ns)
  const network = networks.find(connections.get(ns).caipNetworkId) ?? networks.activeOf(ns)
  if (!address || !network) return undefined
  const hook = requireHook(portico.hooks.fetchBalance, 'fetchBalance', ns)
  // The native balance is cached 30 s (spec §9); a send asks again with `force`.
  const cacheKey = `cache/nativeBalance/${network.caipNetworkId}:${address}`
  if (!force) {
    const cached = portico.services.storage.getCached(cacheKey, cacheLifetimes.nativeBalance, isBalanceResult)
    if (cached) {
      runInAction(() => accounts.update(ns, { balance: cached.balance, balanceSymbol: cached.symbol, balanceLoading: false }))
      return cached
    }
  }
  return shareInFlight(portico, `balance:${cacheKey}:${force}`, () => fetchBalanceNow(portico, ns, address, network, hook, cacheKey))
}

function isBalanceResult(value: unknown): value is BalanceResult {
  const v = value as BalanceResult | null
  return typeof v === 'object' && v !== null && typeof v.balance === 'string' && /^\d+(\.\d+)?$/.test(v.balance) && typeof v.symbol === 'string'
}

async function fetchBalanceNow(
  portico: PorticoBase,
  ns: ChainNamespace,
  address: string,
  network: Network,
  hook: { promise(request: { namespace: ChainNamespace; address: string; network: Network }): Promise<BalanceResult | undefined> },
  cacheKey: string,
): Promise<BalanceResult | undefined> {
  const { accounts } = portico.stores
  runInAction(() => accounts.update(ns, { balanceLoading: true }))
  try {
    const result = await hook.promise({ namespace: ns, address, network })
    if (result) portico.services.storage.setCached(cacheKey, result)
    // The visitor may have moved to another account or chain meanwhile: its own read fills the view.
    const { connections } = portico.stores
    const current = connections.address(ns) === address && connections.get(ns).caipNetworkId === network.caipNetworkId
    runInAction(() =>
      accounts.update(ns, {
        balanceLoading: false,
        ...(result && current ? { balance: result.balance, balanceSymbol: result.symbol } : {}),
      }),
    )
    return result
  } catch (error) {
    runInAction(() => accounts.update(ns, { balanceLoading: false }))
    const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
    throw portico.reportError(typed, { namespace: ns, action: 'fetchBalance' })
  }
}
