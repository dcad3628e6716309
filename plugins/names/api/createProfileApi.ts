/** A name's record in the zone (`/v1/profile/account/{name}`). */
export type ZoneRecord = { name: string; addresses: Record<string, { address: string }>; attributes: { avatar?: string; bio?: string }[] }
export type ProfileApi = ReturnType<typeof createProfileApi>

/** Why the zone refused a request: its first reason's name and description. */
export class ProfileApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason?: string,
  ) {
    super(message)
  }
}

const isRecord = (value: unknown): value is ZoneRecord => typeof (value as ZoneRecord)?.name === 'string' && typeof (value as ZoneRecord).addresses === 'object' && (value as ZoneRecord).addresses !== null

/**
 * A client of a name zone (`/v1/profile/*`, spec §7): the Portico server's or another speaking the
 * same API. `url(path, params)` builds the address (with `projectId`, `st`, `sv`).
 *
 * @example
 * const api = createProfileApi({ url: (path, params) => portico.services.blockchainApi.url(path, params) })
 */
export function createProfileApi({ url, fetch: fetchFn = (...args) => globalThis.fetch(...args) }: { url: (path: string, params?: Record<string, string>) => string; fetch?: typeof fetch }) {
  async function call(path: string, init: { params?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
    const response = await fetchFn(url(path, init.params), init.body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) })
    const text = await response.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    return { status: response.status, body }
  }
  const refusal = (status: number, body: unknown) => {
    const b = body as { message?: unknown; reasons?: { name?: unknown; description?: unknown }[] }
    const first = Array.isArray(b?.reasons) ? b.reasons[0] : undefined
    const message = typeof first?.description === 'string' ? first.description : typeof b?.message === 'string' ? b.message : `The name service answered ${status}`
    return new ProfileApiError(message.slice(0, 300), status, typeof first?.name === 'string' ? first.name : undefined)
  }
  return {
    /** The name's record, or undefined when it is free (404). */
    async lookup(name: string): Promise<ZoneRecord | undefined> {
      const { status, body } = await call(`/v1/profile/account/${encodeURIComponent(name)}`, { params: { apiVersion: '2' } })
      if (status === 404) return undefined
      if (status !== 200 || !isRecord(body)) throw refusal(status, body)
      return body
    },
    /** The address's names (the first is its name). */
    async reverse(address: string): Promise<ZoneRecord[]> {
      const { status, body } = await call(`/v1/profile/reverse/${encodeURIComponent(address)}`, { params: { apiVersion: '2', sender: address } })
      if (status !== 200 || !Array.isArray(body)) throw refusal(status, body)
      return body.filter(isRecord)
    },
    async suggestions(name: string, zone: string): Promise<{ name: string; registered: boolean }[]> {
      const { status, body } = await call(`/v1/profile/suggestions/${encodeURIComponent(name)}`, { params: { zone } })
      const list = (body as { suggestions?: unknown })?.suggestions
      if (status !== 200 || !Array.isArray(list)) throw refusal(status, body)
      return list.filter((s): s is { name: string; registered: boolean } => typeof s?.name === 'string' && typeof s.registered === 'boolean').slice(0, 10)
    },
    async register(body: { coin_type: number; address: string; message: string; signature: string }): Promise<ZoneRecord> {
      const answer = await call('/v1/profile/account', { body })
      if (answer.status !== 200 || !isRecord(answer.body)) throw refusal(answer.status, answer.body)
      return answer.body
    },
  }
}
