import type { Browser, Page } from 'playwright-core'
import { SiweMessage } from 'siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSiwxPage } from './browser/startSiwxPage.js'

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }
type TestApi = { kernelLoaded(): boolean; ready(): Promise<void>; isSigned(): boolean; connect(): Promise<unknown>; release(): void; reject(): void; approve(): void; signed: string[]; state(): { open: boolean; view: string; status: string; shakes: number; connections: Record<string, { status: string; held?: true }> } }
type TestWindow = { siwxTest: TestApi }

let browser: Browser
let site: Awaited<ReturnType<typeof startSiwxPage>>

beforeAll(async () => {
  ;[browser, site] = await Promise.all([launchChromium(), startSiwxPage()])
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function open(query = ''): Promise<{ page: Page; blocked: string[]; errors: string[] }> {
  const { context, blocked } = await newLoopbackContext(browser)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused/.test(m.text())) errors.push(m.text())
  })
  await page.goto(`${site.url}${query}`)
  await page.waitForFunction(() => 'siwxTest' in window)
  return { page, blocked, errors }
}

const state = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).siwxTest.state())

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/axe.min.js' })
  const result = await page.evaluate(() => (window as unknown as { axe: { run(context: Document): Promise<AxeResult> } }).axe.run(document))
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}

describe('SIWXSignMessage in Chromium (strict CSP)', () => {
  it('appears after connecting, shows the exact message, refuses Esc, says "Authenticating…" while the wallet signs, closes on success', async () => {
    const { page, blocked, errors } = await open()
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.connect())
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign in with your wallet' }).waitFor()
    const host = new URL(site.url).host
    // The card (issue 52): the site, who signs on which network, and the site's statement; the
    // message itself waits behind "Show message".
    const card = dialog.locator('dl')
    await expect.poll(() => card.textContent()).toContain('0xf39F…2266')
    expect(await dialog.getByText('Siwx Test Site', { exact: true }).count()).toBe(1)
    expect(await dialog.getByText(host, { exact: true }).count()).toBe(1)
    expect(await card.getByRole('definition').allTextContents()).toEqual(['0xf39F…22660xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'Devnet A', 'Sign in to the test page.'])
    expect(await card.getByRole('term').allTextContents()).toEqual(['Account', 'Network', 'Statement'])
    const preview = dialog.getByRole('region', { name: 'Message to sign' })
    expect(await preview.isVisible()).toBe(false)
    // The page's button does not look connected before the visitor signs.
    const pageButton = page.locator('button.portico-page-button--connect')
    expect(await pageButton.getAttribute('data-status')).toBe('connecting')
    expect(await pageButton.textContent()).toBe('Connecting…')
    expect((await state(page)).connections.eip155).toMatchObject({ status: 'connected', held: true })
    // The disclosure opens from the keyboard.
    const summary = dialog.locator('summary', { hasText: 'Show message' })
    await summary.focus()
    await page.keyboard.press('Enter')
    await preview.waitFor()
    const text = (await preview.textContent()) as string
    expect(new SiweMessage(text)).toMatchObject({ domain: host, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337, uri: site.url, statement: 'Sign in to the test page.' })
    // The whole text is copyable.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url })
    await dialog.getByRole('button', { name: 'Copy message' }).click()
    await dialog.getByRole('button', { name: 'Message copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text)
    expect(await seriousViolations(page)).toEqual([])

    // Esc on the unsigned sign view: the modal shakes and stays.
    const before = (await state(page)).shakes
    await page.keyboard.press('Escape')
    await expect.poll(async () => (await state(page)).shakes).toBe(before + 1)
    // The Esc is handled (the shake): the dialog is still there.
    expect(await dialog.isVisible()).toBe(true)

    await dialog.getByRole('button', { name: 'Sign' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Authenticating…' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Sign' }).isDisabled()).toBe(true)
    const signed = await page.evaluate(() => (window as unknown as TestWindow).siwxTest.signed)
    expect(signed).toHaveLength(1)
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.release())
    await dialog.waitFor({ state: 'detached' })
    expect(await state(page)).toMatchObject({ open: false, connections: { eip155: { status: 'connected' } } })
    // Signed: the connection is the visitor's now, and the page's button shows the account.
    expect((await state(page)).connections.eip155?.held).toBeUndefined()
    await expect.poll(() => pageButton.textContent()).toContain('0xf39F…2266')
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a refusal shows "Error signing message"; Cancel (required, nothing signed) disconnects', async () => {
    const { page, errors } = await open()
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.connect())
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Show message', { exact: true }).waitFor()
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.reject())
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.release())
    await dialog.getByRole('status').filter({ hasText: 'Error signing message' }).waitFor()
    expect(await dialog.isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await state(page)).connections.eip155?.status).toBe('disconnected')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a returning visitor whose session ended is asked to sign in at once, with no click (issue 44: a start-time duty); a first visit loads nothing', async () => {
    const { page, blocked, errors } = await open('?storage=local')
    // A first visit: nobody is connected, so there is nothing to sign and the kernel stays away.
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.ready())
    expect(await page.evaluate(() => (window as unknown as TestWindow).siwxTest.kernelLoaded())).toBe(false)
    expect(await page.getByRole('dialog').count()).toBe(0)
    // Connect and sign in.
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.connect())
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Show message', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.evaluate(() => (window as unknown as TestWindow).siwxTest.signed.length)).toBe(1)
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.release())
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => localStorage.getItem('@portico/siwx_sessions'))).toMatch(/signature/)

    // Back later, signed in: restored with no prompt.
    await page.reload()
    await page.waitForFunction(() => 'siwxTest' in window)
    await expect.poll(async () => (await state(page)).connections.eip155?.status).toBe('connected')
    // The check of the stored session found it and is over (a prompt comes only from a check).
    await expect.poll(() => page.evaluate(() => (window as unknown as TestWindow).siwxTest.isSigned())).toBe(true)
    expect((await state(page)).status).toBe('idle')
    expect(await page.getByRole('dialog').count()).toBe(0)

    // The session ended meanwhile (expired, or signed out in another tab): the next visit asks at
    // once, before the visitor does anything, and the view cannot be dismissed.
    await page.evaluate(() => localStorage.removeItem('@portico/siwx_sessions'))
    await page.reload()
    await page.waitForFunction(() => 'siwxTest' in window)
    await page.getByRole('dialog').getByText('Show message', { exact: true }).waitFor()
    expect((await state(page)).view).toBe('SIWXSignMessage')
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('without `required`, Esc closes the sign view and the wallet stays connected', async () => {
    const { page } = await open('?required=0')
    await page.evaluate(() => (window as unknown as TestWindow).siwxTest.connect())
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Show message', { exact: true }).waitFor()
    // Sign-in not required: the connection is not held, the page's button shows the account.
    expect((await state(page)).connections.eip155?.held).toBeUndefined()
    await expect.poll(() => page.locator('button.portico-page-button--connect').textContent()).toContain('0xf39F…2266')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await state(page)).connections.eip155?.status).toBe('connected')
    await page.context().close()
  })
})
