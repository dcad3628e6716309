import { BaseError, ProviderRpcError, type ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { CallsStatusNotApprovedError } from '../errors.js'
import type { CallsStatus } from '../types.js'
import { fetchUserOperationReceipt } from './fetchUserOperationReceipt.js'
import { refreshSmartAccount } from './refreshSmartAccount.js'
import { requireConnectedAccount } from './requireConnectedAccount.js'

export type GetCallsStatusParameters = { namespace?: ChainNamespace }
export type GetCallsStatusReturnType = CallsStatus
export type GetCallsStatusErrorType = CallsStatusNotApprovedError | ProviderRpcError | BaseError

const userOpHash = /^0x[0-9a-fA-F]{64}$/

/**
 * The state of a batch: the wallet's `wallet_getCallsStatus` when the connection carries it;
 * else, for a user-operation hash on a WalletConnect session that names a bundler
 * (`bundler_name`), the server's bundler route; `sequential:` ids from the chain's receipts. A
 * batch that succeeded refreshes `smartAccountDeployed`.
 *
 * @throws CallsStatusNotApprovedError ('Fetching call status not approved by the wallet') when nobody can answer; the wallet's ProviderRpcError (5730 unknown id)
 * @example
 * const { status, receipts } = await portico.getCallsStatus(id)
 */
export async function getCallsStatus(portico: CallsContext, id: string, parameters: GetCallsStatusParameters = {}): Promise<GetCallsStatusReturnType> {
  const namespace = parameters.namespace ?? portico.stores.networks.activeNamespace
  if (typeof id !== 'string' || id.length === 0 || id.length > 8192) throw new BaseError('The batch id must be a non-empty string')
  const account = requireConnectedAccount(portico, namespace)
  const hook = portico.callsHooks.getCallsStatus.get(namespace)
  let status: CallsStatus | undefined
  try {
    status = hook?.isUsed() ? await hook.promise({ namespace, connectorId: account.connectorId, id, network: account.network }) : undefined
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
  if (!status) status = await fromBundler(portico, namespace, id, account.network.caipNetworkId)
  if (status.status === 'success') void refreshSmartAccount(portico, namespace)
  return status
}

/** The contract's second source: a WalletConnect session that named its bundler, and an id that is a user-operation hash. */
async function fromBundler(portico: CallsContext, namespace: ChainNamespace, id: string, caipNetworkId: CallsStatus['caipNetworkId']): Promise<CallsStatus> {
  const bundler = portico.stores.connections.channel(namespace)?.properties?.()?.bundler_name
  if (!userOpHash.test(id) || typeof bundler !== 'string' || bundler === '') throw new CallsStatusNotApprovedError()
  const receipt = await fetchUserOperationReceipt(portico, id, { caipNetworkId, bundler })
  if (!receipt) return { id, caipNetworkId, status: 'pending', statusCode: 100, atomic: true, receipts: [] }
  return {
    id,
    caipNetworkId,
    status: receipt.success ? 'success' : 'failure',
    statusCode: receipt.success ? 200 : 500,
    atomic: true,
    receipts: [{ transactionHash: receipt.transactionHash, status: receipt.success ? 'success' : 'reverted', blockNumber: receipt.blockNumber, gasUsed: receipt.actualGasUsed }],
  }
}
