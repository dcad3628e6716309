// The shared opener of wallet links, against fake windows (the unit's own test; the real Telegram
// stub in Chromium is tests/e2e/phone/phoneWallets.test.ts).
import { describe, expect, it } from 'vitest'
import { detectLinkHost, openWalletLink } from '../../ui/utils/openWalletLink.js'

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const instagram = `${iPhoneSafari} Instagram 300.0.0.0`

function fakeWindow({ userAgent = iPhoneSafari, telegram }: { userAgent?: string; telegram?: { platform: string } } = {}) {
  const calls: string[] = []
  const scope = {
    navigator: { userAgent },
    location: { assign: (url: string) => calls.push(`assign ${url}`) },
    ...(telegram
      ? { Telegram: { WebApp: { platform: telegram.platform, openLink: (url: string) => calls.push(`openLink ${url}`), openTelegramLink: (url: string) => calls.push(`openTelegramLink ${url}`) } } }
      : {}),
  }
  return { scope, calls }
}

const universal = 'https://phantom.app/ul/browse/x?ref=y'

describe('detectLinkHost', () => {
  it('Telegram when its WebApp has openLink and a real platform; not with the script loaded outside Telegram', () => {
    expect(detectLinkHost(fakeWindow({ telegram: { platform: 'ios' } }).scope).kind).toBe('telegram')
    expect(detectLinkHost(fakeWindow({ telegram: { platform: 'unknown' } }).scope).kind).toBe('browser')
    expect(detectLinkHost(fakeWindow({ telegram: { platform: '' } }).scope).kind).toBe('browser')
  })

  it('an in-app browser by its user agent; else a browser', () => {
    expect(detectLinkHost(fakeWindow({ userAgent: instagram }).scope)).toEqual({ kind: 'in-app', app: 'instagram' })
    expect(detectLinkHost(fakeWindow({ userAgent: `${iPhoneSafari} [FBAN/FBIOS;FBAV/400.0]` }).scope)).toEqual({ kind: 'in-app', app: 'facebook' })
    expect(detectLinkHost(fakeWindow().scope)).toEqual({ kind: 'browser' })
    expect(detectLinkHost(undefined)).toEqual({ kind: 'browser' })
  })
})

describe('openWalletLink', () => {
  it('inside Telegram a tapped https link goes through openLink (t.me through openTelegramLink), never navigation', () => {
    const { scope, calls } = fakeWindow({ telegram: { platform: 'android' } })
    expect(openWalletLink(universal, { from: 'tap', scope })).toBe('host')
    expect(openWalletLink('https://t.me/wallet?startapp=1', { from: 'tap', scope })).toBe('host')
    expect(calls).toEqual([`openLink ${universal}`, 'openTelegramLink https://t.me/wallet?startapp=1'])
  })

  it('inside Telegram nothing opens by itself (it needs a gesture): the link stays visible; a wallet scheme is left to the tap', () => {
    const { scope, calls } = fakeWindow({ telegram: { platform: 'ios' } })
    expect(openWalletLink(universal, { from: 'auto', scope })).toBe('visible-link')
    expect(openWalletLink('trust://wc?uri=wc%3A1', { from: 'tap', scope })).toBe('default')
    expect(calls).toEqual([])
  })

  it('an in-app browser that blocks navigation: no automatic open, the tap is the link’s own', () => {
    const { scope, calls } = fakeWindow({ userAgent: instagram })
    expect(openWalletLink(universal, { from: 'auto', scope })).toBe('visible-link')
    expect(openWalletLink(universal, { from: 'tap', scope })).toBe('default')
    expect(calls).toEqual([])
  })

  it('a browser: an automatic open navigates; a tap is the link’s own', () => {
    const { scope, calls } = fakeWindow()
    expect(openWalletLink(universal, { from: 'auto', scope })).toBe('navigated')
    expect(openWalletLink(universal, { from: 'tap', scope })).toBe('default')
    expect(calls).toEqual([`assign ${universal}`])
  })
})
