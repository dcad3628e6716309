// Issue 52, acceptance 2: views the other visual walks do not reach, on the demo site of one fresh
// sandbox, in Chromium, desktop 1280×800 and phone 390×844, walked once per device and taken in
// both themes at each view (`themeMode: 'system'` follows the emulated prefers-color-scheme live):
// GetWallet (ui; a visitor with no wallet installed: the page's wallet scripts are answered with an
// empty script, as a browser without the extensions would load nothing), SwitchActiveChain (ui; the
// dev wallet connected on EVM and Solana chosen from the header), and ConnectingSocial (auth) while
// the Google popup is open and once the visitor closed it. Each view is checked by axe-core (no
// violation of any impact) and against its baseline PNG (tests/e2e/visual/__screenshots__/<device>-<theme>/),
// each view that loads is measured from its first frame (at most 8 px of movement), and the walk
// fails on any console error or warning, failed request or error answer (visualWalk.ts). Accept a
// change with `UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/visual/moreViews.visual.test.ts`, after looking.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageSettled } from '../../helpers/pageSettled.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { heightSampler, visualWalk, walkContextOptions, watchNoise } from './visualWalk.js'

/** The sandbox's injected wallets and the emulated Ledger (the scripts a browser's extensions stand for). */
const walletScripts = /\/[a-z-]*(wallet|device)\.js$/

/**
 * Views that still move by more than 8 px as they open (open defects): none since 2026-11-30.
 * ConnectingSocial was one (its chunk was fetched on the click, so its first frame was the modal's
 * "Loading…", 238 → 256 px): the social buttons now show once the auth plugin's views are loaded.
 * A view put here must move, or the walk fails.
 */
const stillMoving: string[] = []

/**
 * Views that move in some runs and not in others (open defects with a race in them): none since
 * 2026-11-30. GetWallet was one (its built-in list was read on the view's first frame, so it opened
 * empty and grew when that read had not finished before the click); "Get a wallet" now opens it
 * once the list is read. Such a view may move; any other that moves fails, and each of
 * {@link stillMoving} must.
 */
const sometimesMoving: string[] = []

let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startSandbox()
}, 240_000)
afterAll(async () => {
  await sandbox?.stop()
})

