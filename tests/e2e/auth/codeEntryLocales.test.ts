// Issue 52: the email login's code entry on a 360 px wide phone, in every locale the project ships:
// "Resend code in 30 s" and "Use another email" keep one line each (nothing wraps, nothing is cut),
// and both stay inside the modal; so do the embedded wallet profile's ("Wallet & login") actions
// once logged in. The demo's language picker switches the open modal in place.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedLocales } from '../../../ui/locales/supported.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

const phoneUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, userAgent: phoneUserAgent, reducedMotion: 'reduce' } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

/** Each button of a group (the code entry's second actions by default): its text, whether it wraps or is cut, and whether it leaves the modal. */
function codeActions(page: Page, group = '.portico-auth__code-actions') {
  return page.evaluate((group) => {
    const dialog = document.querySelector('[role="dialog"]')!.getBoundingClientRect()
    return [...document.querySelectorAll(`[role="dialog"] ${group} > button`)].map((button) => {
      const range = document.createRange()
      range.selectNodeContents(button)
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size
      const box = button.getBoundingClientRect()
      return {
        text: (button.textContent ?? '').trim(),
        lines,
        cut: button.scrollWidth > button.clientWidth + 1,
        outside: box.left < dialog.left - 0.5 || box.right > dialog.right + 0.5,
      }
    })
  }, group)
}

const email = `code-entry-${Date.now().toString(36)}@example.com`

describe('the code entry at 360 px, in every locale', () => {
  it('"Resend code in 30 s" and "Use another email" keep one line each and stay inside the modal', async () => {
    await page.goto(`${sandbox.url}/?locale=en`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByRole('button', { name: /^Resend code in \d+ s$/ }).waitFor()
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(360)

    const seen: Record<string, unknown> = {}
    for (const locale of supportedLocales) {
      await page.getByRole('combobox', { name: 'Language' }).selectOption(locale)
      await expect.poll(() => page.locator('.portico-root').getAttribute('lang')).toBe(locale)
      const actions = await codeActions(page)
      // Both buttons, both still counting down (the longest text of the resend button).
      expect(actions, locale).toHaveLength(2)
      expect(actions[0]?.text, locale).toMatch(/\p{Nd}/u)
      const wrong = actions.filter((action) => action.lines !== 1 || action.cut || action.outside)
      if (wrong.length) seen[locale] = wrong
    }
    expect(seen).toEqual({})
    expect(visitor.pageErrors).toEqual([])
  }, 120_000)
})

describe('the embedded wallet\'s profile ("Wallet & login") at 360 px, in every locale', () => {
  it('Protect recovery, Update email and Export private key keep one line each and stay inside the modal', async () => {
    // Logged in with an email of its own (the first one's code is still counting down), with the code from the sandbox's mail sink.
    const email = `profile-${Date.now().toString(36)}@example.com`
    await page.goto(`${sandbox.url}/?locale=en`)
    const before = (await mailbox(sandbox.url))[0]?.id ?? 0
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    const { code } = await mailedCode(sandbox.url, email, { afterId: before })
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code)
    const verify = dialog.getByRole('button', { name: 'Verify' })
    if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
    await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0)
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: new RegExp(email.slice(0, 12)) }).click()
    await dialog.getByRole('button', { name: 'Wallet & login' }).click()
    await dialog.locator('.portico-auth__address').first().waitFor()

    const seen: Record<string, unknown> = {}
    for (const locale of supportedLocales) {
      await page.getByRole('combobox', { name: 'Language' }).selectOption(locale)
      await expect.poll(() => page.locator('.portico-root').getAttribute('lang')).toBe(locale)
      const actions = await codeActions(page, '.portico-auth__profile-actions')
      // An email login: Update email and Export private key at least (Protect recovery while the server holds the recovery).
      expect(actions.length, locale).toBeGreaterThanOrEqual(2)
      const wrong = actions.filter((action) => action.lines !== 1 || action.cut || action.outside)
      if (wrong.length) seen[locale] = wrong
    }
    expect(seen).toEqual({})
    expect(visitor.pageErrors).toEqual([])
  }, 120_000)
})
