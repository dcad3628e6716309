// Issue 52, acceptance 2: the plugins' views the main walk (modal.visual.test.ts) does not reach,
// on the demo site of one fresh sandbox, in Chromium, desktop 1280×800 and phone 390×844, walked
// once per device and taken in both themes at each view (`themeMode: 'system'` follows the emulated
// prefers-color-scheme live): email capture and its confirmation (email-capture), ProfileWallets
// (`?multiWallet=1`), the success screens of a swap (swap), a purchase (onramp) and a registered
// name (names), and the email login's code entry, the Account after it, the embedded wallet's
// profile and its Update email (auth). Each view is checked by axe-core (no violation of any impact) and against its
// baseline PNG (tests/e2e/visual/__screenshots__/<device>-<theme>/), each view that loads is
// measured from its first frame (at most 8 px of movement), and the walk fails on any console
// error or warning, failed request or error answer (visualWalk.ts). Each device signs as its own
// dev account, so the two walks share the sandbox without meeting. Accept a change with
// `UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/visual/plugins.visual.test.ts`, after looking.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { heightSampler, visualWalk, walkContextOptions, watchNoise } from './visualWalk.js'

/**
 * Views that still move by more than 8 px as they open (open defects): none now. A view put here
 * must fail the walk once it keeps its height, so the list only ever names real movers.
 */
const stillMoving: Record<'desktop' | 'phone', string[]> = { desktop: [], phone: [] }

let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startSandbox()
}, 240_000)
afterAll(async () => {
  await sandbox?.stop()
})

