import { BaseError, ProviderRpcError, type ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { canSwitchAccountType } from './canSwitchAccountType.js'

export type SwitchAccountTypeParameters = { namespace?: ChainNamespace }
export type SwitchableAccountType = 'eoa' | 'smartAccount'
export type SwitchAccountTypeErrorType = ProviderRpcError | BaseError

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
export async function switchAccountType(portico: CallsContext, type: SwitchableAccountType, parameters: SwitchAccountTypeParameters = {}): Promise<void> {
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
      // The namespace's chain adapter makes it the wallet's active account (`selectAccount`), then it leads the list.
      const accepted = await portico.chains.call(namespace, 'selectAccount', { namespace, connectorId: connection.connectorId, address: shared.address })
      if (accepted !== true) throw refusal()
      portico.reportAccountsChanged(namespace, [shared, ...connection.accounts.filter((a) => a !== shared)])
      return
    }
    const accounts = await portico.callsHooks.switchAccountType.for(namespace).promise({ namespace, connectorId: connection.connectorId, type })
    if (!accounts || !Array.isArray(accounts) || accounts.length === 0 || accounts[0]?.type !== type) throw refusal()
    portico.reportAccountsChanged(namespace, accounts)
  } catch (error) {
    throw portico.reportError(error instanceof BaseError ? error : ProviderRpcError.from(error), { namespace, action: 'switchAccountType' })
  }
}
