import { describe, expect, it } from 'vitest'
import { detectTelegramPlatform, filterSocials } from '../../../plugins/auth/utils/filterSocials.js'
import { isEmailAddress as isEmail } from '../../../kernel/kernel.js'
import { readSocialMessage } from '../../../plugins/auth/utils/readSocialMessage.js'
import { readSocialUrl } from '../../../plugins/auth/utils/readSocialUrl.js'
import { readCode } from '../../../plugins/auth/views/readCode.js'
import { openPopup } from '../../../plugins/auth/views/openPopup.js'
import { walletOrigin } from './helpers/fakeFrame.js'

const all = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

describe('filterSocials: which social buttons show, in which order', () => {
  it("keeps the project's order, or the plugin's when it sets one, only for enabled providers, each once", () => {
    expect(filterSocials({ enabled: all })).toEqual([...all])
    expect(filterSocials({ enabled: all, chosen: ['github', 'google', 'github', 'myspace'] })).toEqual(['github', 'google'])
    expect(filterSocials({ enabled: ['google'], chosen: ['github', 'google'] })).toEqual(['google'])
    expect(filterSocials({ enabled: false, chosen: ['google'] })).toEqual([])
  })

  it('applies the Telegram rules: iOS removes google, Mac removes x, Android removes facebook and x', () => {
    expect(filterSocials({ enabled: all, telegram: 'ios' })).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(filterSocials({ enabled: all, telegram: 'macos' })).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(filterSocials({ enabled: all, telegram: 'android' })).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
    expect(filterSocials({ enabled: all, telegram: 'tdesktop' })).toEqual([...all])
  })

  it('reads the Telegram platform from window.Telegram.WebApp, and nothing outside Telegram', () => {
    expect(detectTelegramPlatform({ Telegram: { WebApp: { platform: 'ios' } } })).toBe('ios')
    expect(detectTelegramPlatform({ Telegram: { WebApp: { platform: 'unknown' } } })).toBeUndefined()
    expect(detectTelegramPlatform({})).toBeUndefined()
    expect(detectTelegramPlatform(undefined)).toBeUndefined()
  })
})

describe('the social callback message', () => {
  it('is accepted only from the wallet origin with the portico-auth:social shape', () => {
    expect(readSocialMessage({ origin: walletOrigin, data: { type: 'portico-auth:social', ticket: 't1' } }, walletOrigin)).toEqual({ type: 'portico-auth:social', ticket: 't1' })
    expect(readSocialMessage({ origin: 'http://127.0.0.1:9999', data: { type: 'portico-auth:social', ticket: 't1' } }, walletOrigin)).toBeUndefined()
    expect(readSocialMessage({ origin: walletOrigin, data: { type: 'other', ticket: 't1' } }, walletOrigin)).toBeUndefined()
    expect(readSocialMessage({ origin: walletOrigin, data: 'portico-auth:social' }, walletOrigin)).toBeUndefined()
    expect(readSocialMessage({ origin: walletOrigin, data: { type: 'portico-auth:social', ticket: '' } }, walletOrigin)).toBeUndefined()
    expect(readSocialMessage({ origin: walletOrigin, data: { type: 'portico-auth:social', error: { code: 'access_denied', message: 'Denied' } } }, walletOrigin)).toEqual({ type: 'portico-auth:social', error: { code: 'access_denied', message: 'Denied' } })
  })

  it('navigates the popup only to an http(s) URL', () => {
    expect(readSocialUrl({ url: 'http://127.0.0.1:4711/auth/v1/social/google/start?a=1' })).toBe('http://127.0.0.1:4711/auth/v1/social/google/start?a=1')
    for (const bad of [{ url: 'javascript:alert(1)' }, { url: 'data:text/html,x' }, { url: 'not a url' }, { url: 42 }, null, 'http://x']) expect(readSocialUrl(bad)).toBeUndefined()
  })
})

describe('the login inputs', () => {
  it('takes a typed or pasted code as its 6 digits', () => {
    expect(readCode(' 12 34-56 ')).toBe('123456')
    expect(readCode('Code: 987654321')).toBe('987654')
    expect(readCode('abc')).toBe('')
  })

  it('checks an email before anything is sent', () => {
    expect(isEmail('alice@example.com')).toBe(true)
    expect(isEmail('a.b+c@sub.example.co')).toBe(true)
    for (const bad of ['alice@', '@example.com', 'alice@example', 'al ice@example.com', 'alice@@example.com', `${'a'.repeat(250)}@example.com`, 42]) expect(isEmail(bad)).toBe(false)
  })

  it('opens the popup 600 × 800 on a blank page, named portico-auth, not noopener; null when blocked', () => {
    const opened: string[][] = []
    const handle = { closed: false, location: { href: '' }, close() {} }
    expect(openPopup({ open: (...args: string[]) => (opened.push(args), handle), screenX: 100, screenY: 0, outerWidth: 1400, outerHeight: 1000 })).toBe(handle)
    expect(opened[0]?.slice(0, 2)).toEqual(['', 'portico-auth'])
    expect(opened[0]?.[2]).toContain('width=600,height=800,left=500,top=100')
    expect(opened[0]?.[2]).not.toContain('noopener')
    expect(openPopup({ open: () => null })).toBeNull()
    expect(openPopup({})).toBeNull()
  })
})
