import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { account, connectDevWallet, dialog, expectClean, title, useHarness } from './helpers/useHarness.js'

const t = useHarness()

type HarnessWindow = { porticoHarness: { portico: { ready(): Promise<void>; load(): Promise<{ stores: { alerts: { raise(code: string): void } } }>; kernel?: { stores: { modal: { shakeCount: number; open: boolean } } } } } }
/** How often the modal refused to close (it shakes). */
const shakes = (page: Page) => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel?.stores.modal.shakeCount ?? 0)
const activeInsideDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))

describe('the modal as a visitor uses it (strict CSP, loopback only)', () => {
  it('loads no view before the first open, then connects, shows the account, copies and disconnects', async () => {
    const h = await t.open()
    const { page } = h
    const connectButton = page.getByRole('button', { name: 'Connect Wallet' })
    await connectButton.waitFor()
    // Before the visitor acts: no UI chunk (the modal and its views), no directory call, no wallet discovery.
    expect(t.harness.served.filter((p) => /(uiModule|View|Modal)-/.test(p) || p.startsWith('/getWallets'))).toEqual([])
    expect(await h.wallet.calls()).toEqual([])

    await connectButton.click()
    const modal = dialog(page)
    await modal.waitFor()
    expect(await modal.getAttribute('aria-modal')).toBe('true')
    await expect.poll(() => title(page).textContent()).toBe('Connect Wallet')
    const labelledBy = await modal.getAttribute('aria-labelledby')
    expect(await page.locator(`[id="${labelledBy}"]`).textContent()).toBe('Connect Wallet')
    expect(t.harness.served.some((p) => /uiModule-/.test(p))).toBe(true)

    const wallet = modal.getByRole('button', { name: 'Portico Dev Wallet', exact: true })
    await wallet.waitFor()
    expect(await modal.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    await modal.getByRole('button', { name: 'Close' }).waitFor()
    await wallet.click()
    // Connected: the modal closes; the button shows the short address and the balance.
    await modal.waitFor({ state: 'detached' })
    const accountButton = account(page).last()
    await accountButton.waitFor()
    await expect.poll(() => accountButton.textContent()).toContain('10,000.123 ETH')

    await accountButton.click()
    await modal.waitFor()
    await expect.poll(() => title(page).textContent()).toBe('Account')
    await modal.getByText('0xf39F…2266').waitFor()
    await modal.getByRole('button', { name: 'Copy address' }).click()
    await page.getByRole('status').filter({ hasText: 'Address copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    const explorer = modal.getByRole('link', { name: 'View on Devnet Explorer' })
    expect(await explorer.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await explorer.getAttribute('target')).toBe('_blank')
    expect(await explorer.getAttribute('href')).toBe('http://127.0.0.1:9/explorer/address/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')

    await modal.getByRole('button', { name: 'Disconnect' }).click()
    await modal.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await expectClean(h)
  })

  it('fetches the modal and the Connect view when the visitor reaches for the button, so the click fetches no code', async () => {
    const h = await t.open()
    const { page } = h
    const from = t.harness.served.length
    const chunks = () => t.harness.served.slice(from).filter((p) => /(uiModule|View|Modal)-[\w-]*\.js$/.test(p))
    const connectButton = page.getByRole('button', { name: 'Connect Wallet' })
    await connectButton.waitFor()
    // The page's start-time duties have decided, and none loaded the UI.
    await page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.ready().then(() => undefined))
    expect(chunks()).toEqual([])
    await connectButton.hover()
    // The modal and its views come in the UI's one chunk.
    await expect.poll(() => chunks().filter((p) => /\/uiModule-/.test(p)).length).toBe(1)
    const before = chunks().length
    await connectButton.click()
    await expect.poll(() => title(page).textContent()).toBe('Connect Wallet')
    // Showing Connect Wallet needed nothing beyond what the hover fetched.
    expect(chunks().slice(before)).toEqual([])
    await expectClean(h)
  })

  it('when the modal\'s code cannot be fetched, says so and opens nothing; the next click opens it', async () => {
    const h = await t.open()
    const { page } = h
    await page.route(/\/uiModule-[\w-]*\.js$/, (route) => route.abort('failed'))
    const connectButton = page.getByRole('button', { name: 'Connect Wallet' })
    await connectButton.click()
    await page.getByRole('status').filter({ hasText: 'The wallet window could not be loaded. Check your connection and try again.' }).waitFor()
    expect(await dialog(page).count()).toBe(0)
    // The click loads the kernel beside the UI's chunk; the failed chunk may be told first (ci10:
    // the kernel was not there yet). Once the kernel is there, its modal is closed.
    await expect.poll(() => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel !== undefined)).toBe(true)
    expect(await page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel?.stores.modal.open)).toBe(false)
    await page.unroute(/\/uiModule-[\w-]*\.js$/)
    await connectButton.click()
    await expect.poll(() => title(page).textContent()).toBe('Connect Wallet')
    expect(await h.errors()).toEqual([])
  })

  it('waits with "Continue in …"; a refusal shows "Connection rejected", a failure "Failed to connect" with the wallet\'s reason; "Try again" connects', async () => {
    const h = await t.open()
    const { page } = h
    await h.wallet.script('hold')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Continue in Portico Dev Wallet' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Continue in Portico Dev Wallet' }).waitFor()
    // The page's button never shows "disconnected" while the wallet asks.
    expect(await page.getByRole('button', { name: 'Connecting…' }).count()).toBe(1)
    await h.wallet.release()
    await dialog(page).waitFor({ state: 'detached' })
    await account(page).first().waitFor()
    for (const [step, heading, reason] of [['reject', 'Connection rejected', undefined], ['fail', 'Failed to connect', 'Wallet is locked']] as const) {
      await account(page).first().click()
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      await h.wallet.script(step)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
      await dialog(page).getByRole('heading', { name: heading }).waitFor()
      if (reason) await dialog(page).getByText(reason).waitFor()
      else await page.getByRole('status').filter({ hasText: heading }).waitFor()
      expect(await page.getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1)
      await dialog(page).getByRole('button', { name: 'Try again' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      await account(page).first().waitFor()
    }
    await expectClean(h)
  })

  it('switches network from the network button; a declined switch shows "Switch declined" and retries', async () => {
    const h = await t.open()
    const { page } = h
    await connectDevWallet(page)
    const networkButton = page.getByRole('button', { name: 'Portico Devnet A' })
    await networkButton.click()
    await expect.poll(() => title(page).textContent()).toBe('Choose Network')
    const list = dialog(page)
    expect(await list.getByRole('button', { name: 'Portico Devnet A' }).getAttribute('aria-current')).toBe('true')
    expect(await list.getByRole('button', { name: 'Portico Devnet B' }).getAttribute('aria-current')).toBeNull()
    await list.getByRole('button', { name: 'Portico Devnet B' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await h.wallet.chain()).toBe('eip155:31338')
    await page.getByRole('button', { name: 'Portico Devnet B' }).waitFor()

    await h.wallet.script('reject')
    await page.getByRole('button', { name: 'Portico Devnet B' }).click()
    await dialog(page).getByRole('button', { name: 'Portico Devnet A' }).click()
    await dialog(page).getByRole('heading', { name: 'Switch declined' }).waitFor()
    expect(await h.wallet.chain()).toBe('eip155:31338')
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await h.wallet.chain()).toBe('eip155:31337')
    await page.getByRole('button', { name: 'Portico Devnet A' }).waitFor()
    await expectClean(h)
  })

  it('works from the keyboard alone: focus moves in, Tab stays inside, Esc closes, focus returns', async () => {
    const h = await t.open()
    const { page } = h
    const opener = page.getByRole('button', { name: 'Connect Wallet' })
    await opener.focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).waitFor()
    expect(await activeInsideDialog(page)).toBe(true)
    const names: string[] = []
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await activeInsideDialog(page)).toBe(true)
      names.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''))
    }
    expect(names).toContain('Close')
    expect(names).toContain('Portico Dev Wallet')
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await activeInsideDialog(page)).toBe(true)
    }
    // Into All Wallets and back with the keyboard: the back button is labelled.
    await dialog(page).getByRole('button', { name: 'All Wallets' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => title(page).textContent()).toBe('All Wallets')
    await dialog(page).getByRole('button', { name: 'Back' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => title(page).textContent()).toBe('Connect Wallet')
    expect(await activeInsideDialog(page)).toBe(true)

    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Connect Wallet')
    // The overlay closes too.
    await page.keyboard.press('Enter')
    await dialog(page).waitFor()
    await page.mouse.click(5, 5)
    await dialog(page).waitFor({ state: 'detached' })
    await expectClean(h)
  })

  it('applies the site\'s theme variables through the CSSOM, with no CSP violation', async () => {
    const h = await t.open(`accent=${encodeURIComponent('rgb(255, 0, 102)')}`)
    const { page } = h
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 0, 102)')
    await button.click()
    await expect.poll(() => dialog(page).evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('4px')
    await expectClean(h)
  })

  it('shows the current alert in the modal with a dismiss button', async () => {
    const h = await t.open()
    const { page } = h
    // The kernel loads on the page's first action (here, this script's).
    await page.evaluate(async () => (await (window as unknown as HarnessWindow).porticoHarness.portico.load()).stores.alerts.raise('APKT003'))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const alert = dialog(page).getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Network Error: Wallet Load Failed')
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await alert.waitFor({ state: 'detached' })
    expect(await dialog(page).count()).toBe(1)
    await expectClean(h)
  })

  it('on an unsupported chain refuses to close and offers the configured networks', async () => {
    const h = await t.open()
    const { page } = h
    await h.wallet.setChain('eip155:999')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await dialog(page).getByText("This app doesn't support your wallet's current network", { exact: false }).waitFor()
    await expect.poll(() => title(page).textContent()).toBe('Switch Network')
    await page.getByRole('button', { name: 'Switch Network' }).first().waitFor() // the page's network button
    const before = await shakes(page)
    await page.keyboard.press('Escape')
    // The Esc is handled: the modal refused to close (it shook) and is still there.
    await expect.poll(() => shakes(page)).toBe(before + 1)
    expect(await dialog(page).count()).toBe(1)
    await dialog(page).getByRole('button', { name: 'Portico Devnet A' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await h.wallet.chain()).toBe('eip155:31337')
    await page.getByRole('button', { name: 'Portico Devnet A' }).waitFor()
    await expectClean(h)
  })
})
