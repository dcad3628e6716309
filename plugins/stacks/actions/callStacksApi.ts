import type { Network } from '../../../kernel/kernel.js'
import { StacksApiRequestError, StacksNetworkError } from '../errors.js'

export type CallStacksApiParameters = {
  network: Network
  /** A path of the node API or blockchain API, e.g. `/v2/accounts/SP…?proof=0`. */
  path: string
  /** A JSON body: the call is then a POST. */
  body?: unknown
  fetch?: typeof fetch
  /** Statuses answered as `undefined` instead of an error (e.g. 404 for a transaction not seen yet). */
  allow?: readonly number[]
  timeoutMs?: number
}

/**
 * Calls the network's Stacks API (its first `rpcUrls.default.http` URL) and returns the JSON body.
 *
 * @returns the parsed body, or undefined for an allowed status
 * @throws StacksApiRequestError on HTTP errors, timeouts and non-JSON answers
 * @example
 * await callStacksApi({ network, path: `/v2/accounts/${address}?proof=0` })
 */
export async function callStacksApi<T>({ network, path, body, fetch: fetchFn = globalThis.fetch, allow = [], timeoutMs = 15_000 }: CallStacksApiParameters): Promise<T | undefined> {
  const base = network.rpcUrls.default.http[0]?.replace(/\/+$/, '')
  if (!base) throw new StacksNetworkError(`${network.name} has no Stacks API URL`)
  const name = path.split('?')[0] as string
  let response: Response
  try {
    response = await fetchFn(`${base}${path}`, {
      ...(body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw new StacksApiRequestError({ path: name, message: 'no answer', cause })
  }
  if (allow.includes(response.status)) return undefined
  let json: unknown
  try {
    json = await response.json()
  } catch (cause) {
    throw new StacksApiRequestError({ path: name, message: `HTTP ${response.status}, not JSON`, cause })
  }
  if (!response.ok) {
    const error = json as { error?: unknown; reason?: unknown; message?: unknown }
    const message = [error?.error, error?.reason, error?.message].filter((part) => typeof part === 'string').join(': ')
    throw new StacksApiRequestError({ path: name, message: message || `HTTP ${response.status}` })
  }
  return json as T
}
