import type { ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { InvalidCallsError } from '../errors.js'
import type { Call } from '../types.js'

const hex = /^0x(?:[0-9a-fA-F]{2})*$/
const units = /^\d{1,78}$/
/** The most calls one batch may carry (the contract's 1–100). */
export const maxCallsPerBatch = 100

/**
 * Checks a batch the way `sendTransaction` checks one transaction (receiver an address of the
 * namespace, `data` hex, `value` whole base units) and returns clean copies; nothing reaches a
 * wallet before this passes.
 *
 * @throws InvalidCallsError naming the first bad call
 * @example
 * validateCalls(portico, 'eip155', [{ to: token, data: '0xa9059cbb…' }])
 */
export function validateCalls(portico: CallsContext, namespace: ChainNamespace, calls: unknown): Call[] {
  if (!Array.isArray(calls) || calls.length === 0) throw new InvalidCallsError('A batch needs at least one call')
  if (calls.length > maxCallsPerBatch) throw new InvalidCallsError(`A batch carries at most ${maxCallsPerBatch} calls`, { metaMessages: [`calls: ${calls.length}`] })
  return calls.map((call: unknown, index) => {
    if (typeof call !== 'object' || call === null) throw new InvalidCallsError(`Call ${index} is not an object`)
    const { to, data, value } = call as { to?: unknown; data?: unknown; value?: unknown }
    if (typeof to !== 'string' || !portico.isAddress(to, namespace)) throw new InvalidCallsError(`Call ${index} has no valid receiver`, { metaMessages: [`to: ${String(to).slice(0, 80)}`] })
    if (data !== undefined && (typeof data !== 'string' || !hex.test(data) || data.length > 200_000)) throw new InvalidCallsError(`Call ${index}: data must be hex`)
    if (value !== undefined && (typeof value !== 'string' || !units.test(value))) throw new InvalidCallsError(`Call ${index}: value must be a whole number in base units`)
    return { to, ...(data !== undefined && data !== '0x' ? { data } : {}), ...(value !== undefined && value !== '0' ? { value } : {}) }
  })
}
