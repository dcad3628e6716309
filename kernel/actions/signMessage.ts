import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { NotConnectedError } from '../errors/connection.js'
import { NoAnswerError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { ChainNamespace } from '../types/caip.js'
import { requireHook } from './requireHook.js'
import type { SignMessageParameters } from '../types/actions.js'

export type SignMessageReturnType = string

/**
 * Asks the connected wallet to sign a plain message.
 *
 * @returns the signature as the namespace encodes it (hex for eip155, base58 for solana, …)
 * @example
 * const signature = await portico.signMessage({ message: 'hello' })
 */
export async function signMessage(portico: PorticoBase, { message, namespace }: SignMessageParameters): Promise<SignMessageReturnType> {
  const { connections, networks } = portico.stores
  const ns = namespace ?? networks.activeNamespace
  if (typeof message !== 'string') throw new BaseError('The message must be a string')
  const connection = connections.get(ns)
  const address = connections.address(ns)
  if (connection.status !== 'connected' || !address || !connection.connectorId || !connection.caipNetworkId) {
    throw new NotConnectedError({ namespace: ns })
  }
  const hook = requireHook(portico.hooks.signMessage, 'signMessage', ns)
  portico.markUserAction()
  try {
    const result = await hook.promise({ namespace: ns, connectorId: connection.connectorId, address, caipNetworkId: connection.caipNetworkId, message })
    if (!result) throw new NoAnswerError({ hook: 'signMessage', namespace: ns })
    return result.signature
  } catch (error) {
    const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
    throw portico.reportError(typed, { namespace: ns, action: 'signMessage' })
  }
}
export type { SignMessageParameters } from '../types/actions.js'
