import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { openHarnessPage } from './helpers/openHarnessPage.js'
import { startHarness, type Harness } from './helpers/startHarness.js'

// React's development build in StrictMode (effects run twice, warnings logged): what a site
// owner sees while developing. Any React warning on the console fails the test.
let browser: Browser
let harness: Harness

beforeAll(async () => {
  ;[browser, harness] = await Promise.all([launchChromium(), startHarness({ development: true })])
})
afterAll(async () => {
  await browser?.close()
  await harness?.close()
})

type HarnessWindow = { porticoHarness: { wallet: { script: string[]; calls: string[] } } }
const dialog = (page: Page) => page.getByRole('dialog')

describe('StrictMode and the development build', () => {
  it('connects once per click, retries, restores focus, and logs no warning', async () => {
    const h = await openHarnessPage(browser, `${harness.url}&strict=1`)
    const { page } = h
    await page.evaluate(() => void (window as unknown as HarnessWindow).porticoHarness.wallet.script.push('reject'))
    const opener = page.getByRole('button', { name: 'Connect Wallet' })
    await opener.focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Connection rejected' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    const calls = await page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.wallet.calls)
    expect(calls.filter((c) => c === 'connect')).toHaveLength(2)
    expect(calls.filter((c) => c === 'discover')).toHaveLength(1)
    const account = page.getByRole('button', { name: /0xf39F…2266/ }).last()
    await account.focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByRole('button', { name: 'Copy address' }).waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('0xf39F…2266')
    await page.getByRole('button', { name: 'Portico Devnet A' }).click()
    await dialog(page).getByRole('button', { name: 'Portico Devnet B' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Portico Devnet B' }).waitFor()
    expect(await h.errors()).toEqual([])
    expect(await h.cspViolations()).toEqual([])
    expect(h.blocked).toEqual([])
    await h.close()
  })
})
