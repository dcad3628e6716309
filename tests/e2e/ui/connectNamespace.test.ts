// Issue 52, the Connect list filtered by namespace, as a visitor: the demo site from `npm start` in
// real Chromium with every dev wallet. Picking Solana in the header's network list while
// disconnected leaves only the wallets that connect Solana in the Connect list (the Cosmos,
// Polkadot and Stacks dev wallets go, the multi-chain dev wallet keeps its row and its chips), and
// "Show all wallets" brings every namespace's wallets back. With no pick, all are listed.
import { describe, expect, it } from 'vitest'
import { chooseNetwork } from '../../helpers/chooseNetwork.js'
import { visitDemo } from '../../helpers/visitDemo.js'


const demo = visitDemo()

const { header, dialog } = demo
const connect = () => demo.page.getByRole('dialog', { name: 'Connect Wallet' })
/** The names of the Connect list's wallet rows (the buttons inside its wallet groups). */
const rows = () => connect().locator('.portico-wallet-group__list .portico-wallet-button__name').allTextContents()
const others = ['Portico Dev Wallet (Cosmos)', 'Portico Dev Wallet (Stacks)']

describe('the Connect list and the namespace the visitor chose', () => {
  it('with no pick, lists the wallets of every namespace', async () => {
    await demo.page.goto(demo.sandbox.url)
    await expect.poll(() => header().getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await expect.poll(rows).toEqual(expect.arrayContaining(['Portico Dev Wallet', ...others]))
    expect(await connect().getByRole('button', { name: 'Show all wallets' }).count()).toBe(0)
    await demo.page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('after picking Solana in the network list, lists only the wallets that connect Solana, and "Show all wallets" brings the rest back', async () => {
    await chooseNetwork(demo.page, 'Portico Solana Localnet')
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
    expect(demo.visitor.blocked).toEqual([])
    expect(demo.visitor.pageErrors).toEqual([])
  })
})
