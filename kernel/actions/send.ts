import type { Portico } from '../createPortico.js'
import { BaseError } from '../errors/BaseError.js'
import { NotConnectedError } from '../errors/connection.js'
import { NoAnswerError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import { parseCaipAddress } from '../utils/parseCaipAddress.js'
import { requireHook } from './requireHook.js'

export type SendParameters = { to: string; amount: string; token?: CaipAddress; namespace?: ChainNamespace }
export type SendReturnType = string

/** A send request that breaks the spec's validation rules (§5). */
export class SendValidationError extends BaseError {
  override name = 'SendValidationError'
  override code = 'SEND_INVALID'
  constructor(shortMessage: string) {
    super(shortMessage, { docsPath: '/kernel/errors.md#sendvalidationerror' })
  }
}

const decimalAmount = /^(?:0|[1-9]\d*)(?:\.\d+)?$/

/**
 * Sends native currency or a token from the connected account: validated before the wallet is
 * asked anything, shaped by `prepareSend` taps, submitted by the namespace's `send` tap.
 *
 * @returns the transaction hash (or signature) once the wallet has sent it
 * @example
 * const hash = await portico.send({ to: '0x…', amount: '0.5' })
 */
export async function send(portico: Portico, parameters: SendParameters): Promise<SendReturnType> {
  const { connections, networks } = portico.stores
  const ns = parameters.namespace ?? networks.activeNamespace
  const { to, amount, token } = parameters
  if (!amount || !to) throw new SendValidationError('An amount and receiver address are required')
  if (typeof amount !== 'string' || !decimalAmount.test(amount) || /^0(?:\.0+)?$/.test(amount)) {
    throw new SendValidationError('The amount must be a positive decimal number')
  }
  if (!portico.isAddress(to, ns)) throw new SendValidationError('Invalid Address')
  if (token !== undefined) {
    const parsed = (() => {
      try {
        return parseCaipAddress(token)
      } catch (cause) {
        throw new SendValidationError('A token is required')
      }
    })()
    if (parsed.namespace !== ns) throw new SendValidationError('A token is required')
  }
  const connection = connections.get(ns)
  const from = connections.address(ns)
  const network = networks.activeOf(ns)
  if (connection.status !== 'connected' || !from || !connection.connectorId || !network) throw new NotConnectedError({ namespace: ns })
  const hook = requireHook(portico.hooks.send, 'send', ns)
  portico.markUserAction()
  try {
    const prepared = await portico.hooks.prepareSend.promise({
      namespace: ns,
      connectorId: connection.connectorId,
      from,
      network,
      to,
      amount,
      ...(token ? { token } : {}),
    })
    const result = await hook.promise(prepared)
    if (!result) throw new NoAnswerError({ hook: 'send', namespace: ns })
    return result.hash
  } catch (error) {
    const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
    throw portico.reportError(typed, { namespace: ns, action: 'send' })
  }
}
