import { isCaipNetworkId, type CaipNetworkId, type ChainNamespace } from '../../../kernel/index.js'

/**
 * The chain a `chainChanged` event names: a number, a hex or decimal string (eip155), a CAIP-2
 * id, or a bare reference of the namespace. Anything else is undefined.
 *
 * @param namespace - the event's namespace
 * @param data - the event's `data`, as the wallet sent it
 * @returns the CAIP-2 id, or undefined when the data names no chain of the namespace
 * @example
 * readChainEvent('eip155', '0x7a6a') // 'eip155:31338'
 */
export function readChainEvent(namespace: ChainNamespace, data: unknown): CaipNetworkId | undefined {
  let reference: string | undefined
  if (typeof data === 'number' && Number.isSafeInteger(data) && data > 0) reference = String(data)
  else if (typeof data === 'string' && data.length <= 100) {
    if (data.includes(':')) return isCaipNetworkId(data) && data.startsWith(`${namespace}:`) ? (data as CaipNetworkId) : undefined
    if (namespace === 'eip155' && /^0x[0-9a-f]{1,13}$/i.test(data)) reference = String(Number.parseInt(data, 16))
    else if (namespace === 'eip155' && /^[1-9]\d{0,15}$/.test(data)) reference = data
    else if (namespace !== 'eip155') reference = data
  }
  if (reference === undefined) return undefined
  const id = `${namespace}:${reference}`
  return isCaipNetworkId(id) ? (id as CaipNetworkId) : undefined
}
