import type { Portico } from '../createPortico.js'
import { BaseError } from '../errors/BaseError.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import { handleAccountsChanged } from './handleAccountsChanged.js'
import { selectAccount } from './selectAccount.js'

export type SwitchAccountTypeParameters = { namespace?: ChainNamespace }
export type SwitchableAccountType = 'eoa' | 'smartAccount'
export type SwitchAccountTypeErrorType = ProviderRpcError | BaseError

/**
 * Whether the connection offers `type` besides the active account: another shared account of that
 * type, or a connector that creates accounts (it tapped `switchAccountType`).
 *
 * @example
 * canSwitchAccountType(portico, 'smartAccount', 'eip155') // true for the dev wallet's [smartAccount, eoa]
 */
export function canSwitchAccountType(portico: Portico, type: SwitchableAccountType, namespace: ChainNamespace = portico.stores.networks.activeNamespace): boolean {
  const connection = portico.stores.connections.get(namespace)
  if (connection.status !== 'connected') return false
  const current = connection.accounts[0]?.type ?? 'eoa'
  if (current === type || (type === 'smartAccount' && current !== 'eoa')) return false
  return connection.accounts.slice(1).some((a) => (a.type ?? 'eoa') === type) || portico.hooks.switchAccountType.get(namespace)?.isUsed() === true
}

/**
 * Makes an account of the other type the active one (spec §4): to `smartAccount` only from an
 * `eoa` and only when the connection offers one, and back to `eoa`. A shared account of that type
 * is selected (`selectAccount`); otherwise the connector that creates accounts answers the
 * `switchAccountType` hook with the accounts, the chosen type first.
 *
 * @throws ProviderRpcError 4200 "This wallet does not offer a smart account" (or "… an EOA"); NotConnected as 4100
 * @example
 * await portico.switchAccountType('smartAccount')
 */
export async function switchAccountType(portico: Portico, type: SwitchableAccountType, parameters: SwitchAccountTypeParameters = {}): Promise<void> {
  const namespace = parameters.namespace ?? portico.stores.networks.activeNamespace
  if (type !== 'eoa' && type !== 'smartAccount') throw new BaseError('The account type must be "eoa" or "smartAccount"')
  const connection = portico.stores.connections.get(namespace)
  if (connection.status !== 'connected' || !connection.connectorId) throw new ProviderRpcError({ code: 4100, message: 'Not connected' })
  const current = connection.accounts[0]?.type ?? 'eoa'
  if (current === type) return
  const refusal = () => new ProviderRpcError({ code: 4200, message: type === 'smartAccount' ? 'This wallet does not offer a smart account' : 'This wallet does not offer an EOA' })
  try {
    if (!canSwitchAccountType(portico, type, namespace)) throw refusal()
    const shared = connection.accounts.slice(1).find((a) => (a.type ?? 'eoa') === type)
    if (shared) {
      await selectAccount(portico, shared.address, namespace)
      return
    }
    const accounts = await portico.hooks.switchAccountType.for(namespace).promise({ namespace, connectorId: connection.connectorId, type })
    if (!accounts || !Array.isArray(accounts) || accounts.length === 0 || accounts[0]?.type !== type) throw refusal()
    handleAccountsChanged(portico, namespace, accounts)
  } catch (error) {
    throw portico.reportError(error instanceof BaseError ? error : ProviderRpcError.from(error), { namespace, action: 'switchAccountType' })
  }
}
