import type { Portico } from '../createPortico.js'
import type { SendFeeEstimate } from '../types/hooks.js'
import { checkSend, type SendParameters } from './send.js'

export type EstimateSendFeeParameters = SendParameters
/** The estimate, or undefined when no plugin of the namespace estimates fees (or the send would be refused anyway). */
export type EstimateSendFeeReturnType = SendFeeEstimate | undefined

const decimal = /^\d{1,40}(\.\d{1,40})?$/

/**
 * The most a send will cost in network fees, asked of the namespace's `estimateSendFee` tap with
 * the same prepared request `send` would submit (the same checks, then the `prepareSend` taps),
 * before the wallet is asked anything. A send the checks refuse, or no tap, gives `undefined`; a
 * plugin that can refuse the send already (say, a balance too small for the amount and the fee)
 * throws its typed error here. An answer that is not a decimal fee is dropped.
 *
 * @param portico the instance
 * @param parameters what the send form holds: receiver, amount, token
 * @returns `{ fee, symbol }` or undefined
 * @example
 * const estimate = await portico.estimateSendFee({ to, amount: '0.25' }) // { fee: '0.002', symbol: 'SUI' }
 */
export async function estimateSendFee(portico: Portico, parameters: EstimateSendFeeParameters): Promise<EstimateSendFeeReturnType> {
  const ns = parameters.namespace ?? portico.stores.networks.activeNamespace
  const hook = portico.hooks.estimateSendFee.get(ns)
  if (!hook?.isUsed()) return undefined
  const request = await checkSend(portico, parameters).then(
    (checked) => checked.request,
    () => undefined,
  )
  if (!request) return undefined
  const estimate = await hook.promise(await portico.hooks.prepareSend.promise(request))
  if (!estimate || typeof estimate.fee !== 'string' || !decimal.test(estimate.fee) || typeof estimate.symbol !== 'string') return undefined
  return { fee: estimate.fee, symbol: estimate.symbol.slice(0, 16) }
}
