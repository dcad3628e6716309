import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { App } from './harness/App.js'
import { createHarnessPortico } from './harness/createHarnessPortico.js'
import { openHarnessPage } from './helpers/openHarnessPage.js'
import { startHarness, type Harness } from './helpers/startHarness.js'

let browser: Browser
let harness: Harness
let markup = ''

beforeAll(async () => {
  ;[browser, harness] = await Promise.all([launchChromium(), startHarness()])
  // The server renders the page as a site's server would: same app, no visitor storage.
  const { portico } = createHarnessPortico({ api: harness.apiUrl, storage: null })
  markup = renderToString(createElement(App, { portico }))
  harness.setSsrMarkup(markup)
  await portico.destroy()
})
afterAll(async () => {
  await browser?.close()
  await harness?.close()
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
    await page.waitForFunction(() => document.readyState === 'complete')
    await page.waitForTimeout(300)
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
