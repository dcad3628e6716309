// Acceptance 3 of smart accounts (docs/guides/smart-accounts.md §6): each error the spec names for
// EIP-5792 and the bundler, produced by a visitor on the demo site in real Chromium and shown as the
// site shows it (the demo's "Batch calls" and "Look up" sections): no address for capabilities, a
// call status the WalletConnect wallet did not approve, a user-operation receipt the server's
// bundler route could not fetch, and the wallet's own EIP-5792 codes (5760, 5730) and a rejection.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { describeClickTarget } from '../../helpers/describeClickTarget.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { startSandboxBundler } from '../../helpers/startOnDemand.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let browser: Browser | undefined

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  await startSandboxBundler(sandbox)
  visitor = await openSandboxPage()
  page = visitor.page
})

afterAll(async () => {
  await visitor?.close()
  await browser?.close()
  await sandbox?.stop()
})

const lookups = () => page.getByRole('region', { name: 'Look up' })
const batch = () => page.getByRole('region', { name: 'Batch calls' })
const lookupResult = () => lookups().getByRole('status')

/** Opens the demo with `query`; connects the dev wallet unless it reconnected by itself (an earlier test connected it). */
async function connectDevWallet(query = ''): Promise<void> {
  await page.goto(`${sandbox.url}/${query}`)
  const status = page.getByTestId('account-status')
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^(connected|disconnected)$/)
  if ((await status.textContent()) === 'disconnected') {
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
  }
  await expect.poll(() => batch().count(), { timeout: 20_000 }).toBe(1)
}

describe('the spec’s EIP-5792 and bundler errors, as a visitor sees them', () => {
  it("'Missing address parameter in wallet_getCapabilities request' when nothing is connected and no address is given", async () => {
    await page.goto(sandbox.url)
    await lookups().getByRole('button', { name: 'Get capabilities' }).click()
    await expect.poll(() => lookupResult().textContent()).toBe('Capabilities failed: Missing address parameter in wallet_getCapabilities request')
  })

  it("'Failed to fetch user operation receipt' when the server's bundler route cannot answer (a bundler it does not have)", async () => {
    await page.goto(sandbox.url)
    await lookups().getByRole('textbox', { name: 'Batch id or user operation hash' }).fill(`0x${'ab'.repeat(32)}`)
    await lookups().getByRole('textbox', { name: 'Bundler' }).fill('not-configured')
    await lookups().getByRole('button', { name: 'Get user operation receipt' }).click()
    await expect.poll(() => lookupResult().textContent()).toBe('User operation receipt failed: Failed to fetch user operation receipt')
    // The same hash with the sandbox's bundler is simply not included: the failure above was the route's.
    await lookups().getByRole('textbox', { name: 'Bundler' }).fill('alto')
    await lookups().getByRole('button', { name: 'Get user operation receipt' }).click()
    await expect.poll(() => lookupResult().textContent()).toBe('User operation receipt: not included yet')
  })

  it('5760 from an EOA asked for an atomic batch, 5730 for a batch id the wallet never saw', async () => {
    await connectDevWallet()
    await expect.poll(() => batch().getByTestId('batch-account-type').textContent(), { timeout: 20_000 }).toBe('EOA')
    await batch().getByRole('button', { name: 'Approve and transfer 1 pUSD' }).click()
    await expect.poll(() => batch().getByRole('status').textContent(), { timeout: 20_000 }).toBe('Not sent: The EOA cannot send these calls atomically; switch the Portico Dev Wallet to its smart account.')
    expect(await batch().getByRole('status').textContent()).not.toMatch(/Waiting/)

    await lookups().getByRole('textbox', { name: 'Batch id or user operation hash' }).fill(`0x${'cd'.repeat(32)}`)
    await lookups().getByRole('button', { name: 'Get call status' }).click()
    await expect.poll(() => lookupResult().textContent(), { timeout: 20_000 }).toBe(`Call status failed: The Portico Dev Wallet sent no batch with id 0x${'cd'.repeat(32)}. (code 5730)`)
  })

  it('a rejection in the wallet shows as the visitor saying no, and nothing is sent', async () => {
    await connectDevWallet('?devAccountType=smartAccount')
    await expect.poll(() => batch().getByTestId('batch-account-type').textContent(), { timeout: 20_000 }).toMatch(/^Smart account/)
    await page.evaluate(() => window.__porticoDevWallet?.setMode('reject'))
    try {
      await batch().getByRole('button', { name: 'Approve and transfer 1 pUSD' }).click()
      await expect.poll(() => batch().getByRole('status').textContent(), { timeout: 20_000 }).toBe('Not sent: User rejected the request.')
      expect(await batch().getByTestId('batch-receipt').textContent()).toBe('')
    } finally {
      await page.evaluate(() => window.__porticoDevWallet?.setMode('approve'))
    }
  })

  it("'Fetching call status not approved by the wallet' over WalletConnect, whose wallet did not approve wallet_getCallsStatus", async () => {
    browser = await launchChromium()
    const pair = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Devnet B', chain: 'eip155:31338', method: 'personal_sign' })
    try {
      const demo = pair.demo
      await expect.poll(() => demo.getByTestId('account-status').textContent(), { timeout: 20_000 }).toBe('connected')
      const region = demo.getByRole('region', { name: 'Look up' })
      await region.getByRole('textbox', { name: 'Batch id or user operation hash' }).fill(`0x${'ef'.repeat(32)}`)
      // Once this click waited 20 s for the button to be visible, enabled and stable; if it does
      // again, the error says whether the demo page answered, painted frames and kept the button still.
      const button = region.getByRole('button', { name: 'Get call status' })
      await explainFailure(button.click(), async () => `${await describeClickTarget(button)}\n${await pair.describe()}`)
      await expect.poll(() => region.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Call status failed: Fetching call status not approved by the wallet')
      expect(pair.errors).toEqual([])
      expect(pair.blocked).toEqual([])
    } finally {
      await pair.context.close()
    }
  }, 90_000)
})
