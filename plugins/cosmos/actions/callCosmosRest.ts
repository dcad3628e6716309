import { CosmosNetworkError, CosmosRestRequestError } from '../errors.js'
import type { Network } from '../../../kernel/kernel.js'

export type CallCosmosRestParameters = {
  network: Network
  /** A REST gateway path, e.g. `/cosmos/bank/v1beta1/balances/cosmos1…`. */
  path: string
  /** A JSON body: the call is then a POST. */
  body?: unknown
  fetch?: typeof fetch
  /** Statuses answered as `undefined` instead of an error (e.g. 404 for an unknown account). */
  allow?: readonly number[]
  timeoutMs?: number
}

/**
 * Calls the network's REST gateway (its first `rpcUrls.default.http` URL) and returns the JSON body.
 *
 * @returns the parsed body, or undefined for an allowed status
 * @throws CosmosRestRequestError on HTTP errors, timeouts and non-JSON answers
 * @example
 * await callCosmosRest({ network, path: `/cosmos/auth/v1beta1/accounts/${address}`, allow: [404] })
 */
export async function callCosmosRest<T>({ network, path, body, fetch: fetchFn = globalThis.fetch, allow = [], timeoutMs = 15_000 }: CallCosmosRestParameters): Promise<T | undefined> {
  const base = network.rpcUrls.default.http[0]?.replace(/\/+$/, '')
  if (!base) throw new CosmosNetworkError(`${network.name} has no REST URL`)
  let response: Response
  try {
    response = await fetchFn(`${base}${path}`, {
      ...(body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw new CosmosRestRequestError({ path: path.split('?')[0] as string, message: 'no answer', cause })
  }
  if (allow.includes(response.status)) return undefined
  let json: unknown
  try {
    json = await response.json()
  } catch (cause) {
    throw new CosmosRestRequestError({ path: path.split('?')[0] as string, message: `HTTP ${response.status}, not JSON`, cause })
  }
  if (!response.ok) {
    const message = (json as { message?: unknown })?.message
    throw new CosmosRestRequestError({ path: path.split('?')[0] as string, message: typeof message === 'string' ? message : `HTTP ${response.status}` })
  }
  return json as T
}
