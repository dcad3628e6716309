import { badRequest } from '../utils/badRequest.js'

/** One analytics event as the modal posts it to `POST /e`. */
export type AnalyticsEvent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
}

/** Largest `props` accepted, as serialised JSON. */
export const maxPropsBytes = 16_384

/**
 * Validates an analytics body; anything malformed is a 400 naming the field.
 *
 * @param body - the parsed JSON body
 * @returns the event
 * @example
 * parseAnalyticsEvent({ eventId: crypto.randomUUID(), url, domain, timestamp: Date.now(), props: { type: 'track', event: 'MODAL_OPEN' } })
 */
export function parseAnalyticsEvent(body: unknown): AnalyticsEvent {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Body must be a JSON object')
  const b = body as Record<string, unknown>
  if (typeof b.eventId !== 'string' || !/^[A-Za-z0-9_.:-]{1,128}$/.test(b.eventId)) {
    throw badRequest('eventId must be 1-128 letters, digits or _.:-')
  }
  if (typeof b.url !== 'string' || b.url.length > 2048) throw badRequest('url must be a string of at most 2048 characters')
  if (typeof b.domain !== 'string' || b.domain.length > 253) throw badRequest('domain must be a string of at most 253 characters')
  if (typeof b.timestamp !== 'number' || !Number.isSafeInteger(b.timestamp) || b.timestamp < 0) {
    throw badRequest('timestamp must be a non-negative integer (milliseconds since 1970)')
  }
  const props = b.props === undefined ? {} : b.props
  if (typeof props !== 'object' || props === null || Array.isArray(props)) throw badRequest('props must be a JSON object')
  let serialised: string
  try {
    serialised = JSON.stringify(props)
  } catch {
    // A hostile body can nest deeper than the stack allows.
    throw badRequest('props is nested too deeply')
  }
  if (serialised.length > maxPropsBytes) throw badRequest(`props is larger than ${maxPropsBytes} bytes`)
  return { eventId: b.eventId, url: b.url, domain: b.domain, timestamp: b.timestamp, props: JSON.parse(serialised) as Record<string, unknown> }
}
