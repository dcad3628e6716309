// Issue 25 on Solana, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger: picking "Ledger" on the Solana chain asks for the Solana app while the device shows the
// Ethereum one, then lists the Ledger Live accounts with their SOL; the second one connects and
// signs a message on the device, which the Solana verifier accepts (a Ledger signs the message as a
// Solana off-chain message) for that account only.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifySolanaSignature } from '../../../plugins/solana/actions/verifySolanaSignature.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let accounts: string[]
const message = 'Hello from the Portico demo'

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  accounts = ((await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { ledgerAccounts: { solana: string[] } }).ledgerAccounts.solana
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('Ledger on Solana, end to end', () => {
  it('asks for the Solana app, connects the second account and signs a message that verifies', async () => {
    await page.goto(sandbox.url)
    const header = page.getByRole('navigation', { name: 'Wallet' })
    const dialog = page.getByRole('dialog')
    await header.getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog.getByRole('button', { name: /Solana/ }).first().click()
    await expect.poll(() => header.textContent()).toMatch(/Solana/)
    await header.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog.getByRole('button', { name: 'Ledger', exact: true }).click()
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
    // The device still shows the Ethereum app: the view says which app to open, then follows it.
    await expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain('Open the Solana app on your Ledger')
    await page.evaluate(`window.__porticoLedger.openApp('Solana')`)
    const rows = dialog.getByRole('list', { name: 'Accounts on your Ledger' }).getByRole('button')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(5)
    await expect.poll(() => dialog.getByRole('button', { name: new RegExp(`^Account 2 ${accounts[1]} m/44'/501'/1' balance \\d+(\\.\\d+)? SOL$`) }).count(), { timeout: 20_000 }).toBe(1)
    await rows.nth(1).click()
    await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => page.locator('main').innerText()).toContain(accounts[1] as string)

    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    const status = page.getByRole('status').filter({ hasText: /Signature: / })
    await status.waitFor()
    const signature = ((await status.textContent()) ?? '').replace('Signature: ', '').trim()
    expect(await verifySolanaSignature({ message, signature, address: accounts[1] as string })).toBe(true)
    expect(await verifySolanaSignature({ message, signature, address: accounts[0] as string })).toBe(false)
    expect(await verifySolanaSignature({ message: `${message}!`, signature, address: accounts[1] as string })).toBe(false)
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 120_000)
})
