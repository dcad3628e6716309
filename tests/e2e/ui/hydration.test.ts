import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { Browser, BrowserContext, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRestoreHint } from '../../../kernel/kernel.js'
import { launchChromium } from '../../helpers/chromium.js'
import { pageSettled } from '../../helpers/pageSettled.js'
import { App } from './harness/App.js'
import { createHarnessPortico } from './harness/createHarnessPortico.js'
import { openHarnessPage } from './helpers/openHarnessPage.js'
import { startHarness, type Harness } from './helpers/startHarness.js'

let browser: Browser
let harness: Harness
/** React's development build: it logs hydration mismatches on the console. */
let devHarness: Harness
let markup = ''
/** What the server rendered for each request of the development harness's server-rendered page. */
const served: string[] = []
/** Waits until React has hydrated the element: its props are on the element once React took it over. */
const hydrated = (locator: Locator) => expect.poll(() => locator.first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))).toBe(true)

beforeAll(async () => {
  ;[browser, harness, devHarness] = await Promise.all([launchChromium(), startHarness(), startHarness({ development: true })])
  // A site's server: one instance per request, the restore hint read from the request's cookie.
  devHarness.setSsrRenderer((cookieHeader) => {
    const { portico } = createHarnessPortico({ api: devHarness.apiUrl, storage: null, restoreCookie: true })
    const html = renderToString(createElement(App, { portico, restoreHint: readRestoreHint(cookieHeader) }))
    void portico.destroy()
    served.push(html)
    return html
  })
  // The server renders the page as a site's server would: same app, no visitor storage.
  const { portico } = createHarnessPortico({ api: harness.apiUrl, storage: null })
  markup = renderToString(createElement(App, { portico }))
  harness.setSsrMarkup(markup)
  await portico.destroy()
})
afterAll(async () => {
  await browser?.close()
  await harness?.close()
  await devHarness?.close()
})

/** A returning visitor: connected with the dev wallet, on the second devnet. */
const returning = {
  '@portico/connections': JSON.stringify({ eip155: { connectorId: 'dev.portico.wallet' } }),
  '@portico/active_network_id': JSON.stringify('eip155:31338'),
}

