// Issue 52, the Connect list filtered by namespace, as a visitor: the demo site from `npm start` in
// real Chromium with every dev wallet. Picking Solana in the header's network list while
// disconnected leaves only the wallets that connect Solana in the Connect list (the Cosmos,
// Polkadot and Stacks dev wallets go, the multi-chain dev wallet keeps its row and its chips), and
// "Show all wallets" brings every namespace's wallets back. With no pick, all are listed.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
const connect = () => page.getByRole('dialog', { name: 'Connect Wallet' })
/** The names of the Connect list's wallet rows (the buttons inside its wallet groups). */
const rows = () => connect().locator('.portico-wallet-group__list .portico-wallet-button__name').allTextContents()
const others = ['Portico Dev Wallet (Cosmos)', 'Portico Dev Wallet (Stacks)']

describe('the Connect list and the namespace the visitor chose', () => {
  it('with no pick, lists the wallets of every namespace', async () => {
    await page.goto(sandbox.url)
    await expect.poll(() => header().getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await expect.poll(rows).toEqual(expect.arrayContaining(['Portico Dev Wallet', ...others]))
    expect(await connect().getByRole('button', { name: 'Show all wallets' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('after picking Solana in the network list, lists only the wallets that connect Solana, and "Show all wallets" brings the rest back', async () => {
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => header().getByRole('button', { name: /Portico Solana Localnet/ }).count()).toBe(1)
    await expect.poll(() => dialog().count()).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await expect.poll(() => connect().getByText('Wallets for Solana', { exact: true }).count()).toBe(1)
    await expect.poll(rows).toContain('Portico Dev Wallet')
    const solanaRows = await rows()
    for (const name of others) expect(solanaRows).not.toContain(name)
    // The multi-chain dev wallet keeps its chips.
    expect(await connect().getByRole('group', { name: 'Connect Portico Dev Wallet on' }).getByRole('button', { name: 'Solana', exact: true }).count()).toBe(1)

    await connect().getByRole('button', { name: 'Show all wallets' }).click()
    await expect.poll(rows).toEqual(expect.arrayContaining(['Portico Dev Wallet', ...others]))
    expect(await connect().getByRole('button', { name: 'Show all wallets' }).count()).toBe(0)
    expect(visitor.blocked).toEqual([])
    expect(visitor.pageErrors).toEqual([])
  })
})
