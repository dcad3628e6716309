import { safeHttpUrl } from './safeHttpUrl.js'

/**
 * A wallet's own deep-link scheme (`metamask:`, `trust:`…) or an https universal link; never
 * `javascript:`, `data:`, `file:`, `blob:`, `vbscript:` or a malformed URL.
 */
export function safeDeepLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined
  const https = safeHttpUrl(value)
  if (https) return https
  const match = /^([a-z][a-z0-9+.-]{1,31}):\/\/[^\s]*$/i.exec(value)
  if (!match) return undefined
  const scheme = (match[1] as string).toLowerCase()
  if (['javascript', 'data', 'file', 'blob', 'vbscript', 'about', 'chrome', 'http', 'https', 'ftp', 'ws', 'wss', 'intent'].includes(scheme)) return undefined
  return value
}
