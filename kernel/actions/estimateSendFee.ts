import type { Portico } from '../createPortico.js'
import type { SendFeeEstimate } from '../types/hooks.js'
import type { SendParameters } from './send.js'

export type EstimateSendFeeParameters = SendParameters
/** The estimate, or undefined when no plugin of the namespace estimates fees (or nothing is connected). */
export type EstimateSendFeeReturnType = SendFeeEstimate | undefined

/**
 * The most a send will cost in network fees, asked of the namespace's `estimateSendFee` tap with
 * the same prepared request `send` would submit (after the `prepareSend` taps), before the wallet
 * is asked anything. A plugin that can refuse the send already (say, a balance too small for the
 * amount and the fee) throws its typed error here.
 *
 * @param portico the instance
 * @param parameters what the send form holds: receiver, amount, token
 * @returns `{ fee, symbol }` or undefined
 * @example
 * const estimate = await portico.estimateSendFee({ to, amount: '0.25' }) // { fee: '0.002', symbol: 'SUI' }
 */
export async function estimateSendFee(portico: Portico, parameters: EstimateSendFeeParameters): Promise<EstimateSendFeeReturnType> {
  const { connections, networks, accounts } = portico.stores
  const ns = parameters.namespace ?? networks.activeNamespace
  const hook = portico.hooks.estimateSendFee.get(ns)
  const connection = connections.get(ns)
  const from = connections.address(ns)
  const network = networks.find(connection.caipNetworkId) ?? networks.activeOf(ns)
  if (!hook?.isUsed() || connection.status !== 'connected' || !from || !connection.connectorId || !network) return undefined
  const { token } = parameters
  const entry = token ? (accounts.get(ns).tokenBalances ?? []).find((b) => b.address?.toLowerCase() === token.toLowerCase()) : undefined
  const decimals = entry ? Number(entry.quantity.decimals) : network.nativeCurrency.decimals
  const prepared = await portico.hooks.prepareSend.promise({
    namespace: ns,
    connectorId: connection.connectorId,
    from,
    network,
    to: parameters.to.trim(),
    amount: parameters.amount.trim(),
    decimals,
    ...(token ? { token } : {}),
  })
  return hook.promise(prepared)
}
