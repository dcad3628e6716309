import type { PorticoBase } from '../types/portico.js'
import type { SendFeeEstimate, SendFeeOption } from '../types/hooks.js'
import { checkSend, feeSpeeds, type SendParameters } from './send.js'

export type EstimateSendFeeParameters = SendParameters
/** The estimate, or undefined when no plugin of the namespace estimates fees (or the send would be refused anyway). */
export type EstimateSendFeeReturnType = SendFeeEstimate | undefined

const decimal = /^\d{1,40}(\.\d{1,40})?$/

/**
 * The most a send will cost in network fees, asked of the namespace's chain adapter
 * (`estimateSendFee`) with the same request `send` would submit (the same checks), before the
 * wallet is asked anything. A send the checks refuse, or no adapter, gives `undefined`; a
 * plugin that can refuse the send already (say, a balance too small for the amount and the fee)
 * throws its typed error here. An answer that is not a decimal fee is dropped.
 *
 * @param portico the instance
 * @param parameters what the send form holds: receiver, amount, token
 * @returns `{ fee, symbol, speeds? }` or undefined
 * @example
 * const estimate = await portico.estimateSendFee({ to, amount: '0.25' }) // { fee: '0.002', symbol: 'SUI' }
 */
export async function estimateSendFee(portico: PorticoBase, parameters: EstimateSendFeeParameters): Promise<EstimateSendFeeReturnType> {
  const ns = parameters.namespace ?? portico.stores.networks.activeNamespace
  if (!portico.chains.has(ns, 'estimateSendFee')) return undefined
  const request = await checkSend(portico, parameters).then(
    (checked) => checked.request,
    () => undefined,
  )
  if (!request) return undefined
  const estimate = await portico.chains.call(ns, 'estimateSendFee', request)
  if (!estimate || typeof estimate.fee !== 'string' || !decimal.test(estimate.fee) || typeof estimate.symbol !== 'string') return undefined
  const speeds = speedsOf(estimate.speeds)
  const speed = speeds?.some((o) => o.speed === estimate.speed) ? estimate.speed : undefined
  return { fee: estimate.fee, symbol: estimate.symbol.slice(0, 16), ...(speeds ? { speeds } : {}), ...(speed ? { speed } : {}) }
}

/** The plugin's fee speeds, each speed once with a decimal fee (a detail kept to 64 characters); fewer than two is no choice. */
function speedsOf(value: unknown): SendFeeOption[] | undefined {
  if (!Array.isArray(value)) return undefined
  const options: SendFeeOption[] = []
  for (const entry of value.slice(0, 3)) {
    const { speed, fee, detail } = (entry ?? {}) as { speed?: unknown; fee?: unknown; detail?: unknown }
    if (!feeSpeeds.includes(speed as SendFeeOption['speed']) || options.some((o) => o.speed === speed)) continue
    if (typeof fee !== 'string' || !decimal.test(fee)) continue
    options.push({ speed: speed as SendFeeOption['speed'], fee, ...(typeof detail === 'string' && detail ? { detail: detail.slice(0, 64) } : {}) })
  }
  return options.length >= 2 ? options.sort((a, b) => feeSpeeds.indexOf(a.speed) - feeSpeeds.indexOf(b.speed)) : undefined
}
