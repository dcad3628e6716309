import type { ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { CallsStatusTimeoutError } from '../errors.js'
import type { CallsStatus } from '../types.js'
import { getCallsStatus } from './getCallsStatus.js'

export type WaitForCallsStatusParameters = { timeoutMs?: number; intervalMs?: number; namespace?: ChainNamespace }
export type WaitForCallsStatusReturnType = CallsStatus
export type WaitForCallsStatusErrorType = CallsStatusTimeoutError

/**
 * Polls `getCallsStatus` (every `intervalMs`, default 1 s, up to `timeoutMs`, default 60 s) until
 * the batch is no longer `pending`.
 *
 * @returns the final status (`success`, `failure` or `partial`)
 * @throws CallsStatusTimeoutError when still pending at the deadline; whatever `getCallsStatus` throws
 * @example
 * const { status } = await portico.waitForCallsStatus(id, { timeoutMs: 30_000 })
 */
export async function waitForCallsStatus(portico: CallsContext, id: string, { timeoutMs = 60_000, intervalMs = 1_000, namespace }: WaitForCallsStatusParameters = {}): Promise<WaitForCallsStatusReturnType> {
  const interval = Number.isFinite(intervalMs) && intervalMs >= 10 ? intervalMs : 1_000
  const limit = Number.isFinite(timeoutMs) && timeoutMs >= 0 ? timeoutMs : 60_000
  const deadline = portico.clock.now() + limit
  for (;;) {
    const status = await getCallsStatus(portico, id, namespace ? { namespace } : {})
    if (status.status !== 'pending') return status
    if (portico.clock.now() + interval > deadline) throw new CallsStatusTimeoutError({ id, timeoutMs: limit })
    await new Promise<void>((resolve) => portico.clock.setTimeout(resolve, interval))
  }
}
