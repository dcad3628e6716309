import type { Portico } from '../createPortico.js'
import { BaseError } from '../errors/BaseError.js'
import { ChainNotSupportedError, NotConnectedError } from '../errors/connection.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ConnectionRequest } from '../types/connection.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'

export type RequestParameters = ConnectionRequest & { namespace?: ChainNamespace }

/**
 * Sends one wallet request over a namespace's connection channel (the namespace is the
 * `chainId`'s unless given). Chain plugins use it to encode their requests over any connector
 * that returned a `channel` (WalletConnect, …). Nothing is sent for a malformed request, a
 * namespace without a channel, or a chain the wallet did not approve.
 *
 * @returns the wallet's raw answer (the chain plugin decodes it)
 * @throws NotConnectedError, ChainNotSupportedError, or the connector's typed error
 * @example
 * await portico.request({ method: 'personal_sign', params: [hex, address], chainId: 'eip155:1' })
 */
export async function request(portico: Portico, parameters: RequestParameters): Promise<unknown> {
  const { method, params, chainId } = parameters ?? ({} as RequestParameters)
  if (typeof method !== 'string' || method.length === 0 || method.length > 200) throw new BaseError('A request needs a method name', { metaMessages: [`Received: ${typeof method}`] })
  const parsed = parseCaipNetworkId(chainId)
  const namespace = parameters.namespace ?? parsed.namespace
  if (parsed.namespace !== namespace) throw new ChainNotSupportedError({ caipNetworkId: parsed.caipNetworkId })
  const channel = portico.stores.connections.channel(namespace)
  if (!channel) throw new NotConnectedError({ namespace })
  if (channel.chains && !channel.chains().includes(parsed.caipNetworkId)) throw new ChainNotSupportedError({ caipNetworkId: parsed.caipNetworkId })
  return channel.request({ method, params, chainId: parsed.caipNetworkId })
}
