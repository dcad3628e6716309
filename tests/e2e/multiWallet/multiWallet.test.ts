// Issue 25, acceptance 2, as a visitor on the demo site in real Chromium: with `?multiWallet=1` the
// Portico Dev Wallet (an extension, dev account 4, no ENS name) and a WalletConnect phone wallet (a real
// sign-client wallet in Node, dev account 0) are connected on EVM at once; switching the active one
// in ProfileWallets changes which wallet signs (each signature verified with viem). Without the
// feature, adding a second wallet shows 'Multi-Wallet Not Enabled'.
import type { Browser, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import type { TestWallet } from '../../plugins/walletconnect/helpers/startTestWallet.js'
import { demoMessage as message, openVisitor, readSandboxInfo, signOnDemo, startSandboxWallet } from '../walletconnect/wcE2e.js'

let sandbox: TestSandbox
let browser: Browser
let phone: TestWallet
const extensionAddress = devAddresses[4] as `0x${string}`
const phoneAddress = devWalletAccount.address

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  phone = await startSandboxWallet(await readSandboxInfo(sandbox.url), 'Node Phone Wallet')
})

afterAll(async () => {
  await browser?.close()
  await phone?.stop()
  await sandbox?.stop()
})

const header = (page: Page) => page.getByRole('navigation', { name: 'Wallet' })
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

async function visitor(query: string) {
  const opened = await openVisitor(browser, sandbox.url)
  await opened.page.goto(`${sandbox.url}/${query}`)
  return opened
}

async function connectExtension(page: Page) {
  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
  await expect.poll(() => header(page).textContent(), { timeout: 20_000 }).toContain(short(extensionAddress))
}

/** What the page shows: each dialog's name and text, and the header (for a wait that timed out once in a full run). */
async function describePage(page: Page): Promise<string> {
  const dialogs = await page.getByRole('dialog').evaluateAll((nodes) => nodes.map((node) => `[${node.getAttribute('aria-label') ?? node.getAttribute('aria-labelledby') ?? '?'}] ${(node.textContent ?? '').replace(/\s+/g, ' ').slice(0, 300)}`))
  return `dialogs: ${dialogs.length === 0 ? 'none' : dialogs.join(' | ')}\nheader: ${(await header(page).textContent())?.replace(/\s+/g, ' ')}`
}

async function openWallets(page: Page) {
  await header(page).getByRole('button', { name: /0x[0-9a-fA-F]{4}…/ }).click()
  await explainFailure(page.getByRole('dialog').getByRole('button', { name: /^Wallets/ }).click(), () => describePage(page))
  const view = page.getByRole('dialog', { name: 'Wallets' })
  await explainFailure(view.getByRole('button', { name: 'Add wallet' }).waitFor(), () => describePage(page))
  return view
}

/** Signs the demo's message: verified for `signer`, and not for `other`. */
async function sign(page: Page, signer: `0x${string}`, other?: `0x${string}`): Promise<void> {
  const signature = await signOnDemo(page, signer)
  if (other) expect(await verifyMessage({ address: other, message, signature })).toBe(false)
}

describe('multi-wallet profiles on the demo site', () => {
  it('multiWallet on: an extension and a WalletConnect wallet at once; the active one signs', async () => {
    const { context, blocked, page, errors, cspViolations } = await visitor('?multiWallet=1&devAccount=4')
    try {
      await connectExtension(page)

      // Account → Wallets → Add wallet → WalletConnect → the phone wallet pairs from the copied link.
      const wallets = await openWallets(page)
      expect(await wallets.getByRole('listitem').count()).toBe(1)
      await wallets.getByRole('button', { name: 'Add wallet' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'WalletConnect', exact: true }).click()
      const copy = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('button', { name: 'Copy link' })
      await expect.poll(() => copy.isEnabled(), { timeout: 20_000 }).toBe(true)
      await copy.click()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await phone.pair(uri)

      // Back on ProfileWallets: the phone wallet is active, the extension kept beside it.
      await expect.poll(() => wallets.getByRole('listitem').count(), { timeout: 20_000 }).toBe(2)
      const rows = wallets.getByRole('listitem')
      expect(await rows.nth(0).textContent()).toContain(short(phoneAddress))
      // The phone wallet by its own name (its WalletConnect metadata), not "WalletConnect".
      expect(await rows.nth(0).textContent()).toContain('Node Phone Wallet')
      expect(await rows.nth(0).textContent()).toContain('Active')
      expect(await rows.nth(1).textContent()).toContain('Portico Dev Wallet')
      expect(await rows.nth(1).textContent()).toContain(short(extensionAddress))
      await page.keyboard.press('Escape')
      await expect.poll(() => header(page).textContent()).toContain(short(phoneAddress))

      // The phone wallet signs…
      await sign(page, phoneAddress, extensionAddress)

      // …then, made active again, the extension does; the phone's session stays (kept).
      const again = await openWallets(page)
      await again.getByRole('button', { name: 'Make Portico Dev Wallet the active wallet' }).click()
      await expect.poll(() => again.getByRole('listitem').nth(0).textContent(), { timeout: 20_000 }).toContain('Portico Dev Wallet')
      await page.keyboard.press('Escape')
      await expect.poll(() => header(page).textContent()).toContain(short(extensionAddress))
      await sign(page, extensionAddress, phoneAddress)

      // A reload lists both again; the kept phone wallet still signs once picked.
      await page.reload()
      await expect.poll(() => header(page).textContent(), { timeout: 20_000 }).toContain(short(extensionAddress))
      const reloaded = await openWallets(page)
      await expect.poll(() => reloaded.getByRole('listitem').count()).toBe(2)
      await reloaded.getByRole('button', { name: /^Make .* the active wallet$/ }).click()
      await expect.poll(() => reloaded.getByRole('listitem').nth(0).textContent(), { timeout: 20_000 }).toContain(short(phoneAddress))
      await page.keyboard.press('Escape')
      await sign(page, phoneAddress)

      // Disconnecting the kept extension leaves the phone wallet connected.
      const last = await openWallets(page)
      await last.getByRole('button', { name: 'Disconnect Portico Dev Wallet' }).click()
      await expect.poll(() => last.getByRole('listitem').count(), { timeout: 20_000 }).toBe(1)
      expect(await last.getByRole('listitem').textContent()).toContain(short(phoneAddress))

      expect(await cspViolations()).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)

  it('multiWallet off (the default), one wallet: the Account view offers no "Wallets" row (its Add wallet could only refuse), and the connection stays', async () => {
    const { context, page, errors } = await visitor('?devAccount=4')
    try {
      await connectExtension(page)
      await header(page).getByRole('button', { name: /0x[0-9a-fA-F]{4}…/ }).click()
      const account = page.getByRole('dialog')
      // The Account view is drawn (its tabs), without the row (issue 52; the refusal itself,
      // 'Multi-Wallet Not Enabled', is the kernel's: tests/kernel/multiWallet.test.ts).
      await explainFailure(account.getByRole('tab', { name: 'Tokens' }).waitFor(), () => describePage(page))
      expect(await account.getByRole('button', { name: /^Wallets/ }).count()).toBe(0)
      expect(await header(page).textContent()).toContain(short(extensionAddress))
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  }, 60_000)
})
