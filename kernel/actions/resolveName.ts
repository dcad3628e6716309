import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ResolveNameResult } from '../types/hooks.js'

/** Whether a receiver looks like a name rather than an address: labels joined by dots, the last one of letters. */
export const looksLikeName = (value: string) => /^[^\s.]+(\.[^\s.]+)*\.[a-z]{2,}$/i.test(value) && value.length <= 255

/**
 * The address a name points to on the namespace's active chain, through its `resolveName` taps
 * (a name service plugin). The address is checked with the namespace's validator.
 *
 * @returns the address and the name, or undefined when no tap knows the name
 * @throws the tap's error when the lookup failed (the send form shows "Error resolving name")
 * @example
 * const resolved = await portico.resolveName('alice-1234.portico.id')
 */
export async function resolveName(portico: PorticoBase, name: string, namespace?: ChainNamespace): Promise<ResolveNameResult | undefined> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  const { connections, networks } = portico.stores
  const caipNetworkId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  const hook = portico.hooks.resolveName.get(ns)
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (!caipNetworkId || !hook?.isUsed() || !looksLikeName(trimmed)) return undefined
  const network = networks.find(caipNetworkId)
  const answer = await hook.promise({ namespace: ns, caipNetworkId, name: trimmed, ...(network ? { network } : {}) })
  if (!answer || typeof answer.address !== 'string' || !portico.isAddress(answer.address, ns)) return undefined
  return { address: answer.address, name: typeof answer.name === 'string' ? answer.name.slice(0, 255) : trimmed, ...(typeof answer.avatar === 'string' ? { avatar: answer.avatar } : {}) }
}
