import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { NotConnectedError } from '../errors/connection.js'
import { NoAnswerError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import type { SendTransactionRequest } from '../types/hooks.js'
import type { SendTransactionParameters } from '../types/actions.js'


const hex = /^0x(?:[0-9a-fA-F]{2})*$/
const units = /^\d{1,78}$/

/**
 * Sends a transaction a feature plugin built (a swap, an approval) from the connected account,
 * through the namespace's chain adapter (`sendTransaction`): it hands it to the wallet as it is.
 * The shapes are checked first (`data` hex, `value` and `gas` whole base units); nothing is asked
 * of the wallet for a malformed one.
 *
 * @returns the transaction hash once the wallet sent it
 * @throws NotConnectedError, BaseError for a malformed transaction, NoAnswerError when no plugin sends it, or the wallet's ProviderRpcError
 * @example
 * const hash = await portico.sendTransaction({ to: router, data: '0x…', value: '100000000000000000' })
 */
export async function sendTransaction(portico: PorticoBase, parameters: SendTransactionParameters): Promise<string> {
  const { connections, networks } = portico.stores
  const namespace = parameters.namespace ?? networks.activeNamespace
  const { to, data, value, gas } = parameters
  if (typeof to !== 'string' || !portico.isAddress(to, namespace)) throw new BaseError('The transaction has no valid receiver', { metaMessages: [`to: ${String(to).slice(0, 80)}`] })
  if (data !== undefined && (typeof data !== 'string' || !hex.test(data) || data.length > 200_000)) throw new BaseError('The transaction data must be hex')
  for (const [name, field] of [['value', value], ['gas', gas]] as const) {
    if (field !== undefined && (typeof field !== 'string' || !units.test(field))) throw new BaseError(`The transaction ${name} must be a whole number in base units`)
  }
  const connection = connections.get(namespace)
  const from = connections.address(namespace)
  const network = networks.find(connection.caipNetworkId) ?? networks.activeOf(namespace)
  if (connection.status !== 'connected' || !from || !connection.connectorId || !network) throw new NotConnectedError({ namespace })
  if (!portico.chains.has(namespace, 'sendTransaction')) throw new NoAnswerError({ hook: 'sendTransaction', namespace })
  portico.markUserAction()
  try {
    const result = await portico.chains.call(namespace, 'sendTransaction', { namespace, connectorId: connection.connectorId, from, network, transaction: { to, ...(data ? { data } : {}), ...(value ? { value } : {}), ...(gas ? { gas } : {}) } })
    if (!result) throw new NoAnswerError({ hook: 'sendTransaction', namespace })
    return result.hash
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
}
export type { SendTransactionParameters } from '../types/actions.js'
