import type { PorticoBase } from '../types/portico.js'
import { NotConnectedError } from '../errors/connection.js'
import { NoPluginForHookError } from '../errors/plugin.js'

/**
 * Signs the visitor in with the connected account through the sign-in plugin (`signIn` hook).
 *
 * @returns the session the plugin produced
 * @example
 * const session = await portico.signIn()
 */
export async function signIn(portico: PorticoBase): Promise<unknown> {
  const { connections, networks } = portico.stores
  const namespace = networks.activeNamespace
  if (!portico.hooks.signIn.isUsed()) throw new NoPluginForHookError({ hook: 'signIn' })
  const caipAddress = connections.caipAddress(namespace)
  const network = networks.activeNetwork
  if (!caipAddress || !network) throw new NotConnectedError({ namespace })
  portico.markUserAction()
  const state = await portico.hooks.signIn.promise({ namespace, caipAddress, network })
  return state.session
}
