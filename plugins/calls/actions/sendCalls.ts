import { BaseError, ProviderRpcError, requireHook, type ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { InvalidCallsError, SequentialCallsError } from '../errors.js'
import type { Call, SendCallsResult, WalletCapabilities } from '../types.js'
import { requireConnectedAccount } from './requireConnectedAccount.js'
import { sequentialIdPrefix } from '../sequentialIdPrefix.js'
import { validateCalls } from './validateCalls.js'

export type SendCallsParameters = {
  calls: readonly Call[]
  /** The batch must run all or nothing (a wallet that cannot answers 5760). Default false. */
  atomicRequired?: boolean
  /** Capabilities for the wallet (`paymasterService: { url }`, …), passed as they are. */
  capabilities?: WalletCapabilities
  /** The site's own id for the batch. */
  id?: string
  /** `sequential`: when the wallet lacks `wallet_sendCalls`, send each call as its own transaction (never for an atomic batch). */
  fallback?: 'sequential'
  namespace?: ChainNamespace
}
export type SendCallsReturnType = SendCallsResult
export type SendCallsErrorType = InvalidCallsError | ProviderRpcError | BaseError


/** Codes that mean the wallet lacks the method (EIP-1474 -32601, EIP-1193 4200). */
const missingMethodCodes: readonly number[] = [-32601, 4200]

/**
 * Sends one batch of calls from the connected account on its current chain (EIP-5792
 * `wallet_sendCalls`, version 2.0.0). The calls are checked first; nothing reaches the wallet for a
 * malformed batch. With `fallback: 'sequential'` and no `atomicRequired`, a wallet that lacks the
 * method gets each call as its own transaction and the id is `sequential:<hash>,<hash>…`.
 *
 * @returns `{ id }` to follow with `getCallsStatus` / `waitForCallsStatus`
 * @throws InvalidCallsError, NotConnectedError, the wallet's ProviderRpcError (5700–5760 kept; 4001 and 5000 are the visitor saying no)
 * @example
 * const { id } = await portico.sendCalls({ calls: [{ to: token, data: approveData }, { to: token, data: transferData }], atomicRequired: true })
 */
export async function sendCalls(portico: CallsContext, parameters: SendCallsParameters): Promise<SendCallsReturnType> {
  const namespace = parameters?.namespace ?? portico.stores.networks.activeNamespace
  const calls = validateCalls(portico, namespace, parameters?.calls)
  const { atomicRequired = false, capabilities, id, fallback } = parameters
  if (typeof atomicRequired !== 'boolean') throw new InvalidCallsError('atomicRequired must be true or false')
  if (capabilities !== undefined && (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))) throw new InvalidCallsError('capabilities must be an object')
  if (id !== undefined && (typeof id !== 'string' || id.length === 0 || id.length > 4096 || id.startsWith(sequentialIdPrefix))) throw new InvalidCallsError('The batch id must be a string of 1–4096 characters (not starting with "sequential:")')
  if (fallback !== undefined && fallback !== 'sequential') throw new InvalidCallsError('fallback must be "sequential"')
  const account = requireConnectedAccount(portico, namespace)
  const hook = requireHook(portico.callsHooks.sendCalls, 'sendCalls', namespace)
  portico.markUserAction()
  let result: SendCallsResult | undefined
  try {
    result = await hook.promise({ namespace, connectorId: account.connectorId, from: account.address, network: account.network, calls, atomicRequired, ...(capabilities ? { capabilities } : {}), ...(id !== undefined ? { id } : {}) })
    if (!result) throw new ProviderRpcError({ code: 4200, message: 'The wallet does not offer wallet_sendCalls' })
  } catch (error) {
    const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
    const lacksMethod = typed instanceof ProviderRpcError && missingMethodCodes.includes(typed.code)
    if (!lacksMethod || fallback !== 'sequential' || atomicRequired) throw portico.reportError(typed, { namespace, action: 'sendCalls' })
    result = undefined
  }
  if (result) return result
  // The wallet lacks wallet_sendCalls and the site allowed the calls one by one.
  const hashes: string[] = []
  for (const call of calls) {
    try {
      hashes.push(await portico.sendTransaction({ ...call, namespace }))
    } catch (error) {
      if (hashes.length === 0) throw portico.reportError(error, { namespace, action: 'sendCalls' })
      throw portico.reportError(new SequentialCallsError({ hashes, total: calls.length, cause: error }), { namespace, action: 'sendCalls' })
    }
  }
  return { id: `${sequentialIdPrefix}${hashes.join(',')}` }
}
