import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { NetworkNotFoundError } from '../errors/connection.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { CaipNetworkId } from '../types/caip.js'
import type { BalanceResult } from '../types/hooks.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'
import { requireHook } from './requireHook.js'
import type { ReadBalanceParameters } from '../types/actions.js'


/**
 * The native balance of any address on a configured network, through the namespace's chain
 * plugin (the `fetchBalance` hook, as the connected account's balance is read), for a plugin that
 * shows accounts that are not connected (a Ledger's addresses before the visitor picks one).
 * Nothing is cached and no store changes; nothing is asked for an address the namespace's
 * validator refuses or a network the site did not configure.
 *
 * @returns the balance, or `undefined` when the chain plugin had none
 * @throws BaseError for a malformed address, NetworkNotFoundError, NoPluginForHookError; the tap's typed error, anything else as ProviderRpcError
 * @example
 * await context.readBalance({ chainId: 'eip155:1', address: '0xf39F…' }) // { balance: '1.5', symbol: 'ETH' }
 */
export async function readBalance(portico: PorticoBase, { chainId, address }: ReadBalanceParameters): Promise<BalanceResult | undefined> {
  const { namespace, caipNetworkId } = parseCaipNetworkId(chainId)
  if (typeof address !== 'string' || !portico.isAddress(address, namespace)) throw new BaseError(`Not a ${namespace} address`, { metaMessages: [`Received: ${String(address).slice(0, 80)}`] })
  const network = portico.stores.networks.find(caipNetworkId)
  if (!network) throw new NetworkNotFoundError({ caipNetworkId })
  const hook = requireHook(portico.hooks.fetchBalance, 'fetchBalance', namespace)
  try {
    return await hook.promise({ namespace, address, network })
  } catch (error) {
    throw error instanceof BaseError ? error : ProviderRpcError.from(error)
  }
}
export type { ReadBalanceParameters } from '../types/actions.js'
