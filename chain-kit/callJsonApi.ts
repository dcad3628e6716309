export type CallJsonApiParameters = {
  /** The API's base URL (trailing slashes are dropped). */
  baseUrl: string
  /** A path under it, query included, e.g. `/v2/accounts/SP…?proof=0`. */
  path: string
  /** A JSON body: the call is then a POST. */
  body?: unknown
  fetch?: typeof fetch
  /** Statuses answered as `undefined` instead of an error (e.g. 404 for an account not seen yet). */
  allow?: readonly number[]
  timeoutMs?: number
  /** The API's own words from an error answer's JSON body, if it has any (else `HTTP <status>`). */
  errorMessage?: (json: unknown) => string | undefined
  /** The plugin's error for a failed call: `path` without its query, and what went wrong. */
  toError: (failure: { path: string; message: string; cause?: unknown }) => Error
}

/**
 * Calls a chain's JSON HTTP API (a Cosmos REST gateway, the Stacks node API …) and returns the
 * parsed body: one way to time out, to tell "no answer" from "not JSON" from an HTTP error, and to
 * read an allowed status as `undefined`, for every plugin that reads such an API.
 *
 * @returns the parsed body, or undefined for an allowed status
 * @throws what `toError` makes: on no answer (network error or time-out), a body that is not JSON, or an HTTP error status
 * @example
 * await callJsonApi({ baseUrl, path: `/cosmos/auth/v1beta1/accounts/${address}`, allow: [404], toError: (f) => new CosmosRestRequestError(f) })
 */
export async function callJsonApi<T>({ baseUrl, path, body, fetch: fetchFn = globalThis.fetch, allow = [], timeoutMs = 15_000, errorMessage, toError }: CallJsonApiParameters): Promise<T | undefined> {
  const name = path.split('?')[0] as string
  let response: Response
  try {
    response = await fetchFn(`${baseUrl.replace(/\/+$/, '')}${path}`, {
      ...(body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw toError({ path: name, message: 'no answer', cause })
  }
  if (allow.includes(response.status)) return undefined
  let json: unknown
  try {
    json = await response.json()
  } catch (cause) {
    throw toError({ path: name, message: `HTTP ${response.status}, not JSON`, cause })
  }
  if (!response.ok) throw toError({ path: name, message: errorMessage?.(json) || `HTTP ${response.status}` })
  return json as T
}
