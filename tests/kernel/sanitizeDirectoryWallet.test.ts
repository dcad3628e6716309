import { describe, expect, it } from 'vitest'
import { safeDeepLink, sanitizeDirectoryWallet } from '../../kernel/kernel.js'

describe('sanitising directory entries', () => {
  it('keeps safe fields and drops hostile links, images and characters', () => {
    const wallet = sanitizeDirectoryWallet({
      id: 'evil',
      name: '<img src=x onerror=alert(1)>\u202eEvil\u0000 Wallet',
      image_url: 'javascript:alert(1)',
      image_id: '../../etc/passwd',
      homepage: 'http://example.com',
      mobile_link: 'javascript:alert(1)//',
      desktop_link: 'data:text/html,<script>alert(1)</script>',
      webapp_link: 'https://app.example.com/connect',
      link_mode: 'javascript:alert(1)',
      rdns: 'not a domain',
      chains: ['eip155:1', 'javascript:x', 42, 'x'.repeat(100)],
      badge_type: 'evil',
      injected: [{ namespace: 'eip155', injected_id: 'x' }, 'bad'],
    })
    expect(wallet).toEqual({
      id: 'evil',
      name: '<img src=x onerror=alert(1)>Evil Wallet',
      webapp_link: 'https://app.example.com/connect',
      chains: ['eip155:1'],
      injected: [{ namespace: 'eip155', injected_id: 'x' }],
    })
    expect(sanitizeDirectoryWallet({ id: 'u', name: 'U', link_mode: 'https://u.example/wc/link' })?.link_mode).toBe('https://u.example/wc/link')
    expect(sanitizeDirectoryWallet({ id: 'u', name: 'U', link_mode: 'uwallet://' })?.link_mode).toBeUndefined()
    expect(sanitizeDirectoryWallet({ id: 'a' })).toBeUndefined()
    expect(sanitizeDirectoryWallet(null)).toBeUndefined()
    expect(sanitizeDirectoryWallet({ id: 'a', name: 'x'.repeat(10_000) })?.name).toHaveLength(64)
  })

  it('deep links: https or a wallet scheme, never javascript:, data:, file: or malformed', () => {
    expect(safeDeepLink('metamask://wc?uri=x')).toBe('metamask://wc?uri=x')
    expect(safeDeepLink('https://link.trustwallet.com/wc')).toBe('https://link.trustwallet.com/wc')
    for (const bad of ['javascript:alert(1)', 'JavaScript://%0aalert(1)', 'data:text/html,x', 'file:///etc/passwd', 'http://evil.example', 'vbscript://x', '//evil', 'wc', 'a b://x', 42]) {
      expect(safeDeepLink(bad), String(bad)).toBeUndefined()
    }
  })
})