describe.each([
  ['desktop', 5],
  ['phone', 6],
] as const)('the plugins\' views on a %s (dev account %i), light and dark', (device, devAccount) => {
  let visitor: SandboxPage
  let page: Page
  const walk = visualWalk(() => page, device, ['light', 'dark'])
  const { results, loading, measureLoading, findings, noise } = walk
  /** The pointer is moved off the dialog first: the button a click landed on, or the one that took its place, would show its hover colour. */
  const check: typeof walk.check = async (name, mask) => {
    await page.mouse.move(0, 0)
    await walk.check(name, mask)
  }
  const address = devAddresses[devAccount]!
  const short = new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`)
  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const waitForView = (view: string) => page.locator(`[role="dialog"][data-view="${view}"]`).waitFor()
  /** Opens the Account view from the header. */
  async function openAccount(): Promise<void> {
    await header().getByRole('button', { name: short }).click()
    await waitForView('Account')
    await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
  }
  async function closeModal(): Promise<void> {
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }

  beforeAll(async () => {
    visitor = await openSandboxPage({ initScripts: [heightSampler], contextOptions: walkContextOptions(device, 'light') })
    page = visitor.page
    visitor.context.setDefaultTimeout(20_000)
    watchNoise(page, noise)
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  it('email capture and its confirmation after connecting (email-capture)', async () => {
    await page.goto(`${sandbox.url}/?emailCapture=1&multiWallet=1&devAccount=${devAccount}`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await waitForView('DataCapture')
    await dialog().getByRole('button', { name: 'Subscribe' }).waitFor()
    await check('EmailCapture')
    await dialog().getByLabel('Email address').fill(`capture-${device}@example.com`)
    await dialog().getByRole('button', { name: 'Subscribe' }).click()
    await dialog().getByText(`we sent a confirmation link to capture-${device}@example.com`, { exact: false }).first().waitFor()
    await check('EmailCapture-Sent')
    await closeModal()
  })

  it('ProfileWallets with one wallet (?multiWallet=1)', async () => {
    await openAccount()
    await measureLoading('ProfileWallets', 'ProfileWallets', () => dialog().getByRole('button', { name: /^Wallets/ }).click(), () => dialog().getByRole('button', { name: 'Add wallet' }).waitFor())
    await check('ProfileWallets')
    await closeModal()
  })

  it('the success screens of a swap, a purchase and a registered name', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog().getByLabel('You pay').fill('0.1')
    await dialog().locator('dl[aria-label="Quote"]').getByText('Minimum received').waitFor()
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog().getByRole('heading', { name: 'Swap confirmed.' }).waitFor({ timeout: 30_000 })
    await dialog().getByRole('button', { name: 'New swap' }).waitFor()
    await check('Swap-Success')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await waitForView('Account')

    await dialog().getByRole('button', { name: 'Buy', exact: true }).click()
    await dialog().getByLabel('You pay (USD)').fill('50')
    await dialog().locator('dl[aria-label="Portico Sandbox Pay quote"]').waitFor()
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog().getByRole('button', { name: 'Continue with Portico Sandbox Pay' }).click()])
    await popup.waitForURL(/\/sandbox\/onramp\?/)
    await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
    await popup.getByLabel('Expiry (MM/YY)').fill('12/34')
    await popup.getByLabel('Security code').fill('123')
    await popup.getByRole('button', { name: 'Pay' }).click()
    await dialog().getByRole('heading', { name: 'Purchase complete' }).waitFor({ timeout: 30_000 })
    await popup.close().catch(() => undefined)
    await check('Buy-Success')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await waitForView('Account')

    const name = `visual-${device}`
    await dialog().getByRole('button', { name: 'Register a name' }).click()
    await dialog().getByLabel('Name', { exact: true }).fill(name)
    await dialog().getByText(`${name}.portico.id is available`).waitFor()
    await dialog().getByRole('button', { name: 'Register', exact: true }).click()
    await dialog().getByText(`${name}.portico.id is now your name.`).first().waitFor({ timeout: 30_000 })
    await check('RegisterName-Success')
    await dialog().getByRole('button', { name: 'Done', exact: true }).click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
  })

  it('the email login\'s code entry, the embedded wallet\'s profile and Update email (auth)', async () => {
    // The same page without the email capture, so the embedded account is not asked for an email.
    await page.goto(`${sandbox.url}/?devAccount=${devAccount}`)
    const email = `login-${device}@example.com`
    const before = (await mailbox(sandbox.url))[0]?.id ?? 0
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog().getByRole('heading', { name: 'Enter the code' }).waitFor()
    await dialog().getByRole('textbox', { name: 'Code' }).waitFor()
    // When the code expires is the time of the run, and "Resend code in N s" counts down every
    // second: both painted over.
    await check('EmailLogin', (d) => [d.locator('.portico-auth__hint'), d.locator('.portico-auth__row'), d.getByRole('button', { name: /^Resend code/ })])
    const { code } = await mailedCode(sandbox.url, email, { afterId: before })
    await dialog().getByRole('textbox', { name: 'Code' }).fill(code)
    const verify = dialog().getByRole('button', { name: 'Verify' })
    if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
    const account = header().getByRole('button', { name: new RegExp(email.slice(0, 12)) })
    await account.waitFor({ timeout: 30_000 })
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)

    await account.click()
    await waitForView('Account')
    // The Account after an email login (issue 52): the email, the embedded wallet's rows, the tabs
    // and the token panel in view. Its address differs from run to run, and with it the avatar drawn
    // from it, the width of the address (which moves the copy and explorer buttons beside it) and
    // the account picker's: the avatar, the address's line and the picker's row are painted over.
    await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
    await check('Account-EmailLogin', (d) => [d.locator('.portico-account__identity'), d.locator('.portico-account__address-line'), d.locator('.portico-account__picker')])
    // The embedded wallet's keys are made for this sandbox: its addresses differ from run to run.
    await measureLoading('EmbeddedWalletProfile', 'EmbeddedWalletProfile', () => dialog().getByRole('button', { name: 'Wallet & login' }).click(), () => dialog().locator('.portico-auth__address').first().waitFor())
    await check('EmbeddedWalletProfile', (d) => [d.locator('.portico-auth__address-value')])
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Update email' }).click()
    await dialog().getByRole('textbox', { name: 'New email' }).waitFor()
    await check('UpdateEmail')
    await closeModal()
  })

  it('no view has an axe violation of any impact, each matches its baseline and keeps its height while it loads; no error or warning, no failed request, nothing left 127.0.0.1', async () => {
    const views = ['EmailCapture', 'EmailCapture-Sent', 'ProfileWallets', 'Swap-Success', 'Buy-Success', 'RegisterName-Success', 'EmailLogin', 'Account-EmailLogin', 'EmbeddedWalletProfile', 'UpdateEmail']
    expect(Object.keys(results).sort()).toEqual(views.flatMap((view) => [`${view} (dark)`, `${view} (light)`]).sort())
    expect(Object.keys(loading).sort()).toEqual(['EmbeddedWalletProfile', 'ProfileWallets'])
    const { moved, ...rest } = findings()
    expect(rest).toEqual({ axe: [], screenshots: [], noise: [] })
    // At most 8 px of movement per view while it loads, but for the views that still move (open
    // defects, docs/testing.md): a new one fails here, and a fixed one must leave the list.
    expect(moved.map((line) => line.slice(0, line.indexOf(':'))), moved.join('\n')).toEqual(stillMoving[device])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
