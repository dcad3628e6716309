import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { account, expectClean, useHarness } from './helpers/useHarness.js'

// Options a visitor meets in Chromium (issue 50; the rest of every option's effect is in
// tests/options/optionEffects.test.tsx): `features.legalCheckbox` (the wallet buttons do nothing
// until the visitor ticks "I agree", then connect) and `features.headless` (no modal at all).
const t = useHarness()

type HarnessWindow = { porticoHarness: { portico: { kernel?: { getState(): { open: boolean }; connect(parameters: { connectorId: string }): Promise<unknown> } } } }
const kernelOpen = (page: Page) => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel?.getState().open ?? false)
const features = (value: object) => `features=${encodeURIComponent(JSON.stringify(value))}`
const terms = `terms=${encodeURIComponent('https://example.com/terms')}`

describe('options a visitor meets in Chromium', () => {
  it('features.legalCheckbox: the wallet buttons do nothing until the visitor ticks the terms, then connect', async () => {
    const h = await t.open(`${features({ legalCheckbox: true })}&${terms}`)
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
    expect(await h.wallet.calls()).not.toContain('connect')
    expect(await modal.isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Connect Wallet')
    expect(await account(page).count()).toBe(0)

    // Ticked: the same button connects.
    await agree.check()
    await expect.poll(() => wallet.isDisabled()).toBe(false)
    await wallet.click()
    await modal.waitFor({ state: 'detached' })
    await account(page).first().waitFor()
    expect(await h.wallet.calls()).toContain('connect')
    await expectClean(h)
  })

  it('without the feature the same terms are a line under the options, and the wallet buttons work at once', async () => {
    const h = await t.open(terms)
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
    await account(page).first().waitFor()
    await expectClean(h)
  })

  it('features.headless: the Connect button opens the kernel\'s modal state but Portico draws no dialog', async () => {
    const h = await t.open(features({ headless: true }))
    const { page } = h
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // The kernel loaded and opened: a site draws its own UI from this state.
    await expect.poll(() => kernelOpen(page)).toBe(true)
    // The UI's code loads with the kernel; a connection made through the kernel then re-renders the
    // page's button (so the provider has rendered with the UI since), and still no dialog is drawn.
    await expect.poll(() => t.harness.served.some((p) => /uiModule-/.test(p))).toBe(true)
    await page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel?.connect({ connectorId: 'dev.portico.wallet' }))
    await account(page).first().waitFor()
    expect(await kernelOpen(page)).toBe(true)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await page.locator('.portico-root').count()).toBe(0)
    await expectClean(h)
  })
})
