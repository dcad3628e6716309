import type { CaipNetworkId } from '../../../kernel/kernel.js'
import { SiwxBackendError } from '../errors.js'
import type { SiwxNonceRequest, SiwxSession, SiwxSessionStore } from '../types.js'
import { isSiwxSession } from '../utils/isSiwxSession.js'

export type CreateSiwxServerStoreParameters = {
  /** Where your backend mounted the routes (default `/siwx`, same origin). */
  baseUrl?: string
  /** Cookies: `same-origin` (default) or `include` for a backend on another origin. */
  credentials?: 'same-origin' | 'include'
  fetch?: typeof globalThis.fetch
}

export type SiwxServerStore = SiwxSessionStore & {
  /** `GET {baseUrl}/nonce`: pass as `getNonce` so the server knows the nonce it issued. */
  getNonce(request?: SiwxNonceRequest): Promise<string>
}


/**
 * A session store (and nonce source) backed by your server — the routes of the backend guide:
 * `GET /nonce`, `POST /verify`, `GET|DELETE /sessions`. The server verifies every session and
 * keeps them behind an HttpOnly cookie; the browser stores nothing.
 *
 * @example
 * const backend = createSiwxServerStore({ baseUrl: '/siwx' })
 * siwx({ sessionStore: backend, getNonce: backend.getNonce })
 */
export function createSiwxServerStore({ baseUrl = '/siwx', credentials = 'same-origin', fetch: doFetch }: CreateSiwxServerStoreParameters = {}): SiwxServerStore {
  const base = baseUrl.replace(/\/+$/, '')
  async function call(path: string, init: RequestInit = {}): Promise<unknown> {
    const fetcher = doFetch ?? globalThis.fetch
    let response: Response
    try {
      response = await fetcher(`${base}${path}`, { ...init, credentials, headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) } })
    } catch (cause) {
      throw new SiwxBackendError({ path, cause })
    }
    const text = await response.text().catch(() => '')
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    if (!response.ok) {
      const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
      throw new SiwxBackendError({ path, status: response.status, ...(typeof message === 'string' ? { message } : {}) })
    }
    return body
  }
  const query = (caipNetworkId: CaipNetworkId, address: string) => `?chainId=${encodeURIComponent(caipNetworkId)}&address=${encodeURIComponent(address)}`
  return {
    async getNonce() {
      const body = (await call('/nonce')) as { nonce?: unknown } | undefined
      if (typeof body?.nonce !== 'string') throw new SiwxBackendError({ path: '/nonce', message: 'no nonce in the answer' })
      return body.nonce
    },
    async get(caipNetworkId, address) {
      const body = (await call(`/sessions${query(caipNetworkId, address)}`)) as { sessions?: unknown } | undefined
      return Array.isArray(body?.sessions) ? (body.sessions as unknown[]).filter(isSiwxSession) : []
    },
    async add(session: SiwxSession) {
      await call('/verify', { method: 'POST', body: JSON.stringify({ message: session.message, signature: session.signature }) })
    },
    async remove(caipNetworkId, address) {
      await call(`/sessions${query(caipNetworkId, address)}`, { method: 'DELETE' })
    },
    async clear() {
      await call('/sessions', { method: 'DELETE' })
    },
  }
}