/** Records every distinct set of button labels the page shows, from before the first render. */
async function recordButtonLabels(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { buttonLabels: string[] }
    w.buttonLabels = []
    new MutationObserver(() => {
      const labels = [...document.querySelectorAll('button')].map((b) => b.textContent ?? '').join(' | ')
      if (labels && w.buttonLabels[w.buttonLabels.length - 1] !== labels) w.buttonLabels.push(labels)
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
}

describe('server rendering and hydration in Chromium', () => {
  it('renders on the server without inline styles, and hydrates without a mismatch', async () => {
    expect(markup).toContain('Connect Wallet')
    expect(markup).not.toMatch(/\sstyle=/i)
    expect(markup).not.toMatch(/<style/i)
    const h = await openHarnessPage(browser, harness.ssrUrl)
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    // Hydrated: React has taken over the server's button (its props are on the element).
    await hydrated(page.getByRole('button', { name: 'Connect Wallet' }))
    // Hydrated: the server's button now opens the modal.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').waitFor()
    expect(await h.errors()).toEqual([])
    expect(await h.cspViolations()).toEqual([])
    expect(h.blocked).toEqual([])
    await h.close()
  })

  it('hydrates a returning visitor\'s page without a mismatch, then restores the session', async () => {
    const h = await openHarnessPage(browser, harness.ssrUrl, { storage: returning })
    const { page } = h
    await page.getByRole('button', { name: /0xf39F…2266/ }).first().waitFor()
    // The stored network was B; the restored wallet is on A, and the wallet's chain wins.
    await page.getByRole('button', { name: 'Portico Devnet A' }).waitFor()
    expect(await h.errors()).toEqual([])
    expect(await h.cspViolations()).toEqual([])
    await h.close()
  })

  it('never shows a returning visitor as disconnected on a client-rendered page', async () => {
    const h = await openHarnessPage(browser, harness.url, { storage: returning, beforeLoad: recordButtonLabels })
    const { page } = h
    await page.getByRole('button', { name: /0xf39F…2266/ }).first().waitFor()
    const labels = await page.evaluate(() => (window as unknown as { buttonLabels: string[] }).buttonLabels)
    expect(labels.length).toBeGreaterThan(1)
    expect(labels[0]).toContain('Connecting…')
    expect(labels.filter((l) => l.includes('Connect Wallet'))).toEqual([])
    expect(await h.errors()).toEqual([])
    await h.close()
  })
})

/** The returning visitor's restore cookie, as the kernel writes it. */
async function restoreCookie(context: BrowserContext, url: string) {
  await context.addCookies([{ name: 'portico.restore', value: 'eip155=dev.portico.wallet', url: new URL(url).origin }])
}

/**
 * Records, from before the first paint, every distinct set of button labels (with the time it
 * appeared) and every layout shift (PerformanceObserver 'layout-shift').
 */
async function recordPaint(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { labels: { text: string; time: number }[]; shifts: { value: number; time: number }[] }
    w.labels = []
    w.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts.push({ value: (entry as unknown as { value: number }).value, time: entry.startTime })
    }).observe({ type: 'layout-shift', buffered: true })
    new MutationObserver(() => {
      const text = [...document.querySelectorAll('button')].map((b) => b.textContent ?? '').join(' | ')
      if (text && w.labels[w.labels.length - 1]?.text !== text) w.labels.push({ text, time: performance.now() })
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
}

type Paint = { labels: { text: string; time: number }[]; shifts: { value: number; time: number }[] }

describe('a returning visitor on a server-rendered page, with the restore cookie', () => {
  const connectionOnly = { '@portico/connections': JSON.stringify({ eip155: { connectorId: 'dev.portico.wallet' } }) }

  it('the server renders the restoring state from the cookie; the page hydrates with no warning, never shows "Connect Wallet", and nothing moves', async () => {
    const url = `${devHarness.ssrUrl}&restoreCookie=1`
    const h = await openHarnessPage(browser, url, {
      storage: connectionOnly,
      beforeLoad: async (context) => {
        await restoreCookie(context, url)
        await recordPaint(context)
      },
    })
    const { page } = h
    await page.getByRole('button', { name: /0xf39F…2266/ }).first().waitFor()
    // Painted and still: the layout shifts up to the restored account have been reported.
    await pageSettled(page)
    const html = served.at(-1) ?? ''
    expect(html).toContain('Connecting…')
    expect(html).not.toContain('Connect Wallet')
    const { labels, shifts } = await page.evaluate(() => {
      const w = window as unknown as Paint
      return { labels: w.labels, shifts: w.shifts }
    })
    // Server paint, hydration and restore: "Connecting…" until the account, never "Connect Wallet".
    const states = labels.map((l) => /Connecting…|Connect Wallet|0xf39F/.exec(l.text)?.[0]).filter((state) => state !== undefined)
    expect(states[0]).toBe('Connecting…')
    expect(states).toContain('0xf39F')
    expect(states).not.toContain('Connect Wallet')
    const restoredAt = labels.find((l) => l.text.includes('0xf39F'))?.time
    expect(restoredAt).toBeGreaterThan(0)
    // Nothing moved between the server's paint and the restored account (hydration changed nothing).
    expect(shifts.filter((s) => s.time < (restoredAt as number)).reduce((sum, s) => sum + s.value, 0)).toBe(0)
    // React's development build logs hydration mismatches as errors: none, and no warning either.
    expect(await h.errors()).toEqual([])
    expect(h.warnings()).toEqual([])
    expect(await h.cspViolations()).toEqual([])
    // The kernel renewed the cookie for the next visit.
    expect(await page.evaluate(() => document.cookie)).toContain('portico.restore=eip155=dev.portico.wallet')
    await h.close()
  })

  it('a hint that turns out wrong (storage emptied) ends in "Connect Wallet" without waiting on a wallet, and the cookie goes', async () => {
    const url = `${devHarness.ssrUrl}&restoreCookie=1`
    const h = await openHarnessPage(browser, url, {
      beforeLoad: async (context) => {
        await restoreCookie(context, url)
        await recordPaint(context)
      },
    })
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    expect(served.at(-1)).toContain('Connecting…')
    const labels = await page.evaluate(() => (window as unknown as Paint).labels.map((l) => l.text))
    expect(labels.find((l) => /Connecting…|Connect Wallet/.test(l))).toContain('Connecting…')
    // The wallet was never asked to reconnect: nothing stored, nothing to restore.
    expect(await page.evaluate(() => (window as unknown as { porticoHarness: { wallet: { calls: string[] } } }).porticoHarness.wallet.calls)).not.toContain('reconnect')
    expect(await h.errors()).toEqual([])
    expect(h.warnings()).toEqual([])
    expect(await page.evaluate(() => document.cookie)).not.toContain('portico.restore')
    // Hydrated: the button opens the modal.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').waitFor()
    await h.close()
  })

  it('without the cookie the server renders "Connect Wallet", and the page hydrates without a warning', async () => {
    const h = await openHarnessPage(browser, `${devHarness.ssrUrl}&restoreCookie=1`)
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    // Hydrated: React has taken over the server's button (its props are on the element).
    await hydrated(page.getByRole('button', { name: 'Connect Wallet' }))
    expect(served.at(-1)).toContain('Connect Wallet')
    expect(await h.errors()).toEqual([])
    expect(h.warnings()).toEqual([])
    await h.close()
  })
})
