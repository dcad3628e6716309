import type { PorticoEvent } from '../types/events.js'
import type { HttpClient } from './createHttpClient.js'

export type CreateAnalyticsParameters = {
  /** Client of the analytics endpoint (`POST /e`); `undefined` disables sending. */
  http: HttpClient | undefined
  /** `features.analytics` and the server's `isAnalyticsEnabled`, read at send time. */
  enabled: () => boolean
  location?: () => { href: string; host: string } | undefined
  now?: () => number
  randomId?: () => string
  /** Called once when the endpoint answers 403 (origin not allowed). */
  onForbidden?: () => void
  /** Error events allowed per window (spec: 5 per 60 s). */
  errorLimit?: { max: number; windowMs: number }
}

export type Analytics = {
  track(event: PorticoEvent): void
  /** The first user action: queued events may be sent from now on. */
  markUserAction(): void
  /** Resolves when every event sent so far has been answered. */
  flush(): Promise<void>
  readonly sent: number
}

function defaultId(): string {
  const c = globalThis.crypto
  if (c?.randomUUID) return c.randomUUID()
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`
}

/**
 * Analytics with the spec's rules: `MODAL_CREATED` is never sent, nothing is sent when analytics
 * is off or before the visitor's first action (events wait in a small queue), error events are
 * limited to 5 per 60 s, and a 403 stops sending for good.
 *
 * @example
 * const analytics = createAnalytics({ http, enabled: () => true })
 * analytics.track({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false }, timestamp: Date.now() })
 */
export function createAnalytics({
  http,
  enabled,
  location = () => (typeof globalThis.location === 'object' ? { href: globalThis.location.href, host: globalThis.location.host } : undefined),
  now = Date.now,
  randomId = defaultId,
  onForbidden = () => {},
  errorLimit = { max: 5, windowMs: 60_000 },
}: CreateAnalyticsParameters): Analytics {
  let userActed = false
  let forbidden = false
  let sent = 0
  const queue: PorticoEvent[] = []
  const errorTimes: number[] = []
  const inFlight = new Set<Promise<void>>()

  function allowedError(): boolean {
    const t = now()
    while (errorTimes.length && t - (errorTimes[0] as number) >= errorLimit.windowMs) errorTimes.shift()
    if (errorTimes.length >= errorLimit.max) return false
    errorTimes.push(t)
    return true
  }

  function send(event: PorticoEvent) {
    if (!http || forbidden || !enabled()) return
    if (event.type === 'error' && !allowedError()) return
    const where = location()
    const body = {
      eventId: randomId(),
      url: where?.href ?? '',
      domain: where?.host ?? '',
      timestamp: event.timestamp,
      props: { type: event.type, event: event.event, properties: event.properties, ...(event.address ? { address: event.address } : {}) },
    }
    sent++
    const request = http
      // keepalive: an event sent as the page moves on (a wallet's link, a reload) still arrives.
      .post('/e', { body, keepalive: true })
      .then(() => undefined)
      .catch((error: { status?: number }) => {
        if (error?.status === 403 && !forbidden) {
          forbidden = true
          onForbidden()
        }
      })
      .finally(() => inFlight.delete(request))
    inFlight.add(request)
  }

  return {
    track(event) {
      if (event.event === 'MODAL_CREATED') return
      if (!userActed) {
        if (queue.length < 20) queue.push(event)
        return
      }
      send(event)
    },
    markUserAction() {
      if (userActed) return
      userActed = true
      for (const event of queue.splice(0)) send(event)
    },
    async flush() {
      await Promise.all([...inFlight])
    },
    get sent() {
      return sent
    },
  }
}
