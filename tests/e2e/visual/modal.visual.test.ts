// Issue 14, acceptances 1 and 4: every modal view of the demo site (`npm start`), in Chromium,
// desktop 1280×800 and phone 390×844, light and dark (themeMode 'system' following the emulated
// prefers-color-scheme). Each view is checked by axe-core (no serious or critical violation) and
// compared with its committed baseline PNG (tests/e2e/visual/__screenshots__). To accept a change,
// run `UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/visual` and commit the PNGs after looking at them
// (docs/testing.md).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { compareScreenshot } from './compareScreenshot.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const phoneUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const devices: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: phoneUserAgent },
}

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }

/**
 * axe-core over what Portico draws on the page (the dialog and the header's wallet buttons; not
 * the demo's own text or the dev wallets' panels, which are sandbox tools), injected through the
 * debugger so the strict CSP stays on.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: { include: string[][] }): Promise<AxeResult> } }).axe.run({ include: [['[role="dialog"]'], ['nav[aria-label="Wallet"]']] }),
  )
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}

let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(async () => {
  await sandbox?.stop()
})

describe.each([
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
] as const)('the modal on a %s in the %s theme', (device, colorScheme) => {
  let visitor: SandboxPage
  let page: Page
  /** Per view: the axe findings and the screenshot comparison ('ok' when it matched). */
  const results: Record<string, { axe: string[]; screenshot: string }> = {}

  beforeAll(async () => {
    visitor = await openSandboxPage({ contextOptions: { ...devices[device], colorScheme, reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC' } })
    page = visitor.page
    visitor.context.setDefaultTimeout(20_000)
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const waitForView = (view: string) => page.locator(`[role="dialog"][data-view="${view}"]`).waitFor()

  /** Waits for the dialog's images, then checks the view with axe and against its baseline. */
  async function check(name: string, mask: (dialog: Locator) => Locator[] = () => []): Promise<void> {
    await page.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] img')].every((img) => (img as HTMLImageElement).complete))
    await page.waitForTimeout(250) // the height transition and the last layout
    const actual = await dialog().screenshot({ animations: 'disabled', caret: 'hide', mask: mask(dialog()), maskColor: '#ff00ff' })
    const compared = compareScreenshot({ name: `${device}-${colorScheme}/${name}.png`, actual })
    results[name] = { axe: await seriousViolations(page), screenshot: compared.status === 'mismatch' ? compared.message : 'ok' }
  }

  it('Connect, All Wallets and WalletConnect before connecting', async () => {
    await page.goto(`${sandbox.url}/?siwx=required`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    // Four installed dev wallets fill the list: Recommended makes way for them, All Wallets ends it.
    await dialog().getByRole('button', { name: 'Portico Dev Wallet (Stacks)', exact: true }).waitFor()
    await dialog().getByRole('button', { name: 'All Wallets' }).waitFor()
    // The email section is its own lazy chunk: shoot once it replaced its spinner.
    await dialog().getByRole('textbox', { name: 'Email' }).waitFor()
    await check('Connect')

    await dialog().getByRole('button', { name: 'All Wallets' }).click()
    await dialog().getByRole('region', { name: 'Wallets' }).getByRole('button').first().waitFor()
    // The installed dev wallet keeps its own icon (not the directory's tile) and says "Installed".
    const devTile = dialog().getByRole('region', { name: 'Wallets' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true })
    expect(await page.locator(`[id="${await devTile.getAttribute('aria-describedby')}"]`).textContent()).toBe('Installed')
    expect(await devTile.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    await check('AllWallets')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Connect')

    // WalletConnect is listed on phones too (issue 14, acceptance 2); there a directory wallet opens its deep link instead.
    await dialog().getByRole('button', { name: 'WalletConnect', exact: true }).click()
    await dialog().getByRole('img', { name: /QR code/i }).waitFor()
    // The pairing URI and its countdown differ on every run.
    await check('WalletConnect', (d) => [d.locator('.portico-wc-qr'), d.locator('.portico-wc__countdown')])
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Connect')
  })

  it('Sign In after connecting the Portico Dev Wallet', async () => {
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    const signView = dialog().filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    // The card, its message (a fresh nonce and the time) closed behind "Show message" (issue 52).
    await signView.locator('summary', { hasText: 'Show message' }).waitFor()
    await expect.poll(() => signView.getByRole('button', { name: 'Sign', exact: true }).isEnabled()).toBe(true)
    // The site's domain carries the sandbox's port, which differs from run to run.
    await check('SignIn', (d) => [d.getByText(new URL(sandbox.url).host, { exact: true })])
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    // "Signed in" confirms it (issue 14); the next views are taken once the toast has gone.
    const toasts = page.locator('[data-portico-toasts]')
    await expect.poll(() => toasts.textContent()).toContain('Signed in')
    await expect.poll(() => toasts.textContent(), { timeout: 20_000 }).not.toContain('Signed in')
  })

  it('Account (each tab), Receive, Send, Review and Choose Network', async () => {
    // The page's header with the account connected (compact on a phone: one line).
    await header().getByRole('button', { name: /0xf39F…2266/ }).waitFor()
    await page.waitForFunction(() => [...document.querySelectorAll('nav img')].every((img) => (img as HTMLImageElement).complete))
    const headerBox = await header().boundingBox()
    expect(headerBox?.height).toBeLessThanOrEqual(48)
    const headerShot = compareScreenshot({ name: `${device}-${colorScheme}/Header.png`, actual: await header().screenshot({ animations: 'disabled' }) })
    results.Header = { axe: [], screenshot: headerShot.status === 'mismatch' ? headerShot.message : 'ok' }

    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await waitForView('Account')
    await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
    await expect.poll(() => dialog().getByRole('tabpanel').getByText('pUSD').count()).toBeGreaterThan(0)
    await check('Account-Tokens')
    await dialog().getByRole('tab', { name: 'NFTs' }).click()
    await dialog().getByRole('tabpanel').getByRole('img', { name: 'Portico Pioneers #3' }).waitFor()
    await check('Account-NFTs')
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
    // When each transaction was mined depends on the run: one fixed text (so the row keeps its
    // width), painted over as well.
    await dialog().locator('time').evaluateAll((times) => times.forEach((time) => (time.textContent = '1 min ago')))
    await check('Account-Activity', (d) => [d.locator('time')])
    await dialog().getByRole('tab', { name: 'Tokens' }).click()

    // Receive: the address as a QR code, to copy, with its network.
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click()
    await waitForView('WalletReceive')
    await dialog().getByRole('img', { name: /^QR code of your address on / }).waitFor()
    await check('Receive')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await waitForView('WalletSend')
    await chooseSendToken(dialog(), 'pUSD')
    await dialog().getByLabel('Amount').fill('1250.5')
    await dialog().getByLabel('Receiver address').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await check('Send')
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await waitForView('WalletSendPreview')
    // The network fee follows the devnet's gas price: wait for it, then one fixed text (so the
    // row keeps its width), painted over as well.
    const fee = dialog().locator('.portico-send-preview__row', { hasText: 'Network fee' }).locator('dd')
    await expect.poll(() => fee.textContent(), { timeout: 20_000 }).toMatch(/ETH/)
    await fee.evaluate((dd) => (dd.textContent = '0.000042 ETH (≈ $0.13)'))
    await check('Review', () => [fee])
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)

    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await waitForView('Networks')
    await check('ChooseNetwork')
  })

  it('no view has a serious or critical axe violation, each matches its baseline, nothing left 127.0.0.1', async () => {
    expect(Object.keys(results).sort()).toEqual(['Account-Activity', 'Account-NFTs', 'Account-Tokens', 'AllWallets', 'ChooseNetwork', 'Connect', 'Header', 'Receive', 'Review', 'Send', 'SignIn', 'WalletConnect'])
    expect(Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.axe]))).toEqual(Object.fromEntries(Object.keys(results).map((name) => [name, []])))
    expect(Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.screenshot]))).toEqual(Object.fromEntries(Object.keys(results).map((name) => [name, 'ok'])))
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
