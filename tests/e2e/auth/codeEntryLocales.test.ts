// Issue 52: the email login's code entry on a 360 px wide phone, in every locale the project ships:
// "Resend code in 30 s" and "Use another email" keep one line each (nothing wraps, nothing is cut),
// and both stay inside the modal; so do the embedded wallet profile's ("Wallet & login") actions
// once logged in. The demo's language picker switches the open modal in place.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedLocales } from '../../../ui/locales/supported.js'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { iPhone } from '../../helpers/phones.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { enterCode, expectClean, openVisitor, startEmailLogin, step } from '../kit/authE2e.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  visitor = await openVisitor({ ...iPhone, viewport: { width: 360, height: 760 } })
  page = visitor.page
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

/**
 * In every locale (the demo's language picker switches the open modal in place), each button of
 * `group` in the modal: one line, not cut, inside the modal; `check` adds what the group must hold.
 * Answers the locales where a button failed (empty when none), and leaves the modal in English.
 */
async function inEveryLocale(group: string, check: (actions: { text: string }[], locale: string) => void): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {}
  for (const locale of [...supportedLocales, 'en']) {
    await page.getByRole('combobox', { name: 'Language' }).selectOption(locale)
    await expect.poll(() => page.locator('.portico-root').getAttribute('lang')).toBe(locale)
    const actions = await page.evaluate((group) => {
      const dialog = document.querySelector('[role="dialog"]')!.getBoundingClientRect()
      return [...document.querySelectorAll(`[role="dialog"] ${group} > button`)].map((button) => {
        const range = document.createRange()
        range.selectNodeContents(button)
        const box = button.getBoundingClientRect()
        return {
          text: (button.textContent ?? '').trim(),
          lines: new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size,
          cut: button.scrollWidth > button.clientWidth + 1,
          outside: box.left < dialog.left - 0.5 || box.right > dialog.right + 0.5,
        }
      })
    }, group)
    check(actions, locale)
    const wrong = actions.filter((action) => action.lines !== 1 || action.cut || action.outside)
    if (wrong.length) seen[locale] = wrong
  }
  return seen
}

const email = `code-entry-${Date.now().toString(36)}@example.com`

describe('the email login at 360 px, in every locale', () => {
  it('the code entry: "Resend code in 30 s" and "Use another email" keep one line each and stay inside the modal', async () => {
    await page.goto(`${sandbox.url}/?locale=en`)
    const code = await startEmailLogin(page, sandbox.url, email)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /^Resend code in \d+ s$/ }).waitFor()
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(360)
    const seen = await inEveryLocale('.portico-auth__code-actions', (actions, locale) => {
      // Both buttons, both still counting down (the longest text of the resend button).
      expect(actions, locale).toHaveLength(2)
      expect(actions[0]?.text, locale).toMatch(/\p{Nd}/u)
    })
    expect(seen).toEqual({})
    // Logged in with that code (back in English), for the profile below.
    await enterCode(page, code)
    await step(page, expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0))
  }, 120_000)

  it('the embedded wallet\'s profile ("Wallet & login"): Protect recovery, Update email and Export private key keep one line each and stay inside the modal', async () => {
    const dialog = page.getByRole('dialog')
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: new RegExp(email.slice(0, 12)) }).click()
    await dialog.getByRole('button', { name: 'Wallet & login' }).click()
    await dialog.locator('.portico-auth__address').first().waitFor()
    const seen = await inEveryLocale('.portico-auth__profile-actions', (actions, locale) => {
      // An email login: Update email and Export private key at least (Protect recovery while the server holds the recovery).
      expect(actions.length, locale).toBeGreaterThanOrEqual(2)
    })
    expect(seen).toEqual({})
    await expectClean(visitor)
  }, 120_000)
})
