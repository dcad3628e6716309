import { HttpRequestError, TimeoutError, UrlRequiredError } from '../errors/http.js'

export type HttpParams = Record<string, string | number | boolean | undefined | null>

export type CreateHttpClientParameters = {
  baseUrl: string | undefined
  projectId: string | undefined
  /** `st`: the SDK type. */
  sdkType: string
  /** `sv`: `react-<chain plugins>-<version>`. */
  sdkVersion: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
  /** Retries of idempotent requests (spec §9: 3, 150 ms doubling, honours Retry-After). */
  retries?: number
  retryDelayMs?: number
  sleep?: (ms: number) => Promise<void>
}

export type HttpClient = {
  baseUrl: string | undefined
  url(path: string, params?: HttpParams): string
  get<T = unknown>(path: string, options?: { params?: HttpParams; signal?: AbortSignal }): Promise<T>
  /** `keepalive`: the request outlives the page (a navigation or a closed tab does not abort it), for small bodies such as analytics events. */
  post<T = unknown>(path: string, options?: { params?: HttpParams; body?: unknown; signal?: AbortSignal; keepalive?: boolean }): Promise<T>
}

/** HTTP statuses worth retrying (spec §9). */
export const retryStatuses: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The client for Portico endpoints: adds `st`, `sv` and `projectId` to every request, times out
 * after 10 s, retries idempotent requests on the spec's statuses, and throws typed errors.
 *
 * @example
 * const api = createHttpClient({ baseUrl: 'http://127.0.0.1:4700', projectId: 'demo', sdkType: 'portico', sdkVersion: 'react-eip155-0.1.0' })
 * const { data } = await api.get('/getWallets', { params: { page: 1, entries: 40 } })
 */
export function createHttpClient({
  baseUrl,
  projectId,
  sdkType,
  sdkVersion,
  fetch: fetchFn,
  timeoutMs = 10_000,
  retries = 3,
  retryDelayMs = 150,
  sleep = defaultSleep,
}: CreateHttpClientParameters): HttpClient {
  function url(path: string, params: HttpParams = {}): string {
    if (!baseUrl) throw new UrlRequiredError()
    const target = new URL(path, baseUrl)
    const all: HttpParams = { projectId, st: sdkType, sv: sdkVersion, ...params }
    for (const [key, value] of Object.entries(all)) {
      if (value === undefined || value === null) continue
      target.searchParams.set(key, String(value))
    }
    return target.href
  }

  async function request<T>(method: 'GET' | 'POST', target: string, body: unknown, signal: AbortSignal | undefined, keepalive = false): Promise<T> {
    const doFetch = fetchFn ?? globalThis.fetch
    let attempt = 0
    for (;;) {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      const onAbort = () => controller.abort()
      signal?.addEventListener('abort', onAbort)
      let response: Response
      try {
        response = await doFetch(target, {
          method,
          signal: controller.signal,
          ...(keepalive ? { keepalive } : {}),
          ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        })
      } catch (cause) {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        if (controller.signal.aborted && !signal?.aborted) throw new TimeoutError({ url: target, timeoutMs })
        throw new HttpRequestError({ url: target, cause })
      }
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      if (!response.ok) {
        const text = await response.text().catch(() => '')
        if (method === 'GET' && attempt < retries && retryStatuses.includes(response.status)) {
          const retryAfter = Number(response.headers.get('retry-after'))
          const delay = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 30_000) : retryDelayMs * 2 ** attempt
          attempt++
          await sleep(delay)
          continue
        }
        throw new HttpRequestError({ url: target, status: response.status, body: text })
      }
      const text = await response.text()
      if (text === '') return undefined as T
      try {
        return JSON.parse(text) as T
      } catch (cause) {
        throw new HttpRequestError({ url: target, status: response.status, body: text, cause })
      }
    }
  }

  return {
    baseUrl,
    url,
    get: (path, options = {}) => request('GET', url(path, options.params), undefined, options.signal),
    post: (path, options = {}) => request('POST', url(path, options.params), options.body, options.signal, options.keepalive),
  }
}
