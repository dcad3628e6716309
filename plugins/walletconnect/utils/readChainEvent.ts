import { isCaipNetworkId, type CaipNetworkId, type ChainNamespace } from '../../../kernel/kernel.js'

/**
 * The chain a `chainChanged` event names, read without knowing the namespace's format: a CAIP-2
 * id, or a reference (a string, a number, or a `0x` hex number) that, prefixed with the
 * namespace, is one of the session's approved chains.
 *
 * @param namespace - the event's namespace
 * @param data - the event's `data`, as the wallet sent it
 * @param approved - the chains the session approved in the namespace
 * @returns `chain`: the approved CAIP-2 id it names; `outside`: a well-formed chain of the
 *   namespace it names that the session did not approve; neither for junk
 * @example
 * readChainEvent('mychain', '0x7a6a', ['mychain:31338']) // { chain: 'mychain:31338' }
 */
export function readChainEvent(namespace: ChainNamespace, data: unknown, approved: readonly CaipNetworkId[]): { chain?: CaipNetworkId; outside?: CaipNetworkId } {
  const candidates: string[] = []
  if (typeof data === 'number' && Number.isSafeInteger(data) && data >= 0) candidates.push(`${namespace}:${data}`)
  else if (typeof data === 'string' && data.length > 0 && data.length <= 100) {
    if (data.includes(':')) candidates.push(data)
    else {
      candidates.push(`${namespace}:${data}`)
      if (/^0x[0-9a-f]{1,13}$/i.test(data)) candidates.push(`${namespace}:${Number.parseInt(data, 16)}`)
    }
  }
  const wellFormed = candidates.filter((id): id is CaipNetworkId => isCaipNetworkId(id) && id.startsWith(`${namespace}:`))
  const chain = wellFormed.find((id) => approved.includes(id))
  if (chain) return { chain }
  const outside = wellFormed.at(-1)
  return outside ? { outside } : {}
}
