/**
 * Origin patterns as a CSP source list writes them: `https://example.com` (exact),
 * `http://127.0.0.1:*` (any port), `https://*.example.com` (any subdomain, at any depth, not the
 * apex). A pattern without a port matches only the scheme's default port. No path, no bare `*`:
 * a pattern that cannot be read matches nothing.
 */

type ParsedOrigin = { scheme: string; host: string; port: string }

const defaultPorts: Record<string, string> = { http: '80', https: '443' }
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const hostName = `(?:${label}\\.)*${label}`
const ipv6 = '\\[[0-9a-f:.]+\\]'
const originRe = new RegExp(`^([a-z][a-z0-9+.-]*)://(${hostName}|${ipv6})(?::([0-9]{1,5}))?$`)
const patternRe = new RegExp(`^([a-z][a-z0-9+.-]*)://((?:\\*\\.)?${hostName}|${ipv6})(?::([0-9]{1,5}|\\*))?/?$`)

function portOf(scheme: string, port: string | undefined): string {
  if (port === undefined) return defaultPorts[scheme] ?? ''
  return String(Number(port))
}

/**
 * Reads an origin as the browser serializes it (`event.origin`): scheme, host and port, nothing
 * else. `null`, paths, credentials and queries are not origins.
 *
 * @example
 * parseOrigin('http://127.0.0.1:4700') // { scheme: 'http', host: '127.0.0.1', port: '4700' }
 */
export function parseOrigin(origin: string): ParsedOrigin | undefined {
  const match = originRe.exec(origin.toLowerCase())
  if (!match) return undefined
  const [, scheme = '', host = '', port] = match
  if (port !== undefined && Number(port) > 65535) return undefined
  return { scheme, host, port: portOf(scheme, port) }
}

/**
 * Whether `origin` (an `event.origin`) matches one origin pattern.
 *
 * @example
 * matchOrigin('http://127.0.0.1:4700', 'http://127.0.0.1:*') // true
 * matchOrigin('http://127.0.0.1.evil.com', 'http://127.0.0.1:*') // false
 */
export function matchOrigin(origin: string, pattern: string): boolean {
  const parsed = parseOrigin(origin)
  const rule = patternRe.exec(pattern.trim().toLowerCase())
  if (!parsed || !rule) return false
  const [, scheme = '', host = '', port] = rule
  if (parsed.scheme !== scheme) return false
  if (port !== '*' && parsed.port !== portOf(scheme, port)) return false
  if (host.startsWith('*.')) {
    const suffix = host.slice(1) // `.example.com`
    return parsed.host.endsWith(suffix) && parsed.host.length > suffix.length && !parsed.host.startsWith('[')
  }
  return parsed.host === host
}

/**
 * Whether `origin` matches any of the project's allowed origin patterns.
 *
 * @example
 * isAllowedOrigin('https://shop.example.com', ['https://*.example.com']) // true
 */
export function isAllowedOrigin(origin: unknown, patterns: readonly string[]): boolean {
  if (typeof origin !== 'string' || origin.length > 300) return false
  // `*` (a project that allows every origin) matches any real origin, never an opaque `null`.
  return patterns.some((pattern) => typeof pattern === 'string' && (pattern === '*' ? parseOrigin(origin) !== undefined : matchOrigin(origin, pattern)))
}
