import type { Portico } from '../createPorticoKernel.js'
import type { FetchUserOperationReceiptParameters } from '../actions/fetchUserOperationReceipt.js'
import type { GetCallsStatusParameters } from '../actions/getCallsStatus.js'
import type { GetCapabilitiesParameters } from '../actions/getCapabilities.js'
import type { SendCallsParameters } from '../actions/sendCalls.js'
import type { ShowCallsStatusParameters } from '../actions/showCallsStatus.js'
import type { WaitForCallsStatusParameters } from '../actions/waitForCallsStatus.js'
import type { CallsStatus, SendCallsResult, UserOperationReceipt, WalletCapabilitiesByChain } from '../types/calls.js'

/**
 * The EIP-5792 actions, as `portico/calls` registers them (its store `calls`): the handle's
 * `sendCalls`, `getCallsStatus` … call them with the instance, and throw `PluginRequiredError`
 * without the plugin, so a site that never batches calls pays nothing for them.
 */
export type CallsApi = {
  getCapabilities(portico: Portico, parameters?: GetCapabilitiesParameters): Promise<WalletCapabilitiesByChain>
  sendCalls(portico: Portico, parameters: SendCallsParameters): Promise<SendCallsResult>
  getCallsStatus(portico: Portico, id: string, parameters?: GetCallsStatusParameters): Promise<CallsStatus>
  waitForCallsStatus(portico: Portico, id: string, parameters?: WaitForCallsStatusParameters): Promise<CallsStatus>
  showCallsStatus(portico: Portico, id: string, parameters?: ShowCallsStatusParameters): Promise<void>
  fetchUserOperationReceipt(portico: Portico, userOpHash: string, parameters?: FetchUserOperationReceiptParameters): Promise<UserOperationReceipt | null>
}
