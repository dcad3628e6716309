import type { PorticoBase } from '../types/portico.js'

const inFlight = new WeakMap<PorticoBase, Map<string, Promise<unknown>>>()

/**
 * Runs `work` once for a key while a call with the same key is under way: a second caller (React's
 * double effects, two components) shares the first request instead of sending its own.
 *
 * @example
 * await shareInFlight(portico, `balance:${caip}`, () => fetchIt())
 */
export function shareInFlight<T>(portico: PorticoBase, key: string, work: () => Promise<T>): Promise<T> {
  let map = inFlight.get(portico)
  if (!map) {
    map = new Map()
    inFlight.set(portico, map)
  }
  const running = map.get(key)
  if (running) return running as Promise<T>
  const promise = work().finally(() => map.delete(key))
  map.set(key, promise)
  return promise
}
