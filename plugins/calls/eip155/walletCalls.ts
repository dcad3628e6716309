// The calls plugin's EIP-5792 and smart-account taps for eip155 wallets, loaded with `await import()`
// on the first batch, capabilities question or connection.
import { ProviderRpcError, toHexChainId, type CaipNetworkId, type PluginContext } from '../../../kernel/kernel.js'
import { sequentialIdPrefix } from '../sequentialIdPrefix.js'
import type { CallsStatus, GetCallsStatusRequest, GetCapabilitiesRequest, SendCallsRequest, SendCallsResult, ShowCallsStatusRequest, WalletCapabilitiesByChain } from '../types.js'
import { parseCallsStatus } from './parseCallsStatus.js'
import { parseCapabilities } from './parseCapabilities.js'
import { parseSendCallsResult } from './parseSendCallsResult.js'
import { readSequentialStatus } from './readSequentialStatus.js'
import { toSendCallsParams } from './toSendCallsParams.js'

export { readDeployed } from './readDeployed.js'
export { typedAccounts } from './typedAccounts.js'

/**
 * `wallet_getCapabilities [address, hexChainIds?]` for the `getCapabilities` hook (account types
 * read the same method, {@link typedAccounts}), keyed by CAIP-2 and narrowed to the chains asked
 * for; `undefined` to pass when the wallet cannot be asked.
 *
 * @throws InvalidWalletAnswerError for a malformed answer; the wallet's error as it threw it
 * @example
 * await getCapabilities(portico, request) // { 'eip155:31337': { atomic: { status: 'supported' } } }
 */
export async function getCapabilities(portico: PluginContext, request: GetCapabilitiesRequest): Promise<WalletCapabilitiesByChain | undefined> {
  const asked = request.caipNetworkIds
  const answer = await portico.walletRequest({ connectorId: request.connectorId, chainId: request.network.caipNetworkId, method: 'wallet_getCapabilities', params: asked ? [request.address, asked.map(toHexChainId)] : [request.address] })
  if (!answer) return undefined
  const all = parseCapabilities(answer.result)
  return asked ? Object.fromEntries(Object.entries(all).filter(([id]) => asked.includes(id as CaipNetworkId))) : all
}

/**
 * `wallet_sendCalls` (EIP-5792 v2) for the `sendCalls` hook; `undefined` to pass when the wallet
 * cannot be asked.
 *
 * @throws InvalidWalletAnswerError for a malformed answer; the wallet's error as it threw it
 * @example
 * await sendCalls(portico, request) // { id: '0xab…' }
 */
export async function sendCalls(portico: PluginContext, request: SendCallsRequest): Promise<SendCallsResult | undefined> {
  const answer = await portico.walletRequest({ connectorId: request.connectorId, chainId: request.network.caipNetworkId, method: 'wallet_sendCalls', params: toSendCallsParams(request) })
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
  const answer = await portico.walletRequest({ connectorId: request.connectorId, chainId: request.network.caipNetworkId, method: 'wallet_getCallsStatus', params: [request.id] })
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
  const answer = await portico.walletRequest({ connectorId: request.connectorId, chainId: request.network.caipNetworkId, method: 'wallet_showCallsStatus', params: [request.id] })
  return answer && true
}
