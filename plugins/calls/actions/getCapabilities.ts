import { BaseError, ProviderRpcError, isCaipNetworkId, requireHook, type CaipNetworkId, type ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'
import { MissingCapabilitiesAddressError } from '../errors.js'
import type { WalletCapabilitiesByChain } from '../types.js'
import { requireConnectedAccount } from './requireConnectedAccount.js'

export type GetCapabilitiesParameters = { address?: string; namespace?: ChainNamespace; caipNetworkIds?: readonly CaipNetworkId[] }
export type GetCapabilitiesReturnType = WalletCapabilitiesByChain
export type GetCapabilitiesErrorType = MissingCapabilitiesAddressError | ProviderRpcError | BaseError

/**
 * Asks the connected wallet what it can do for an account (EIP-5792 `wallet_getCapabilities`),
 * per chain, keyed by CAIP-2 network id. `address` defaults to the connected account.
 *
 * @returns the capabilities by chain, e.g. `{ 'eip155:31337': { atomic: { status: 'supported' } } }`
 * @throws MissingCapabilitiesAddressError ('Missing address parameter in wallet_getCapabilities request') with no address and no connected account; NotConnectedError; the wallet's ProviderRpcError (4200 when the connection cannot carry the method)
 * @example
 * const capabilities = await portico.getCapabilities()
 * capabilities['eip155:31337']?.paymasterService // { supported: true }
 */
export async function getCapabilities(portico: CallsContext, parameters: GetCapabilitiesParameters = {}): Promise<GetCapabilitiesReturnType> {
  const namespace = parameters.namespace ?? portico.stores.networks.activeNamespace
  const address = parameters.address ?? portico.stores.connections.address(namespace)
  if (address === undefined || address === '') throw new MissingCapabilitiesAddressError()
  if (typeof address !== 'string' || !portico.isAddress(address, namespace)) throw new BaseError('The address to ask capabilities for is not valid', { metaMessages: [`address: ${String(address).slice(0, 80)}`] })
  const { caipNetworkIds } = parameters
  if (caipNetworkIds !== undefined && (!Array.isArray(caipNetworkIds) || !caipNetworkIds.every((id) => isCaipNetworkId(id) && id.startsWith(`${namespace}:`)))) {
    throw new BaseError(`caipNetworkIds must be CAIP-2 ids of the "${namespace}" namespace`)
  }
  const account = requireConnectedAccount(portico, namespace)
  const hook = requireHook(portico.callsHooks.getCapabilities, 'getCapabilities', namespace)
  try {
    const result = await hook.promise({ namespace, connectorId: account.connectorId, address, network: account.network, ...(caipNetworkIds ? { caipNetworkIds } : {}) })
    if (!result) throw new ProviderRpcError({ code: 4200, message: 'The wallet does not offer wallet_getCapabilities' })
    return result
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
}