describe.each(['desktop', 'phone'] as const)('more views on a %s, light and dark', (device) => {
  let visitor: SandboxPage
  let page: Page
  const walk = visualWalk(() => page, device, ['light', 'dark'])
  const { results, loading, measureLoading, findings, noise } = walk
  /** The pointer is moved off the dialog first: the button a click landed on, or the one that took its place, would show its hover colour. */
  const check: typeof walk.check = async (name, mask) => {
    await page.mouse.move(0, 0)
    await walk.check(name, mask)
  }
  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const waitForView = (view: string) => page.locator(`[role="dialog"][data-view="${view}"]`).waitFor()
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

  it('GetWallet, for a visitor with no wallet installed', async () => {
    // An empty script where each wallet's would be: the page loads as in a browser without them.
    await page.route(walletScripts, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }))
    try {
      await page.goto(sandbox.url)
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      const links = () => dialog().locator('.portico-get-wallet__list').getByRole('link')
      // Its icons below the fold load lazily, when scrolled to: loaded once the list is complete, as the walk waits for every image of the dialog.
      // "Get a wallet" opens the view once the chain plugins' built-in lists are read, so it opens whole.
      await measureLoading('GetWallet', 'GetWallet', () => dialog().getByRole('button', { name: 'Get a wallet' }).click(), async () => {
        await expect.poll(() => links().count()).toBeGreaterThan(0)
        await pageSettled(page)
        await dialog().locator('img[loading="lazy"]').evaluateAll((images) => images.forEach((img) => ((img as HTMLImageElement).loading = 'eager')))
      })
      await check('GetWallet')
      await closeModal()
    } finally {
      await page.unroute(walletScripts)
    }
  })

  it('SwitchActiveChain: connected on EVM, Solana chosen from the header', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(() => header().textContent()).toMatch(/\d[\d,]*(?:\.\d+)? ETH/)
    await header().locator('.portico-page-button--network').click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await waitForView('SwitchActiveChain')
    await dialog().getByRole('heading', { name: 'Switch to Portico Solana Localnet' }).waitFor()
    await check('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await waitForView('Networks')
    await closeModal()
    await header().locator('.portico-page-button--connect').click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
  })

  it('ConnectingSocial: waiting for the Google popup, and the popup closed', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      measureLoading('ConnectingSocial', 'ConnectingSocial', () => dialog().getByRole('button', { name: /Google/ }).first().click(), () => dialog().getByRole('heading', { name: /Google window/ }).waitFor()),
    ])
    await check('ConnectingSocial')
    await popup.close()
    await dialog().getByRole('button', { name: 'Try again' }).waitFor()
    await check('ConnectingSocial-Closed')
    await closeModal()
  })

  it('ExportPrivateKey and Update email\'s code step, logged in by email (auth)', async () => {
    await page.goto(sandbox.url)
    const email = `more-${device}@example.com`
    const before = (await mailbox(sandbox.url))[0]?.id ?? 0
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog().getByRole('textbox', { name: 'Code' }).waitFor()
    const { code } = await mailedCode(sandbox.url, email, { afterId: before })
    await dialog().getByRole('textbox', { name: 'Code' }).fill(code)
    const verify = dialog().getByRole('button', { name: 'Verify' })
    if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
    const account = header().getByRole('button', { name: new RegExp(email.slice(0, 12)) })
    await account.waitFor({ timeout: 30_000 })
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)

    await account.click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Wallet & login' }).click()
    await waitForView('EmbeddedWalletProfile')
    await dialog().getByRole('button', { name: 'Export private key' }).click()
    await waitForView('ExportPrivateKey')
    // The wallet's own frame draws the export over the view; nothing is revealed here.
    const frame = page.frameLocator('iframe[title="Portico wallet"]')
    await frame.getByRole('button', { name: 'Reveal the ethereum private key' }).waitFor()
    // The embedded wallet's keys are made for this sandbox: its addresses differ from run to run.
    await check('ExportPrivateKey', () => [frame.locator('.portico-export-address')])
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('EmbeddedWalletProfile')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')

    await dialog().getByRole('button', { name: 'Update email' }).click()
    await dialog().getByRole('textbox', { name: 'New email' }).fill(`more-${device}-new@example.com`)
    await dialog().getByRole('button', { name: 'Send code' }).click()
    await dialog().getByRole('textbox', { name: 'Code' }).waitFor()
    await dialog().getByText(`more-${device}-new@example.com`, { exact: false }).first().waitFor()
    // When the code expires is the time of the run, and "Resend code in N s" counts down every second: both painted over.
    await check('UpdateEmail-Code', (d) => [d.locator('.portico-auth__hint'), d.getByRole('button', { name: /^Resend code/ })])
    await closeModal()
  }, 90_000)

  it('no view has an axe violation of any impact, each matches its baseline and keeps its height while it loads; no error or warning, no failed request, nothing left 127.0.0.1', async () => {
    const views = ['GetWallet', 'SwitchActiveChain', 'ConnectingSocial', 'ConnectingSocial-Closed', 'ExportPrivateKey', 'UpdateEmail-Code']
    expect(Object.keys(results).sort()).toEqual(views.flatMap((view) => [`${view} (dark)`, `${view} (light)`]).sort())
    expect(Object.keys(loading).sort()).toEqual(['ConnectingSocial', 'GetWallet'])
    const { moved, ...rest } = findings()
    expect(rest).toEqual({ axe: [], screenshots: [], noise: [] })
    // At most 8 px of movement per view while it loads, but for the views that still move (open
    // defects, docs/testing.md): a new one fails here, and a fixed one must leave the list.
    const movedViews = moved.map((line) => line.slice(0, line.indexOf(':'))).sort()
    expect(movedViews.filter((view) => !sometimesMoving.includes(view)), moved.join('\n')).toEqual(stillMoving)
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
