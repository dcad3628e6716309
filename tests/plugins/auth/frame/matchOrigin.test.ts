import { describe, expect, it } from 'vitest'
import { isAllowedOrigin, matchOrigin, parseOrigin } from '../../../../plugins/auth/frame/origin/matchOrigin.js'

describe('matchOrigin', () => {
  it('matches exact origins, any-port patterns and subdomain wildcards', () => {
    expect(matchOrigin('https://example.com', 'https://example.com')).toBe(true)
    expect(matchOrigin('https://example.com', 'https://example.com/')).toBe(true)
    expect(matchOrigin('http://127.0.0.1:4700', 'http://127.0.0.1:*')).toBe(true)
    expect(matchOrigin('http://127.0.0.1', 'http://127.0.0.1:*')).toBe(true)
    expect(matchOrigin('https://shop.example.com', 'https://*.example.com')).toBe(true)
    expect(matchOrigin('https://a.b.example.com', 'https://*.example.com')).toBe(true)
    expect(matchOrigin('https://shop.example.com:8443', 'https://*.example.com:*')).toBe(true)
    expect(matchOrigin('https://example.com:8443', 'https://example.com:8443')).toBe(true)
    expect(matchOrigin('https://EXAMPLE.com', 'https://example.COM')).toBe(true)
  })

  it('refuses hostile origins: prefixes, suffixes, other schemes and ports, credentials, paths, null', () => {
    const hostile: [string, string][] = [
      ['http://127.0.0.1.evil.com', 'http://127.0.0.1:*'],
      ['http://127.0.0.1.evil.com:4700', 'http://127.0.0.1:*'],
      ['http://127.0.0.10:4700', 'http://127.0.0.1:*'],
      ['https://example.com.evil.com', 'https://example.com'],
      ['https://evilexample.com', 'https://*.example.com'],
      ['https://example.com', 'https://*.example.com'],
      ['https://shop.example.com.evil.com', 'https://*.example.com'],
      ['http://example.com', 'https://example.com'],
      ['https://example.com:8443', 'https://example.com'],
      ['https://example.com:443', 'https://example.com:8443'],
      ['https://user@example.com', 'https://example.com'],
      ['https://evil.com@example.com', 'https://example.com'],
      ['https://example.com/path', 'https://example.com'],
      ['https://example.com?x', 'https://example.com'],
      ['null', 'https://example.com'],
      ['', 'https://example.com'],
      ['https://example.com', '*'],
      ['https://example.com', 'https://*'],
      ['https://evil.com', 'https://*.com.evil'],
      ['https://example.com', 'not a pattern'],
      ['https://example.com:99999', 'https://example.com:*'],
      ['https://example.com.', 'https://example.com'],
    ]
    for (const [origin, pattern] of hostile) expect([origin, pattern, matchOrigin(origin, pattern)]).toEqual([origin, pattern, false])
  })

  it('treats the default port as no port', () => {
    expect(parseOrigin('https://example.com')).toEqual({ scheme: 'https', host: 'example.com', port: '443' })
    expect(matchOrigin('https://example.com:443', 'https://example.com')).toBe(true)
    expect(matchOrigin('http://example.com', 'http://example.com:80')).toBe(true)
  })

  it('isAllowedOrigin checks every pattern and refuses non-strings', () => {
    const patterns = ['http://127.0.0.1:*', 'https://*.example.com']
    expect(isAllowedOrigin('http://127.0.0.1:4700', patterns)).toBe(true)
    expect(isAllowedOrigin('https://app.example.com', patterns)).toBe(true)
    expect(isAllowedOrigin('https://example.org', patterns)).toBe(false)
    expect(isAllowedOrigin(undefined, patterns)).toBe(false)
    expect(isAllowedOrigin('http://127.0.0.1:4700', [])).toBe(false)
  })
})
