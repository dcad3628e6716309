import type { Portico } from '../createPorticoKernel.js'
import type { FetchUserOperationReceiptParameters } from '../actions/fetchUserOperationReceipt.js'
import type { GetCallsStatusParameters } from '../actions/getCallsStatus.js'
import type { GetCapabilitiesParameters } from '../actions/getCapabilities.js'
import type { SendCallsParameters } from '../actions/sendCalls.js'
import type { ShowCallsStatusParameters } from '../actions/showCallsStatus.js'
import type { SwitchAccountTypeParameters, SwitchableAccountType } from '../actions/switchAccountType.js'
import type { WaitForCallsStatusParameters } from '../actions/waitForCallsStatus.js'
import type { ChainNamespace } from '../types/caip.js'
import type { CallsStatus, SendCallsResult, UserOperationReceipt, WalletCapabilitiesByChain } from '../types/calls.js'

/**
 * The EIP-5792 and smart-account actions, as `portico/calls` registers them (its store `calls`):
 * the handle's `sendCalls`, `getCallsStatus` … and `switchAccountType` call them with the
 * instance, and throw `PluginRequiredError` without the plugin, so a site that never batches calls
 * nor uses smart accounts pays nothing for them. After a connection the kernel asks
 * `applyDefaultAccountType` when the plugin is installed.
 */
export type CallsApi = {
  getCapabilities(portico: Portico, parameters?: GetCapabilitiesParameters): Promise<WalletCapabilitiesByChain>
  sendCalls(portico: Portico, parameters: SendCallsParameters): Promise<SendCallsResult>
  getCallsStatus(portico: Portico, id: string, parameters?: GetCallsStatusParameters): Promise<CallsStatus>
  waitForCallsStatus(portico: Portico, id: string, parameters?: WaitForCallsStatusParameters): Promise<CallsStatus>
  showCallsStatus(portico: Portico, id: string, parameters?: ShowCallsStatusParameters): Promise<void>
  fetchUserOperationReceipt(portico: Portico, userOpHash: string, parameters?: FetchUserOperationReceiptParameters): Promise<UserOperationReceipt | null>
  switchAccountType(portico: Portico, type: SwitchableAccountType, parameters?: SwitchAccountTypeParameters): Promise<void>
  applyDefaultAccountType(portico: Portico, namespace: ChainNamespace): Promise<void>
}
