import type { Portico } from '../createPortico.js'

const cache = new WeakMap<Portico, Promise<string[]>>()

/**
 * The chains the blockchain API serves (`GET /v1/supported-chains`, its `http` list), asked once
 * per instance. A failure is not cached, so the next call asks again.
 */
export function fetchSupportedChains(portico: Portico): Promise<string[]> {
  let promise = cache.get(portico)
  if (!promise) {
    promise = portico.services.blockchainApi.get<{ http?: unknown }>('/v1/supported-chains').then((body) => {
      const list = Array.isArray(body?.http) ? body.http.filter((c): c is string => typeof c === 'string') : []
      return list
    })
    promise.catch(() => cache.delete(portico))
    cache.set(portico, promise)
  }
  return promise
}
