import { BaseError, ProviderRpcError, requireHook, type ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { requireConnectedAccount } from './requireConnectedAccount.js'

export type ShowCallsStatusParameters = { namespace?: ChainNamespace }
export type ShowCallsStatusErrorType = ProviderRpcError | BaseError

/**
 * Asks the wallet to show a batch to the visitor (EIP-5792 `wallet_showCallsStatus`).
 *
 * @throws NotConnectedError; the wallet's ProviderRpcError (5730 unknown id, 4200 when the connection cannot carry the method)
 * @example
 * await portico.showCallsStatus(id)
 */
export async function showCallsStatus(portico: CallsContext, id: string, parameters: ShowCallsStatusParameters = {}): Promise<void> {
  const namespace = parameters.namespace ?? portico.stores.networks.activeNamespace
  if (typeof id !== 'string' || id.length === 0 || id.length > 8192) throw new BaseError('The batch id must be a non-empty string')
  const account = requireConnectedAccount(portico, namespace)
  const hook = requireHook(portico.callsHooks.showCallsStatus, 'showCallsStatus', namespace)
  portico.markUserAction()
  try {
    const shown = await hook.promise({ namespace, connectorId: account.connectorId, id, network: account.network })
    if (shown !== true) throw new ProviderRpcError({ code: 4200, message: 'The wallet does not offer wallet_showCallsStatus' })
  } catch (error) {
    throw portico.reportError(error instanceof BaseError ? error : ProviderRpcError.from(error), { namespace, action: 'showCallsStatus' })
  }
}
