import type { ChainNamespace, Portico } from '../../kernel/kernel.js'

const inFlight = new WeakMap<Portico, Map<string, Promise<unknown>>>()

/**
 * Fetches a connected account's balance once per account and chain at a time (several buttons
 * may ask together). Failures are reported by the kernel; the balance then stays unknown.
 *
 * @example
 * refreshBalance(portico, 'eip155', 'eip155:1:0xabc…')
 */
export function refreshBalance(portico: Portico, namespace: ChainNamespace, caipAddress: string): Promise<unknown> {
  let map = inFlight.get(portico)
  if (!map) inFlight.set(portico, (map = new Map()))
  const key = `${namespace}|${caipAddress}`
  const running = map.get(key)
  if (running) return running
  const promise = portico
    .fetchBalance(namespace)
    .catch(() => undefined)
    .finally(() => map.delete(key))
  map.set(key, promise)
  return promise
}
