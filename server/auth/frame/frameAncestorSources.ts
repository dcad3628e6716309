// No form for an IPv6 address ([::1]): CSP's host-source has none, and Chromium logs an error for
// each such source in a page's console and ignores it.
const hostSource = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i

/** Loopback origins are always allowed (as `isOriginAllowed` allows them), on any port. */
const loopbackSources = ['http://127.0.0.1:*', 'http://localhost:*', 'https://127.0.0.1:*', 'https://localhost:*']

/**
 * The CSP `frame-ancestors` sources of a project's allowed origins. A pattern with a scheme is
 * used as is; one without (`*.example.com`, `localhost:*`) becomes its `http://` and `https://`
 * forms; `*` stays `*`. Patterns CSP cannot express (a `*` inside a label, an IPv6 address) are left out, so the
 * browser refuses those embedders rather than the header being ignored. Loopback origins on any
 * port are always in.
 *
 * @param allowedOrigins - the project's patterns (`/projects/v1/origins`), or the auth config's `siteOrigins`
 * @param options - `loopback: false` leaves the loopback origins out (an explicit `siteOrigins`)
 * @returns the sources, space-separated
 * @example
 * frameAncestorSources(['https://*.example.com', 'shop.example.org'])
 * // 'http://127.0.0.1:* … https://*.example.com http://shop.example.org https://shop.example.org'
 */
export function frameAncestorSources(allowedOrigins: readonly string[], { loopback = true }: { loopback?: boolean } = {}): string {
  if (allowedOrigins.includes('*')) return '*'
  const sources = new Set(loopback ? loopbackSources : [])
  for (const pattern of allowedOrigins) {
    const match = /^(https?):\/\/(.+)$/i.exec(pattern)
    if (match) {
      if (hostSource.test(match[2] as string)) sources.add(`${(match[1] as string).toLowerCase()}://${match[2]}`)
    } else if (hostSource.test(pattern)) {
      sources.add(`http://${pattern}`)
      sources.add(`https://${pattern}`)
    }
  }
  return sources.size ? [...sources].join(' ') : "'none'"
}
