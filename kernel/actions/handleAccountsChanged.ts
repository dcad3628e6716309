import { runInAction } from 'mobx'
import type { Portico } from '../createPortico.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import { handleWalletDisconnected } from './handleWalletDisconnected.js'

/**
 * The wallet reported new accounts: an empty list ends the connection, otherwise the first
 * account becomes the connected one.
 */
export function handleAccountsChanged(portico: Portico, namespace: ChainNamespace, accounts: readonly string[]): void {
  const { connections } = portico.stores
  const connection = connections.get(namespace)
  if (connection.status !== 'connected') return
  const valid = (Array.isArray(accounts) ? accounts : []).filter(
    (a): a is string => typeof a === 'string' && (!portico.addressValidators.has(namespace) || portico.addressValidators.isAddress(a, namespace)),
  )
  if (valid.length === 0) {
    handleWalletDisconnected(portico, namespace)
    return
  }
  if (valid[0] === connection.accounts[0]?.address && valid.length === connection.accounts.length) return
  runInAction(() => connections.setAccounts(namespace, valid.map((address) => ({ address }))))
  const caipAddress = connections.caipAddress(namespace) as CaipAddress
  portico.hooks.accountChanged.call({ namespace, address: valid[0] as string, caipAddress })
}
