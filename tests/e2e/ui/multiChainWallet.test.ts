// Issue 14, acceptance 2 (the multi-chain half), as a visitor: the demo site from `npm start` in
// real Chromium with the real EVM, Solana and Sui Portico Dev Wallets (one wallet, merged by name).
// The wallet row shows a button per chain; choosing Solana connects Solana while the header is on an
// EVM network; switching to EVM afterwards connects the same wallet there instead of asking for
// another one.
import { describe, expect, it } from 'vitest'
import { visitDemo } from '../../helpers/visitDemo.js'

const solShort = 'oeYf…kq96'
const evmShort = '0xf39F…2266'


const demo = visitDemo()

const { header, dialog } = demo
const solanaPanel = () => demo.page.getByRole('region', { name: 'Portico Dev Wallet (Solana)', exact: true })
const evmPanel = () => demo.page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })


describe('a wallet that serves EVM and Solana', () => {
  it('shows both chains on its row and connects the chosen one, whatever the header network', async () => {
    await demo.page.goto(demo.sandbox.url)
    await expect.poll(() => header().getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = demo.page.getByRole('dialog', { name: 'Connect Wallet' })
    const row = connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true })
    await expect.poll(() => row.count()).toBe(1)
    const chains = connect.getByRole('group', { name: 'Connect Portico Dev Wallet on' })
    // The demo also loads portico/bip122 and portico/sui, and the dev wallets include Bitcoin and Sui ones of the same name.
    await expect.poll(() => chains.getByRole('button').allTextContents()).toEqual(['EVM', 'Solana', 'Bitcoin', 'Sui'])
    // Every badge carries the chain's logo, from the namespace's network.
    expect(await chains.getByRole('img').count()).toBe(0) // decorative: the name is the text
    expect(await chains.locator('img[alt=""]').count()).toBe(4)
    await chains.getByRole('button', { name: 'Solana', exact: true }).click()

    await expect.poll(() => solanaPanel().textContent(), { timeout: 20_000 }).toContain(`Connected: ${solShort}`)
    await expect.poll(() => header().getByRole('button', { name: new RegExp(solShort) }).count()).toBe(1)
    expect(await header().getByRole('button', { name: /Portico Solana Localnet/ }).count()).toBe(1)
    expect(await evmPanel().textContent()).not.toContain(`Connected: ${evmShort}`)
  })

  it('switching to EVM afterwards connects the same wallet there instead of asking for another', async () => {
    await expect.poll(() => dialog().count()).toBe(0)
    await header().getByRole('button', { name: /Portico Solana Localnet/ }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await expect.poll(() => dialog().textContent()).toContain('Portico Dev Wallet also works on Portico Devnet A')
    expect(await dialog().textContent()).not.toContain('connect a wallet for it next')
    await dialog().getByRole('button', { name: 'Switch Network', exact: true }).click()
    await expect.poll(() => evmPanel().textContent(), { timeout: 20_000 }).toContain(`Connected: ${evmShort}`)
    await expect.poll(() => header().getByRole('button', { name: new RegExp(evmShort) }).count()).toBe(1)
    expect(demo.visitor.blocked).toEqual([])
    expect(demo.visitor.pageErrors).toEqual([])
  })
})
