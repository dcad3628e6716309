import { runInAction } from 'mobx'
import type { Portico } from '../createPortico.js'
import { BaseError } from '../errors/BaseError.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import type { BalanceResult } from '../types/hooks.js'
import { requireHook } from './requireHook.js'

/**
 * Fetches the connected account's native balance through the namespace's plugin and stores it
 * in the account store. Not connected: `undefined`.
 *
 * @example
 * const balance = await portico.fetchBalance() // { balance: '10000', symbol: 'ETH' }
 */
export async function fetchBalance(portico: Portico, namespace?: ChainNamespace): Promise<BalanceResult | undefined> {
  const { connections, networks, accounts } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  const address = connections.address(ns)
  const network = networks.find(connections.get(ns).caipNetworkId) ?? networks.activeOf(ns)
  if (!address || !network) return undefined
  const hook = requireHook(portico.hooks.fetchBalance, 'fetchBalance', ns)
  runInAction(() => accounts.update(ns, { balanceLoading: true }))
  try {
    const result = await hook.promise({ namespace: ns, address, network })
    runInAction(() =>
      accounts.update(ns, {
        balanceLoading: false,
        ...(result ? { balance: result.balance, balanceSymbol: result.symbol } : {}),
      }),
    )
    return result
  } catch (error) {
    runInAction(() => accounts.update(ns, { balanceLoading: false }))
    const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
    throw portico.reportError(typed, { namespace: ns, action: 'fetchBalance' })
  }
}
