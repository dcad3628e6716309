import { describe, expect, it } from 'vitest'
import { account, dialog, expectClean, useHarness } from './helpers/useHarness.js'

// React's development build in StrictMode (effects run twice, warnings logged): what a site
// owner sees while developing. Any React warning on the console fails the test.
const t = useHarness({ development: true })

describe('StrictMode and the development build', () => {
  it('connects once per click, retries, restores focus, and logs no warning', async () => {
    const h = await t.open('strict=1', { reducedMotion: 'no-preference' })
    const { page } = h
    await h.wallet.script('reject')
    await page.getByRole('button', { name: 'Connect Wallet' }).focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Connection rejected' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    const calls = await h.wallet.calls()
    expect(calls.filter((c) => c === 'connect')).toHaveLength(2)
    expect(calls.filter((c) => c === 'discover')).toHaveLength(1)
    await account(page).last().focus()
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
    await expectClean(h)
  })
})
