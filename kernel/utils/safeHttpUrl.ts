/** An https: URL (or http: on loopback, for self-hosted development), else undefined. */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname)) return url.href
  return undefined
}
