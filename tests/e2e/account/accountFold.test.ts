// Issue 52, the Account view: on a 1280×800 desktop and a 390×844 phone, in real Chromium on the
// demo site, the Tokens / NFTs / Activity tabs and two token rows are in view without scrolling,
// after a wallet login and after an email login (the embedded wallet adds its own rows); the
// header's icon buttons (Copy address, the explorer, Disconnect) are in the keyboard's path before
// Buy, Swap, Receive and Send, and Disconnect works from the keyboard; and where the view scrolls
// (a shorter window), its edge fades while more rows are below and not at the end
// (docs/design.md, "The Account view" and "What truncates, and how").
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { walkContextOptions, type Device } from '../visual/visualWalk.js'
import { emailLogin, expectClean } from '../kit/authE2e.js'
import { dialog, header } from '../kit/flowsE2e.js'

let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
}, 240_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** Where an element is, against the window and the modal body that clips it (its top and bottom, in px). */
type Place = { top: number; bottom: number; bodyTop: number; bodyBottom: number; windowHeight: number; scrolled: number }
const place = (locator: Locator): Promise<Place> =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const body = element.closest('.portico-modal__body')!
    const clip = body.getBoundingClientRect()
    return { top: box.top, bottom: box.bottom, bodyTop: clip.top, bodyBottom: clip.bottom, windowHeight: window.innerHeight, scrolled: body.scrollTop }
  })

/** Fails unless the element is wholly in the window and in the modal body's visible part, the body not scrolled. */
async function expectInView(locator: Locator, what: string): Promise<void> {
  const at = await place(locator)
  expect(at.scrolled, `${what}: the body was scrolled`).toBe(0)
  expect(at.top, `${what} starts above the window`).toBeGreaterThanOrEqual(0)
  expect(at.bottom, `${what} ends below the window (${JSON.stringify(at)})`).toBeLessThanOrEqual(at.windowHeight)
  expect(at.top, `${what} starts above the modal body`).toBeGreaterThanOrEqual(at.bodyTop - 0.5)
  expect(at.bottom, `${what} ends below the modal body's visible part (${JSON.stringify(at)})`).toBeLessThanOrEqual(at.bodyBottom + 0.5)
}

function visitorPage(device: Device, viewport?: { width: number; height: number }) {
  return openSandboxPage({ contextOptions: { ...walkContextOptions(device, 'light'), ...(viewport ? { viewport } : {}) } })
}

const body = (page: Page) => page.locator('.portico-modal__body')

/** Connects the dev wallet as dev account `index` and opens the Account view, its token rows loaded. */
async function walletAccount(page: Page, index: number): Promise<void> {
  const address = devAddresses[index]!
  await page.goto(`${sandbox.url}/?devAccount=${index}`)
  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
  const button = header(page).getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })
  await button.waitFor()
  if ((await dialog(page).count()) > 0) await page.keyboard.press('Escape')
  await expect.poll(() => dialog(page).count()).toBe(0)
  await button.click()
  await page.locator('[role="dialog"][data-view="Account"]').waitFor()
  await dialog(page).getByRole('tabpanel').getByRole('listitem').nth(1).waitFor()
}

/** Logs in with a fresh email (the code from the sandbox's mailbox) and opens the Account view. */
async function emailAccount(page: Page, device: Device): Promise<void> {
  const email = `fold-${device}-${Date.now().toString(36)}@example.com`
  await page.goto(`${sandbox.url}/`)
  await emailLogin(page, sandbox.url, email, header(page).getByRole('button', { name: 'Connect Wallet' }))
  const account = header(page).getByRole('button', { name: new RegExp(email.slice(0, 10)) })
  await account.waitFor({ timeout: 30_000 })
  await account.click()
  await page.locator('[role="dialog"][data-view="Account"]').waitFor()
  await dialog(page).getByRole('tabpanel').getByRole('listitem').first().waitFor()
  // The embedded wallet's own rows are there (what pushed the tabs out of view before).
  await dialog(page).getByRole('button', { name: 'Wallet & login' }).waitFor()
  await dialog(page).getByRole('button', { name: 'Update email' }).waitFor()
}

