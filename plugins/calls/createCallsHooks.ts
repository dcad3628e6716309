import { AsyncSeriesBailHook, HookMap } from '../../kernel/kernel.js'
import type { CallsHooks } from './types.js'

/**
 * The calls plugin's hooks ({@link CallsHooks}), declared in its `setup` (`context.declareHooks`).
 *
 * @returns one new set of hooks
 * @example
 * const hooks = portico.declareHooks(createCallsHooks())
 */
export function createCallsHooks(): CallsHooks {
  return {
    getCapabilities: new HookMap(() => new AsyncSeriesBailHook(['request'])),
    sendCalls: new HookMap(() => new AsyncSeriesBailHook(['request'])),
    getCallsStatus: new HookMap(() => new AsyncSeriesBailHook(['request'])),
    showCallsStatus: new HookMap(() => new AsyncSeriesBailHook(['request'])),
    smartAccount: new HookMap(() => new AsyncSeriesBailHook(['request'])),
    switchAccountType: new HookMap(() => new AsyncSeriesBailHook(['request'])),
  }
}
