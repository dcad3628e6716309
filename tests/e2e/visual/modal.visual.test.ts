// Issue 14, acceptances 1 and 4, and issue 52, acceptances 2 to 4: every modal view of the demo
// site (`npm start`), in Chromium, desktop 1280×800 and phone 390×844, light and dark (themeMode
// 'system' following the emulated prefers-color-scheme), walked once per device and theme on one
// page: connect, sign in, the account's tabs, receive, send and its review, swap, buy, register a
// name, the networks, a network switch (and signing in again), disconnecting, and connecting again
// for a send's success screen. Each view is
// checked by axe-core (no violation of any impact) and compared with its committed baseline PNG
// (tests/e2e/visual/__screenshots__); each view that loads data is measured from its first frame
// until it settled (its height may not move by more than 8 px); and the walk fails on any console
// error or warning and on any request that failed or was answered with an error status. To accept
// a change, run `UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/visual` and commit the PNGs after
// looking at them (docs/testing.md).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { heightSampler, visualWalk, walkContextOptions, watchNoise } from './visualWalk.js'

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
  // The checks (visualWalk.ts): per view its axe findings and screenshot comparison, per view that
  // loads how far its height moved, and the console and request noise.
  const { results, loading, noise, check, shoot, measureLoading } = visualWalk(() => page, device, [colorScheme])

  beforeAll(async () => {
    visitor = await openSandboxPage({ initScripts: [heightSampler], contextOptions: walkContextOptions(device, colorScheme) })
    page = visitor.page
    visitor.context.setDefaultTimeout(20_000)
    watchNoise(page, noise)
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const waitForView = (view: string) => page.locator(`[role="dialog"][data-view="${view}"]`).waitFor()

  it('Connect, All Wallets and WalletConnect before connecting', async () => {
    await page.goto(`${sandbox.url}/?siwx=required`)
    // Four installed dev wallets fill the list: Recommended makes way for them, All Wallets ends it.
    // The email section is its own lazy chunk: the view holds its place until it replaced its spinner.
    await measureLoading('Connect', 'Connect', () => header().getByRole('button', { name: 'Connect Wallet' }).click(), async () => {
      await dialog().getByRole('button', { name: 'Portico Dev Wallet (Stacks)', exact: true }).waitFor()
      await dialog().getByRole('button', { name: 'All Wallets' }).waitFor()
      await dialog().getByRole('textbox', { name: 'Email' }).waitFor()
    })
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
    if (device === 'phone') {
      // On the phone itself: "Open a wallet app" with the pairing link, the code folded away (issue 52).
      await expect.poll(() => dialog().getByRole('link', { name: 'Open a wallet app' }).getAttribute('href')).toMatch(/^wc:/)
    } else await dialog().getByRole('img', { name: /QR code/i }).waitFor()
    // The pairing URI and its countdown differ on every run (on a phone both are folded away, out of the picture).
    await check('WalletConnect', (d) => (device === 'phone' ? [] : [d.locator('.portico-wc-qr'), d.locator('.portico-wc__countdown')]))
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Connect')
  })

  const signView = () => dialog().filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
  /** Signs the sign-in message and waits for the "Signed in" toast to come and go. */
  async function signIn(): Promise<void> {
    await signView().getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    // "Signed in" confirms it (issue 14); the next views are taken once the toast has gone.
    const toasts = page.locator('[data-portico-toasts]')
    await expect.poll(() => toasts.textContent()).toContain('Signed in')
    await expect.poll(() => toasts.textContent(), { timeout: 20_000 }).not.toContain('Signed in')
  }

  it('Sign In after connecting the Portico Dev Wallet', async () => {
    await measureLoading('SignIn', 'SIWXSignMessage', () => dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click(), async () => {
      // The card, its message (a fresh nonce and the time) closed behind "Show message" (issue 52).
      await signView().locator('summary', { hasText: 'Show message' }).waitFor()
      await expect.poll(() => signView().getByRole('button', { name: 'Sign', exact: true }).isEnabled()).toBe(true)
    })
    // The site's domain carries the sandbox's port, which differs from run to run.
    await check('SignIn', (d) => [d.getByText(new URL(sandbox.url).host, { exact: true })])
    await signIn()
  })

  it('Account (each tab), Receive, Send and Review', async () => {
    // The page's header with the account connected (compact on a phone: one line).
    await header().getByRole('button', { name: /0xf39F…2266/ }).waitFor()
    await page.waitForFunction(() => [...document.querySelectorAll('nav img')].every((img) => (img as HTMLImageElement).complete))
    const headerBox = await header().boundingBox()
    expect(headerBox?.height).toBeLessThanOrEqual(48)
    await shoot('Header', header)

    await measureLoading('Account-Tokens', 'Account:Tokens', () => header().getByRole('button', { name: /0xf39F…2266/ }).click(), async () => {
      await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
      await expect.poll(() => dialog().getByRole('tabpanel').getByText('pUSD').count()).toBeGreaterThan(0)
    })
    await check('Account-Tokens')
    await measureLoading('Account-NFTs', 'Account:NFTs', () => dialog().getByRole('tab', { name: 'NFTs' }).click(), () => dialog().getByRole('tabpanel').getByRole('img', { name: 'Portico Pioneers #3' }).waitFor())
    await check('Account-NFTs')
    await measureLoading('Account-Activity', 'Account:Activity', () => dialog().getByRole('tab', { name: 'Activity' }).click(), () => dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor())
    // When each transaction was mined depends on the run: one fixed text (so the row keeps its
    // width), painted over as well.
    await dialog().locator('time').evaluateAll((times) => times.forEach((time) => (time.textContent = '1 min ago')))
    await check('Account-Activity', (d) => [d.locator('time')])
    await dialog().getByRole('tab', { name: 'Tokens' }).click()

    // Receive: the address as a QR code, to copy, with its network.
    await measureLoading('Receive', 'WalletReceive', () => dialog().getByRole('button', { name: 'Receive', exact: true }).click(), () => dialog().getByRole('img', { name: /^QR code of your address on / }).waitFor())
    await check('Receive')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')

    await measureLoading('Send', 'WalletSend', () => dialog().getByRole('button', { name: 'Send', exact: true }).click(), () => dialog().getByRole('combobox', { name: /^Token(\s|$)/ }).waitFor())
    await chooseSendToken(dialog(), 'pUSD')
    await dialog().getByLabel('Amount').fill('1250.5')
    await dialog().getByLabel('Receiver address').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await check('Send')
    // The network fee follows the devnet's gas price: wait for it, then one fixed text (so the
    // row keeps its width), painted over as well.
    const fee = dialog().locator('.portico-send-preview__row', { hasText: 'Network fee' }).locator('dd')
    await measureLoading('Review', 'WalletSendPreview', () => dialog().getByRole('button', { name: 'Preview Send' }).click(), () => expect.poll(() => fee.textContent(), { timeout: 20_000 }).toMatch(/ETH/))
    await fee.evaluate((dd) => {
      dd.firstElementChild!.textContent = 'up to 0.000042 ETH'
      dd.lastElementChild!.textContent = '≈ $0.13'
    })
    await check('Review', () => [fee])
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('Swap, Buy and Register a name, each with what it loads', async () => {
    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await waitForView('Account')
    const quote = dialog().locator('dl[aria-label="Quote"]')
    await measureLoading('Swap', 'Swap', () => dialog().getByRole('button', { name: 'Swap', exact: true }).click(), () => dialog().getByLabel('You pay').waitFor())
    await measureLoading('Swap-Quote', 'Swap', () => dialog().getByLabel('You pay').fill('0.1'), () => quote.getByText('Minimum received').waitFor())
    await check('Swap')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')

    await measureLoading('Buy', 'OnRampProviders', () => dialog().getByRole('button', { name: 'Buy', exact: true }).click(), () => dialog().getByLabel('You pay (USD)').waitFor())
    await measureLoading('Buy-Quote', 'OnRampProviders', () => dialog().getByLabel('You pay (USD)').fill('50'), () => dialog().locator('dl[aria-label="Portico Sandbox Pay quote"]').waitFor())
    await check('Buy')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')

    await measureLoading('RegisterName', 'RegisterAccountName', () => dialog().getByRole('button', { name: 'Register a name' }).click(), () => dialog().getByLabel('Name', { exact: true }).waitFor())
    // A free name: the zone says so without an error status (no red 404 in the console).
    await measureLoading('RegisterName-Check', 'RegisterAccountName', () => dialog().getByLabel('Name', { exact: true }).fill('visual-walk'), () => dialog().getByText('visual-walk.portico.id is available').waitFor())
    // One suggestion holds the year (visual-walk26).
    await check('RegisterName', (d) => [d.locator('.portico-names__suggestion', { hasText: /\d{2}$/ })])
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('Choose Network, switching to Devnet B (and signing in again), then disconnecting', async () => {
    await measureLoading('ChooseNetwork', 'Networks', () => header().getByRole('button', { name: /Portico Devnet A/ }).click(), () => dialog().getByRole('button', { name: /Portico Devnet B/ }).waitFor())
    await check('ChooseNetwork')
    await dialog().getByRole('button', { name: /Portico Devnet B/ }).click()
    // Sign-in is required: a session is per network, so the wallet signs in again on Devnet B.
    await signView().locator('summary', { hasText: 'Show message' }).waitFor()
    await expect.poll(() => signView().getByRole('button', { name: 'Sign', exact: true }).isEnabled()).toBe(true)
    await signIn()
    await header().getByRole('button', { name: /Portico Devnet B/ }).waitFor()

    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
  })

  it("Send's success screen, after connecting again (on Devnet B, so the Account views of the next walk keep their balances)", async () => {
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await signView().locator('summary', { hasText: 'Show message' }).waitFor()
    await expect.poll(() => signView().getByRole('button', { name: 'Sign', exact: true }).isEnabled()).toBe(true)
    await signIn()
    await header().getByRole('button', { name: /Portico Devnet B/ }).waitFor()
    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'ETH')
    await dialog().getByLabel('Amount').fill('0.001')
    await dialog().getByLabel('Receiver address').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    const send = dialog().getByRole('button', { name: 'Send', exact: true })
    await expect.poll(() => send.isEnabled(), { timeout: 20_000 }).toBe(true)
    // From "Transaction pending" to "Sent": the screen keeps its height while the chain confirms.
    await measureLoading('SendSuccess', 'WalletSendSuccess', () => send.click(), () => expect.poll(() => dialog().locator('.portico-status-panel__heading').textContent(), { timeout: 20_000 }).toBe('Sent'))
    // The flow's end: no Back arrow, the explorer link, Done.
    expect(await dialog().getByRole('button', { name: 'Back' }).count()).toBe(0)
    expect(await dialog().getByRole('link', { name: 'View on explorer' }).count()).toBe(1)
    await check('SendSuccess')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await waitForView('Account')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('no view has an axe violation of any impact, each matches its baseline and keeps its height while it loads; the walk logged no error or warning, no request failed, nothing left 127.0.0.1', async () => {
    expect(Object.keys(results).sort()).toEqual(['Account-Activity', 'Account-NFTs', 'Account-Tokens', 'AllWallets', 'Buy', 'ChooseNetwork', 'Connect', 'Header', 'Receive', 'RegisterName', 'Review', 'Send', 'SendSuccess', 'SignIn', 'Swap', 'WalletConnect'])
    // One comparison, so a failure shows every finding at once.
    const axe = Object.entries(results).filter(([, r]) => r.axe.length > 0).map(([name, r]) => `${name}: ${r.axe.join('; ')}`)
    const screenshots = Object.values(results).filter((r) => r.screenshot !== 'ok').map((r) => r.screenshot)
    // At most 8 px of movement per view while it loads (docs/design.md, "How a view may grow").
    const moved = Object.entries(loading).filter(([, l]) => l.moved > 8).map(([name, l]) => `${name}: ${l.moved} px (${l.heights.join(' → ')})`)
    expect(Object.keys(loading).sort()).toEqual(['Account-Activity', 'Account-NFTs', 'Account-Tokens', 'Buy', 'Buy-Quote', 'ChooseNetwork', 'Connect', 'Receive', 'RegisterName', 'RegisterName-Check', 'Review', 'Send', 'SendSuccess', 'SignIn', 'Swap', 'Swap-Quote'])
    expect({ axe, screenshots, moved, noise }).toEqual({ axe: [], screenshots: [], moved: [], noise: [] })
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
