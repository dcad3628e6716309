/** EIP-6963 provider info as a wallet announces it. */
export type ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

const imageDataUri = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;base64)?,/i

/**
 * Makes an announced wallet's info safe to show: a short name without control characters, an
 * icon only when it is an image data URI or https URL, an rdns only when it is reverse-DNS.
 * Returns undefined when nothing usable is left (no name or no id).
 *
 * @example
 * sanitizeProviderInfo({ uuid: 'u', name: 'Evil', icon: 'javascript:alert(1)', rdns: 'x.y' })?.icon // undefined
 */
export function sanitizeProviderInfo(info: unknown): { uuid: string; name: string; icon?: string; rdns?: string } | undefined {
  if (typeof info !== 'object' || info === null) return undefined
  const raw = info as Record<string, unknown>
  const name = typeof raw.name === 'string' ? raw.name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64) : ''
  const uuid = typeof raw.uuid === 'string' ? raw.uuid.slice(0, 64) : ''
  const rdns = typeof raw.rdns === 'string' && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(raw.rdns) && raw.rdns.length <= 128 ? raw.rdns : undefined
  if (!name || (!uuid && !rdns)) return undefined
  let icon: string | undefined
  if (typeof raw.icon === 'string' && raw.icon.length <= 100_000) {
    if (imageDataUri.test(raw.icon)) icon = raw.icon
    else if (/^https:\/\//i.test(raw.icon)) {
      try {
        icon = new URL(raw.icon).href
      } catch {
        icon = undefined
      }
    }
  }
  return { uuid: uuid || (rdns as string), name, ...(icon ? { icon } : {}), ...(rdns ? { rdns } : {}) }
}
