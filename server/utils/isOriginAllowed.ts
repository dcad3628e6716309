const loopbackHost = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')
  return new RegExp(`^${escaped}$`, 'i')
}

/**
 * Whether an `Origin` matches a project's allow-list. Patterns may use `*` wildcards; a pattern
 * with a scheme (`https://*.example.com`) is matched against the whole origin, one without
 * (`*.example.com`, `localhost:3000`) against its host. Loopback origins are always allowed,
 * as the incumbent's client allows them.
 *
 * @param origin - the request's `Origin` header, e.g. `https://shop.example.com`
 * @param allowedOrigins - the project's patterns
 * @param options - `loopback: false` treats loopback origins like any other (an explicit list)
 * @returns true when the origin may use the project
 * @example
 * isOriginAllowed('https://a.example.com', ['https://*.example.com']) // true
 */
export function isOriginAllowed(origin: string, allowedOrigins: readonly string[], { loopback = true }: { loopback?: boolean } = {}): boolean {
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return false
  }
  if (loopback && loopbackHost.test(host)) return true
  return allowedOrigins.some((pattern) => {
    if (pattern === '*') return true
    return patternToRegExp(pattern).test(pattern.includes('://') ? origin : host)
  })
}
