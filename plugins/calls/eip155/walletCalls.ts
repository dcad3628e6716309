// The calls plugin's EIP-5792 taps for eip155 wallets, loaded with `await import()` on the first batch.
import { ProviderRpcError, sequentialIdPrefix, type CallsStatus, type GetCallsStatusRequest, type PluginContext, type SendCallsRequest, type SendCallsResult, type ShowCallsStatusRequest } from '../../../kernel/kernel.js'
import { askWallet } from './askWallet.js'
import { parseCallsStatus } from './parseCallsStatus.js'
import { parseSendCallsResult } from './parseSendCallsResult.js'
import { readSequentialStatus } from './readSequentialStatus.js'
import { toSendCallsParams } from './toSendCallsParams.js'

/**
 * `wallet_sendCalls` (EIP-5792 v2) for the `sendCalls` hook; `undefined` to pass when the wallet
 * cannot be asked.
 *
 * @throws InvalidWalletAnswerError for a malformed answer; the wallet's error as it threw it
 * @example
 * await sendCalls(portico, request) // { id: '0xab…' }
 */
export async function sendCalls(portico: PluginContext, request: SendCallsRequest): Promise<SendCallsResult | undefined> {
  const answer = await askWallet(portico, request.connectorId, request.network.caipNetworkId, 'wallet_sendCalls', toSendCallsParams(request))
  return answer && parseSendCallsResult(answer.result)
}

/**
 * A batch's state for the `getCallsStatus` hook: the chain's receipts for the kernel's
 * `sequential:` ids, else `wallet_getCallsStatus`; `undefined` to pass when the wallet cannot be asked.
 *
 * @throws InvalidWalletAnswerError for a malformed answer; InvalidCallsError for a malformed sequential id
 * @example
 * await getCallsStatus(portico, { namespace: 'eip155', connectorId, id, network }) // { status: 'success', … }
 */
export async function getCallsStatus(portico: PluginContext, request: GetCallsStatusRequest): Promise<CallsStatus | undefined> {
  if (request.id.startsWith(sequentialIdPrefix)) return readSequentialStatus(portico, request.network, request.id)
  const answer = await askWallet(portico, request.connectorId, request.network.caipNetworkId, 'wallet_getCallsStatus', [request.id])
  return answer && parseCallsStatus(answer.result, request.id, request.network.caipNetworkId)
}

/**
 * `wallet_showCallsStatus` for the `showCallsStatus` hook; `undefined` to pass when the wallet
 * cannot be asked.
 *
 * @throws ProviderRpcError 4200 for a batch sent call by call (no wallet has it)
 * @example
 * await showCallsStatus(portico, { namespace: 'eip155', connectorId, id, network }) // true
 */
export async function showCallsStatus(portico: PluginContext, request: ShowCallsStatusRequest): Promise<true | undefined> {
  if (request.id.startsWith(sequentialIdPrefix)) throw new ProviderRpcError({ code: 4200, message: 'A batch sent call by call has no wallet view' })
  const answer = await askWallet(portico, request.connectorId, request.network.caipNetworkId, 'wallet_showCallsStatus', [request.id])
  return answer && true
}
