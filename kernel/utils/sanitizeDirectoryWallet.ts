import type { DirectoryWallet } from '../types/wallet.js'
import { safeDeepLink } from './safeDeepLink.js'
import { safeHttpUrl } from './safeHttpUrl.js'

const maxText = 200

function text(value: unknown, max = maxText): string | undefined {
  if (typeof value !== 'string') return undefined
  // Control and bidi-override characters can disguise a name; drop them.
  const cleaned = value.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  return cleaned ? cleaned.slice(0, max) : undefined
}

/**
 * Makes a wallet-directory entry safe to show: strings trimmed and stripped of control
 * characters, links kept only when https or a wallet scheme, images only https, chains only
 * CAIP-2 strings. An entry without an id and a name is dropped (`undefined`).
 *
 * @example
 * sanitizeDirectoryWallet({ id: 'x', name: 'Evil', mobile_link: 'javascript:alert(1)' }) // { id: 'x', name: 'Evil' }
 */
export function sanitizeDirectoryWallet(entry: unknown): DirectoryWallet | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined
  const raw = entry as Record<string, unknown>
  const id = text(raw.id, 128)
  const name = text(raw.name, 64)
  if (!id || !name) return undefined
  const wallet: DirectoryWallet = { id, name }
  const imageId = text(raw.image_id, 128)
  if (imageId && /^[-\w.]+$/.test(imageId)) wallet.image_id = imageId
  const imageUrl = safeHttpUrl(raw.image_url)
  if (imageUrl) wallet.image_url = imageUrl
  for (const key of ['homepage', 'app_store', 'play_store', 'chrome_store', 'webapp_link', 'link_mode'] as const) {
    const url = safeHttpUrl(raw[key])
    if (url) wallet[key] = url
  }
  // A browse-link template (walletBrowseLink) is kept when its https host comes before any
  // placeholder and, placeholders filled, it parses as an https link.
  const browse = raw.browse_link
  if (typeof browse === 'string' && browse.length <= 1024 && /^https:\/\/[^/{}?#@\\]+[/?]/.test(browse) && safeHttpUrl(browse.replace(/\{\w+\}/g, 'x'))) wallet.browse_link = browse
  for (const key of ['mobile_link', 'desktop_link'] as const) {
    const link = safeDeepLink(raw[key])
    if (link) wallet[key] = link
  }
  const rdns = text(raw.rdns, 128)
  if (rdns && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(rdns)) wallet.rdns = rdns
  if (Array.isArray(raw.chains)) wallet.chains = raw.chains.filter((c): c is string => typeof c === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(c)).slice(0, 100)
  if (raw.badge_type === 'certified' || raw.badge_type === 'none') wallet.badge_type = raw.badge_type
  if (Array.isArray(raw.injected)) {
    wallet.injected = raw.injected
      .filter((i): i is { namespace?: unknown; injected_id?: unknown } => typeof i === 'object' && i !== null)
      .map((i) => ({ ...(typeof i.namespace === 'string' ? { namespace: i.namespace.slice(0, 16) } : {}), ...(typeof i.injected_id === 'string' ? { injected_id: i.injected_id.slice(0, 128) } : {}) }))
      .slice(0, 10)
  }
  return wallet
}
