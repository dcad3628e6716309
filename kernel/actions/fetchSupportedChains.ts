import type { PorticoBase } from '../types/portico.js'

type SupportedChains = { http: string[]; history?: string[] }
const cache = new WeakMap<PorticoBase, Promise<SupportedChains>>()

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : undefined)

function supportedChains(portico: PorticoBase): Promise<SupportedChains> {
  let promise = cache.get(portico)
  if (!promise) {
    promise = portico.services.blockchainApi.get<{ http?: unknown; history?: unknown }>('/v1/supported-chains').then((body) => {
      const history = strings(body?.history)
      return { http: strings(body?.http) ?? [], ...(history ? { history } : {}) }
    })
    promise.catch(() => cache.delete(portico))
    cache.set(portico, promise)
  }
  return promise
}

/**
 * The chains the blockchain API serves (`GET /v1/supported-chains`, its `http` list), asked once
 * per instance. A failure is not cached, so the next call asks again.
 */
export function fetchSupportedChains(portico: PorticoBase): Promise<string[]> {
  return supportedChains(portico).then((chains) => chains.http)
}

/**
 * The chains whose activity the blockchain API serves (the same answer's `history` list), or
 * undefined when the API does not say (then every chain is asked). It asks nothing itself: it
 * reads the answer the token-balance tap asked for (in flight or settled), so a failed answer
 * costs no second request inside the retry gate.
 */
export function fetchHistoryChains(portico: PorticoBase): Promise<string[] | undefined> {
  const pending = cache.get(portico)
  return pending ? pending.then((chains) => chains.history, () => undefined) : Promise.resolve(undefined)
}