describe.each([
  ['desktop', 8],
  ['phone', 9],
] as const)('the Account view on a %s (dev account %i)', (device, devAccount) => {
  let visitor: SandboxPage

  beforeAll(async () => {
    visitor = await visitorPage(device)
    visitor.context.setDefaultTimeout(20_000)
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  it('after a wallet login: the tabs and two token rows in view, the tools by keyboard before the actions, Disconnect by keyboard', async () => {
    const { page } = visitor
    await walletAccount(page, devAccount)
    await expectInView(dialog(page).getByRole('tablist'), 'the tabs')
    await expectInView(dialog(page).getByRole('tabpanel').getByRole('listitem').nth(0), 'the first token row')
    await expectInView(dialog(page).getByRole('tabpanel').getByRole('listitem').nth(1), 'the second token row')
    // All of it fits: no fade.
    await expect.poll(() => body(page).evaluate((element) => getComputedStyle(element).maskImage)).toBe('none')

    // The icon buttons keep their names, and say them on hover (title).
    for (const name of ['Copy address', 'Disconnect']) await expect.poll(() => dialog(page).getByRole('button', { name, exact: true }).getAttribute('title')).toBe(name)
    await expect.poll(() => dialog(page).getByRole('link', { name: /^View on / }).getAttribute('title')).toMatch(/^View on /)
    // Tab from the dialog: Close, then the header's tools, then the actions.
    await dialog(page).focus()
    const stops: string[] = []
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      stops.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? ''))
    }
    expect(stops.slice(0, 8)).toEqual(['Close', 'Copy address', expect.stringMatching(/^View on /), 'Disconnect', 'Buy', 'Swap', 'Receive', 'Send'])

    // Disconnect from the keyboard.
    await dialog(page).getByRole('button', { name: 'Disconnect', exact: true }).focus()
    await page.keyboard.press('Enter')
    await header(page).getByRole('button', { name: 'Connect Wallet' }).waitFor()
  })

  it('after an email login: the tabs and the token panel (two rows tall) in view, with the embedded wallet\'s rows', async () => {
    const { page } = visitor
    await emailAccount(page, device)
    await expectInView(dialog(page).getByRole('tablist'), 'the tabs')
    const panel = dialog(page).getByRole('tabpanel')
    await expectInView(panel, 'the token panel')
    expect((await panel.boundingBox())!.height).toBeGreaterThanOrEqual(2 * 52)
    await expectInView(panel.getByRole('listitem').first(), 'the first token row')
  })
})

describe('the token list fades where more rows are below (a 1280×560 window, dev account 8)', () => {
  let visitor: SandboxPage

  beforeAll(async () => {
    visitor = await visitorPage('desktop', { width: 1280, height: 560 })
    visitor.context.setDefaultTimeout(20_000)
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  it('fades the bottom edge while rows are below, the top one once scrolled, and not the bottom at the end', async () => {
    const { page } = visitor
    await walletAccount(page, 8)
    const last = dialog(page).getByRole('tabpanel').getByRole('listitem').last()
    const state = () => body(page).evaluate((element) => ({ more: element.getAttribute('data-more'), mask: getComputedStyle(element).maskImage }))
    // The last token row is cut by the body's edge, and that edge fades.
    const at = await place(last)
    expect(at.bottom).toBeGreaterThan(at.bodyBottom)
    await expect.poll(state).toEqual({ more: 'below', mask: expect.stringMatching(/^linear-gradient\(/) })
    const below = (await state()).mask

    // Halfway: both edges.
    await body(page).evaluate((element) => element.scrollTo(0, (element.scrollHeight - element.clientHeight) / 2))
    await expect.poll(async () => (await state()).more).toBe('above below')
    expect((await state()).mask).not.toBe(below)

    // At the end: the last row whole, no fade at the bottom (only at the top, where rows went).
    await body(page).evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await expect.poll(async () => (await state()).more).toBe('above')
    const end = await state()
    expect(end.mask).toMatch(/^linear-gradient\(to top/)
    const whole = await place(last)
    expect(whole.bottom).toBeLessThanOrEqual(whole.bodyBottom)

    // Back at the top: the bottom fade again.
    await body(page).evaluate((element) => element.scrollTo(0, 0))
    await expect.poll(state).toEqual({ more: 'below', mask: below })
    await expectClean(visitor)
  })
})
