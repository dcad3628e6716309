/**
 * The URL of a `socialStart` answer, when it is an http(s) URL (anything else — a
 * `javascript:` URL, garbage — gives undefined, and the popup is not navigated).
 *
 * @example
 * readSocialUrl({ url: 'http://127.0.0.1:4711/auth/v1/social/google/start?x=1' }) // the URL
 */
export function readSocialUrl(answer: unknown): string | undefined {
  const url = (answer && typeof answer === 'object' ? (answer as { url?: unknown }).url : undefined)
  if (typeof url !== 'string' || url.length > 8192) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}
