import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { CaipNetworkId } from '../types/caip.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'
import { requireMethodName } from './requireMethodName.js'
import type { WalletRequestParameters, WalletRequestReturnType } from '../types/actions.js'

export type WalletRequestErrorType = ProviderRpcError | BaseError

/**
 * Sends one request to a given wallet of a namespace (the `chainId`'s) for a feature plugin that
 * asks the wallet a question of its own (EIP-5792 batches, capabilities), also while that wallet is
 * still connecting: first through the chain plugin that holds the wallet's provider (its adapter's
 * `request`, for that `connectorId`), else over the namespace's channel (WalletConnect) when it belongs
 * to that wallet and the wallet approved `method` on `chainId`. Unlike `request`, nothing needs to
 * be connected, and a request nothing can carry resolves `undefined` (the caller then passes, and
 * the kernel decides) instead of throwing.
 *
 * @returns `{ result }` with the wallet's raw answer (the caller checks it), or `undefined`
 * @throws BaseError for a malformed request; the wallet's error (a ProviderRpcError with its code; another typed error as it is)
 * @example
 * await context.walletRequest({ connectorId: 'io.metamask', chainId: 'eip155:1', method: 'wallet_getCallsStatus', params: [id] }) // { result: { status: 200, … } }
 */
export async function walletRequest(portico: PorticoBase, { connectorId, chainId, method, params }: WalletRequestParameters): Promise<WalletRequestReturnType> {
  requireMethodName(method)
  if (typeof connectorId !== 'string' || connectorId.length === 0) throw new BaseError('A wallet request needs the connector id of the wallet to ask')
  const { namespace, caipNetworkId } = parseCaipNetworkId(chainId)
  try {
    const injected = await portico.chains.call(namespace, 'request', { namespace, connectorId, method, ...(params === undefined ? {} : { params }), chainId: caipNetworkId })
    if (injected) return injected
    const channel = portico.stores.connections.channel(namespace)
    if (!channel || portico.stores.connections.get(namespace).connectorId !== connectorId) return undefined
    if (channel.supports && !channel.supports(method, caipNetworkId)) return undefined
    return { result: await channel.request({ method, params, chainId: caipNetworkId }) }
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
}
export type { WalletRequestParameters, WalletRequestReturnType } from '../types/actions.js'
