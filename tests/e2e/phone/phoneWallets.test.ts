// Issue 53, acceptance 1 (the "Open in" half), 2 and 3, as a visitor on a phone (390×844, iPhone
// and Android user agents) with no wallet, on a Solana site built as a site's bundler would
// (esbuild, lazy chunks) in real Chromium:
// - the Connect view offers "Open in Phantom", whose link carries the page's URL (the navigation is
//   answered here by page.route, so nothing leaves 127.0.0.1);
// - inside Telegram (a stubbed `Telegram.WebApp`) the same tap goes through its `openLink` and the
//   page does not navigate;
// - on Android the Mobile Wallet Adapter wallet is listed (the site opts in with
//   `portico/solana/mobile`), and its code (its own chunk) is fetched there only: never on the
//   iPhone, never on a desktop.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { serveTestSite, type TestSite } from '../../helpers/serveTestSite.js'
import { android, iPhone } from '../kit/flowsE2e.js'

/** Telegram's Mini App object as its script leaves it inside Telegram on an iPhone; it records what it is asked to open. */
const telegramStub = `window.__telegramOpened = [];
window.Telegram = { WebApp: { platform: 'ios', version: '8.0',
  openLink(url) { window.__telegramOpened.push(['openLink', url]) },
  openTelegramLink(url) { window.__telegramOpened.push(['openTelegramLink', url]) } } };`

let site: TestSite
let browser: Browser

beforeAll(async () => {
  ;[site, browser] = await Promise.all([serveTestSite({ entry: 'tests/e2e/phone/harness/main.tsx', title: 'Solana phone site' }), launchChromium()])
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** A fresh visitor in `options`' device; every request to phantom.app is answered here and recorded. */
async function visit(options: BrowserContextOptions, initScript?: string) {
  const { context, blocked } = await newLoopbackContext(browser, options)
  context.setDefaultTimeout(20_000)
  if (initScript) await context.addInitScript({ content: initScript })
  const phantom: string[] = []
  await context.route('https://phantom.app/**', async (route) => {
    phantom.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Phantom</title>' })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const chunks: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/chunks/')) chunks.push(path)
  })
  return { context, page, phantom, chunks, errors, blocked }
}

async function openConnect(page: Page, touch = true) {
  await page.goto(`${site.origin}/?item=7`)
  const button = page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' })
  await (touch ? button.tap() : button.click())
  return page.getByRole('dialog', { name: 'Connect Wallet' })
}

const expectedPhantomLink = (pageUrl: string) =>
  `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(new URL(pageUrl).origin)}`
const mwaChunk = (chunks: string[]) => chunks.filter((path) => /\/mobileWalletAdapter-[\w-]+\.js$/.test(path))

describe.each([
  ['an iPhone', iPhone],
  ['an Android phone', android],
])('a visitor with no wallet on %s', (device, options) => {
  it('sees "Open in Phantom", whose link opens this page in Phantom’s browser', async () => {
    const visitor = await visit(options)
    try {
      const dialog = await openConnect(visitor.page)
      const link = dialog.getByRole('link', { name: 'Open in Phantom' })
      await link.waitFor()
      // The other Solana wallets that document an in-app browser link are offered too.
      for (const name of ['Open in Solflare', 'Open in Backpack']) expect(await dialog.getByRole('link', { name }).count(), name).toBe(1)
      // Trust names the chain its browser opens on by SLIP-44 coin type: Solana's (501), from the solana adapter.
      const trust = new URL((await dialog.getByRole('link', { name: 'Open in Trust Wallet' }).getAttribute('href')) as string)
      expect(trust.searchParams.get('coin_id')).toBe('501')
      const pageUrl = visitor.page.url()
      expect(pageUrl).toBe(`${site.origin}/?item=7`)
      expect(await link.getAttribute('href')).toBe(expectedPhantomLink(pageUrl))
      await link.tap()
      await expect.poll(() => visitor.phantom.length).toBe(1)
      const opened = new URL(visitor.phantom[0] as string)
      expect(`${opened.origin}${opened.pathname}`).toBe(`https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}`)
      expect(opened.searchParams.get('ref')).toBe(site.origin)
      expect(decodeURIComponent(opened.pathname.slice('/ul/browse/'.length))).toBe(pageUrl)
      await expect.poll(() => visitor.page.url()).toBe(expectedPhantomLink(pageUrl))
      expect(visitor.errors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})

describe('inside Telegram (a stubbed Telegram.WebApp) on an iPhone', () => {
  it('"Open in Phantom" goes through Telegram’s openLink; the Mini App does not navigate', async () => {
    const visitor = await visit(iPhone, telegramStub)
    try {
      const dialog = await openConnect(visitor.page)
      const link = dialog.getByRole('link', { name: 'Open in Phantom' })
      await link.tap()
      const opened = () => visitor.page.evaluate(() => (window as unknown as { __telegramOpened: [string, string][] }).__telegramOpened)
      await expect.poll(opened).toEqual([['openLink', expectedPhantomLink(`${site.origin}/?item=7`)]])
      // No navigation: the page is still the site, its dialog still open, and Phantom was never reached by the page itself.
      expect(visitor.page.url()).toBe(`${site.origin}/?item=7`)
      expect(await dialog.getByRole('link', { name: 'Open in Phantom' }).count()).toBe(1)
      expect(visitor.phantom).toEqual([])
      expect(visitor.errors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})

describe('Solana Mobile Wallet Adapter', () => {
  it('on Android: listed, and its chunk fetched (after the visitor’s tap, not before)', async () => {
    const visitor = await visit(android)
    try {
      await visitor.page.goto(`${site.origin}/?item=7`)
      await visitor.page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).waitFor()
      expect(mwaChunk(visitor.chunks)).toEqual([])
      await visitor.page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).tap()
      const dialog = visitor.page.getByRole('dialog', { name: 'Connect Wallet' })
      await dialog.getByRole('button', { name: 'Mobile Wallet Adapter' }).waitFor()
      expect(mwaChunk(visitor.chunks)).toHaveLength(1)
      // Listed among the other wallets (it opens the phone's wallet apps): not an installed one,
      // so the "Open in" links stay.
      expect(await dialog.getByRole('region', { name: 'Other wallets' }).getByRole('button', { name: 'Mobile Wallet Adapter' }).count()).toBe(1)
      expect(await dialog.getByRole('link', { name: 'Open in Phantom' }).count()).toBe(1)
      expect(visitor.errors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })

  it.each([
    ['an iPhone', iPhone],
    ['a desktop', {} as BrowserContextOptions],
  ])('on %s: not listed, its chunk never fetched', async (_device, options) => {
    const visitor = await visit(options)
    try {
      const dialog = await openConnect(visitor.page, options.hasTouch === true)
      // The view has settled once it tells a visitor without a wallet what one is.
      await dialog.getByRole('heading', { name: 'What is a wallet?' }).waitFor()
      // The solana plugin (and its setup) did load: its own chunks were fetched.
      expect(visitor.chunks.length).toBeGreaterThan(0)
      expect(mwaChunk(visitor.chunks)).toEqual([])
      expect(await dialog.getByRole('button', { name: 'Mobile Wallet Adapter' }).count()).toBe(0)
      expect(visitor.errors).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})
