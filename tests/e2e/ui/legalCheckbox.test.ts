import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { openHarnessPage, type HarnessPage } from './helpers/openHarnessPage.js'
import { startHarness, type Harness } from './helpers/startHarness.js'

// Options a visitor meets in Chromium (issue 50; the rest of every option's effect is in
// tests/options/optionEffects.test.tsx): `features.legalCheckbox` (the wallet buttons do nothing
// until the visitor ticks "I agree", then connect) and `features.headless` (no modal at all).
let browser: Browser
let harness: Harness

beforeAll(async () => {
  ;[browser, harness] = await Promise.all([launchChromium(), startHarness()])
})
afterAll(async () => {
  await browser?.close()
  await harness?.close()
})

type HarnessWindow = {
  porticoHarness: {
    portico: { kernel?: { getState(): { open: boolean }; connect(parameters: { connectorId: string }): Promise<unknown> } }
    wallet: { calls: string[] }
  }
}
const walletCalls = (page: Page) => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.wallet.calls.slice())
const kernelOpen = (page: Page) => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel?.getState().open ?? false)
const features = (value: object) => `features=${encodeURIComponent(JSON.stringify(value))}`

async function expectClean(h: HarnessPage) {
  expect(await h.cspViolations()).toEqual([])
  expect(await h.errors()).toEqual([])
  expect(h.blocked).toEqual([])
}

describe('options a visitor meets in Chromium', () => {
  it('features.legalCheckbox: the wallet buttons do nothing until the visitor ticks the terms, then connect', async () => {
    const h = await openHarnessPage(browser, `${harness.url}&${features({ legalCheckbox: true })}&terms=${encodeURIComponent('https://example.com/terms')}`)
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog')
    await modal.waitFor()
    const agree = modal.getByRole('checkbox', { name: /I agree to the site’s Terms of Service/ })
    await agree.waitFor()
    expect(await agree.isChecked()).toBe(false)
    expect(await modal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://example.com/terms')

    const wallet = modal.getByRole('button', { name: 'Portico Dev Wallet', exact: true })
    await wallet.waitFor()
    expect(await wallet.isDisabled()).toBe(true)
    // A visitor's click lands on the disabled button (force skips Playwright's own enabled check) and nothing happens.
    await wallet.click({ force: true })
    await wallet.focus()
    await page.keyboard.press('Enter')
    expect(await walletCalls(page)).not.toContain('connect')
    expect(await modal.isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Connect Wallet')
    expect(await page.getByRole('button', { name: /0xf39F…2266/ }).count()).toBe(0)

    // Ticked: the same button connects.
    await agree.check()
    await expect.poll(() => wallet.isDisabled()).toBe(false)
    await wallet.click()
    await modal.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /0xf39F…2266/ }).first().waitFor()
    expect(await walletCalls(page)).toContain('connect')
    await expectClean(h)
    await h.close()
  })

  it('without the feature the same terms are a line under the options, and the wallet buttons work at once', async () => {
    const h = await openHarnessPage(browser, `${harness.url}&terms=${encodeURIComponent('https://example.com/terms')}`)
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog')
    const wallet = modal.getByRole('button', { name: 'Portico Dev Wallet', exact: true })
    await wallet.waitFor()
    expect(await modal.getByRole('checkbox').count()).toBe(0)
    expect(await modal.getByRole('link', { name: 'Terms of Service' }).count()).toBe(1)
    expect(await wallet.isDisabled()).toBe(false)
    await wallet.click()
    await modal.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /0xf39F…2266/ }).first().waitFor()
    await expectClean(h)
    await h.close()
  })

  it('features.headless: the Connect button opens the kernel\'s modal state but Portico draws no dialog', async () => {
    const h = await openHarnessPage(browser, `${harness.url}&${features({ headless: true })}`)
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // The kernel loaded and opened: a site draws its own UI from this state.
    await expect.poll(() => kernelOpen(page)).toBe(true)
    // The UI's code loads with the kernel; a connection made through the kernel then re-renders the
    // page's button (so the provider has rendered with the UI since), and still no dialog is drawn.
    await expect.poll(() => harness.served.some((p) => /uiModule-/.test(p))).toBe(true)
    await page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel?.connect({ connectorId: 'dev.portico.wallet' }))
    await page.getByRole('button', { name: /0xf39F…2266/ }).first().waitFor()
    expect(await kernelOpen(page)).toBe(true)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await page.locator('.portico-root').count()).toBe(0)
    await expectClean(h)
    await h.close()
  })
})
