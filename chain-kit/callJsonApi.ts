/** What went wrong in a {@link callJsonApi} call, for the plugin's own error (`toError`). */
export type CallJsonApiFailure = {
  /** The path without its query. */
  path: string
  /** `no answer`, `HTTP <status>, not JSON`, the API's own words (`errorMessage`) or `HTTP <status>`. */
  message: string
  cause?: unknown
  /** The answer's HTTP status, when there was an answer. */
  status?: number
  /** The call ran out of `timeoutMs` (the request or its body): the API may still have acted on it. */
  timedOut?: boolean
}

export type CallJsonApiParameters = {
  /** The API's base URL (trailing slashes are dropped). */
  baseUrl: string
  /** A path under it, query included, e.g. `/v2/accounts/SP…?proof=0`. */
  path: string
  /** A JSON body: the call is then a POST. */
  body?: unknown
  /** A body sent as it is (`text/plain`, e.g. a raw transaction's hex): the call is then a POST. */
  rawBody?: string
  /** How the answer is read: parsed as JSON (the default), or as text, trimmed. */
  as?: 'json' | 'text'
  fetch?: typeof fetch
  /** Statuses answered as `undefined` instead of an error (e.g. 404 for an account not seen yet). */
  allow?: readonly number[]
  /** How long the call (the answer and its body) may take; default 15 s. */
  timeoutMs?: number
  /** The API's own words from an error answer (its parsed JSON; its text with `as: 'text'` or when it is not JSON), if it has any (else `HTTP <status>`). */
  errorMessage?: (answer: unknown) => string | undefined
  /** The plugin's error for a failed call: `path` without its query, and what went wrong. */
  toError: (failure: CallJsonApiFailure) => Error
}

/** Whether `error` is the abort of the call's `AbortSignal.timeout` (`TimeoutError`, or `AbortError` where a runtime names it so). */
const isTimeout = (error: unknown): boolean => {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'TimeoutError' || name === 'AbortError'
}

/**
 * Calls a chain's HTTP API (a Cosmos REST gateway, the Stacks node API, an Esplora API …) and
 * returns the parsed body (or its text): one way to time out, to tell "no answer" (and whether it
 * timed out) from "not JSON" from an HTTP error, and to read an allowed status as `undefined`, for
 * every plugin that reads such an API.
 *
 * @returns the parsed body (the trimmed text with `as: 'text'`), or undefined for an allowed status
 * @throws what `toError` makes: on no answer (network error or time-out, the body's included), a body that is not JSON, or an HTTP error status
 * @example
 * await callJsonApi({ baseUrl, path: `/cosmos/auth/v1beta1/accounts/${address}`, allow: [404], toError: (f) => new CosmosRestRequestError(f) })
 */
export async function callJsonApi<T>({ baseUrl, path, body, rawBody, as = 'json', fetch: fetchFn = globalThis.fetch, allow = [], timeoutMs = 15_000, errorMessage, toError }: CallJsonApiParameters): Promise<T | undefined> {
  const name = path.split('?')[0] as string
  const post =
    rawBody !== undefined
      ? { method: 'POST', headers: { 'content-type': 'text/plain' }, body: rawBody }
      : body !== undefined
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}
  let response: Response
  let text: string
  try {
    response = await fetchFn(`${baseUrl.replace(/\/+$/, '')}${path}`, { ...post, signal: AbortSignal.timeout(timeoutMs) })
    // The body under the same time limit: an API that answers and then stalls is no answer either.
    text = allow.includes(response.status) ? '' : await response.text()
  } catch (cause) {
    throw toError({ path: name, message: 'no answer', cause, ...(isTimeout(cause) ? { timedOut: true } : {}) })
  }
  const { status } = response
  if (allow.includes(status)) return undefined
  if (as === 'text') {
    if (!response.ok) throw toError({ path: name, message: errorMessage?.(text) || `HTTP ${status}`, status })
    return text.trim() as T
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    // An error status whose body is not JSON (a proxy's page, a plain-text reason): its text, when the API's words are read from it.
    throw toError({ path: name, message: (!response.ok && errorMessage?.(text)) || `HTTP ${status}, not JSON`, cause, status })
  }
  if (!response.ok) throw toError({ path: name, message: errorMessage?.(json) || `HTTP ${status}`, status })
  return json as T
}
