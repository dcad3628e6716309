import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import { shareInFlight } from './shareInFlight.js'

/**
 * The name registered for any address (a receiver, not only the connected account), through the
 * namespace's `fetchProfile` taps (a name service plugin) on its active chain: the send review
 * shows it beside the address. Nothing is kept in the stores. Never throws: a failure is reported
 * and answers undefined, and the address alone is shown.
 *
 * @param portico - the instance
 * @param address - the address to name
 * @param namespace - a CAIP-2 namespace; the active one when omitted
 * @returns the name, or undefined when none is registered or nobody answered
 * @example
 * await portico.lookupName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // 'bob.eth'
 */
export async function lookupName(portico: PorticoBase, address: string, namespace?: ChainNamespace): Promise<string | undefined> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  const { connections, networks } = portico.stores
  const caipNetworkId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  const hook = portico.hooks.fetchProfile.get(ns)
  if (typeof address !== 'string' || !caipNetworkId || !hook?.isUsed() || !portico.isAddress(address, ns)) return undefined
  return shareInFlight(portico, `name:${caipNetworkId}:${address}`, async () => {
    try {
      const network = networks.find(caipNetworkId)
      const answer = await hook.promise({ namespace: ns, address, caipNetworkId, ...(network ? { network } : {}) })
      const name = answer?.name
      return typeof name === 'string' && name.length > 0 && name.length <= 255 ? name : undefined
    } catch (error) {
      portico.reportError(error, { namespace: ns, action: 'lookupName' })
      return undefined
    }
  })
}
