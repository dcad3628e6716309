// Issue 52, the phone's "Opening <wallet>…" screen, as a visitor on a phone (390×844, iPhone and
// Android user agents) against the demo site of `npm start` in real Chromium, with the sandbox's
// own WalletConnect relay. Tapping a directory wallet (Bramble Safe, whose universal link is
// server/directory/wallets.json's `link_mode`) shows "Opening Bramble Safe…" and opens the wallet's
// link once; "Try again" (a real link) opens it again; back, by "Use another wallet" or the header's
// arrow, returns to the list with the search kept; the screen stays when the visitor comes back
// to the page; and the sandbox's `/wallet` page answering the pairing connects and closes it.
// The wallet's link is answered here with 204 No Content, as a phone whose wallet app takes its
// universal link leaves the page where it was (a 204 answer does not navigate), so nothing leaves
// 127.0.0.1.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { android, iPhone } from '../kit/flowsE2e.js'

let sandbox: TestSandbox
let browser: Browser

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
})

afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

/** The pairing URI a wallet link carries (`…/wc?uri=wc%3A…`). */
const pairingUri = (link: string) => new URL(link).searchParams.get('uri') ?? ''

/** As the browser reports the visitor leaving for the wallet app and coming back. */
async function leaveAndComeBack(page: Page): Promise<void> {
  for (const state of ['hidden', 'visible']) {
    await page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  }
}

describe.each([
  ['an iPhone', iPhone, 'ios'],
  ['an Android phone', android, 'android'],
])('a directory wallet tapped on %s', (_device, device, store) => {
  it('shows "Opening Bramble Safe…", opens its link once, "Try again" opens it again, back keeps the list, and the wallet’s answer connects', async () => {
    const blocked: string[] = []
    const demoSide = await newLoopbackContext(browser, device, blocked)
    const walletSide = await newLoopbackContext(browser, device, blocked)
    const errors: string[] = []
    try {
      for (const { context } of [demoSide, walletSide]) context.setDefaultTimeout(20_000)
      await demoSide.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url })
      // Bramble Safe's links: the wallet app takes them, the page stays (204).
      const opened: string[] = []
      await demoSide.context.route('https://bramblesafe.example.com/**', async (route) => {
        opened.push(route.request().url())
        await route.fulfill({ status: 204 })
      })
      const demo = await demoSide.context.newPage()
      const walletPage = await walletSide.context.newPage()
      demo.on('pageerror', (error) => errors.push(`demo: ${error.message}`))
      walletPage.on('pageerror', (error) => errors.push(`wallet: ${error.message}`))
      await walletPage.goto(`${sandbox.url}/wallet`)
      await expect.poll(() => walletPage.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Ready/)

      await demo.goto(sandbox.url)
      await demo.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).tap()
      const dialog = demo.getByRole('dialog')
      await dialog.getByRole('button', { name: 'All Wallets' }).tap()
      const search = dialog.getByRole('searchbox', { name: 'Search wallet' })
      await search.fill('Bramble')
      const row = dialog.getByRole('button', { name: 'Bramble Safe', exact: true })
      await expect.poll(() => row.count()).toBe(1)

      /** Taps the wallet's row and waits for its screen, whose link the view opened by itself. */
      const tapWallet = async () => {
        const before = opened.length
        await row.tap()
        await dialog.getByRole('heading', { name: 'Opening Bramble Safe…' }).waitFor()
        await expect.poll(() => opened.length).toBe(before + 1)
        const link = opened.at(-1) as string
        expect(link.startsWith('https://bramblesafe.example.com/wc/link/wc?uri=wc%3A')).toBe(true)
        expect(pairingUri(link)).toMatch(/^wc:[0-9a-f]{64}@2\?/)
        // Once opened, the screen's button opens it again: a real link carrying the same pairing.
        const retry = dialog.getByRole('link', { name: 'Try again' })
        await retry.waitFor()
        expect(await retry.getAttribute('href')).toBe(link)
        return link
      }

      const first = await tapWallet()
      expect(opened).toHaveLength(1)
      // What comes next, and where to get the wallet on this phone.
      expect(await dialog.getByText('Approve the connection in Bramble Safe, then come back here.').count()).toBe(1)
      expect(await dialog.getByRole('link', { name: 'Get it' }).getAttribute('href')).toBe(`https://bramblesafe.example.com/download/${store}`)
      expect(await dialog.getByText('Don’t have Bramble Safe?').count()).toBe(1)
      // The wallet's own picture, loaded from the server's directory images.
      const icon = dialog.locator('.portico-status-panel__picture img')
      await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      // Copy link copies the pairing link the wallet's link carries.
      await dialog.getByRole('button', { name: 'Copy link' }).tap()
      await demo.getByRole('status', { name: 'Notifications' }).filter({ hasText: 'Link copied' }).waitFor()
      expect(await demo.evaluate(() => navigator.clipboard.readText())).toBe(pairingUri(first))

      // The visitor comes back from the wallet app without approving: the screen is still there, nothing reopened.
      await leaveAndComeBack(demo)
      await dialog.getByRole('heading', { name: 'Opening Bramble Safe…' }).waitFor()
      expect(opened).toHaveLength(1)

      // "Try again" opens the same link again.
      await dialog.getByRole('link', { name: 'Try again' }).tap()
      await expect.poll(() => opened.length).toBe(2)
      expect(opened[1]).toBe(first)
      await dialog.getByRole('heading', { name: 'Opening Bramble Safe…' }).waitFor()

      // "Use another wallet" returns to the list as it was: the search and its result kept.
      await dialog.getByRole('button', { name: 'Use another wallet' }).tap()
      await demo.locator('[role="dialog"][data-view="AllWallets"]').waitFor()
      expect(await search.inputValue()).toBe('Bramble')
      await expect.poll(() => row.count()).toBe(1)
      // The header's Back arrow does the same.
      await tapWallet()
      await dialog.getByRole('button', { name: 'Back' }).tap()
      await demo.locator('[role="dialog"][data-view="AllWallets"]').waitFor()
      expect(await search.inputValue()).toBe('Bramble')

      // Third time: the wallet (the sandbox's /wallet page) answers the pairing the link carried.
      const last = await tapWallet()
      expect(opened).toHaveLength(4)
      await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(pairingUri(last))
      await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
      const proposal = walletPage.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: 'Portico demo dApp wants to connect' })
      await proposal.getByRole('button', { name: 'Approve' }).click()
      // The session arrives: connected, and the screen closes with the modal.
      await expect.poll(() => demo.getByTestId('account-status').textContent(), { timeout: 20_000 }).toBe('connected')
      await expect.poll(() => dialog.count()).toBe(0)
      expect(opened).toHaveLength(4)
      expect(errors).toEqual([])
      // Chromium reports a navigation answered 204 as a failed request (net::ERR_ABORTED): those are
      // the wallet's links, answered by the route above; nothing else went beyond 127.0.0.1.
      expect(blocked.filter((url) => !opened.includes(url))).toEqual([])
    } finally {
      await demoSide.context.close()
      await walletSide.context.close()
    }
  }, 120_000)
})
