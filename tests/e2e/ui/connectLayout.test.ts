// Issue 52, the desktop Connect view, as a visitor: the demo site from `npm start` in real Chromium
// at 1280×800 with every dev wallet installed (EVM, Solana, Bitcoin and Sui in one row with its
// chips; Cosmos, Polkadot, Stacks) and the site's email and social logins on. The email field and
// the first social button show without scrolling the modal (they come first, then "or" and the
// wallets); each chain chip of a multi-chain row (the dev wallet's, the Ledger's) sits inside its
// wallet's card; and a directory wallet opened on a site without WalletConnect is titled with its name.
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { visitDemo } from '../../helpers/visitDemo.js'


const demo = visitDemo({ contextOptions: { viewport: { width: 1280, height: 800 } } })

const { header, dialog } = demo
const connect = () => demo.page.getByRole('dialog', { name: 'Connect Wallet' })

type Box = { x: number; y: number; width: number; height: number }
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`no box for ${locator}`)
  return found
}
/** Whether `inner` lies wholly inside `outer` (half a pixel of rounding allowed). */
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5

describe('the Connect view on a 1280×800 desktop with the dev wallets installed and email and socials on', () => {
  it('shows the email field and the first social button without scrolling, then "or" and the wallets', async () => {
    await demo.page.goto(demo.sandbox.url)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    // Every dev wallet is listed (the multi-chain one with its four chains) and All Wallets ends the list.
    for (const name of ['Portico Dev Wallet', 'Portico Dev Wallet (Cosmos)', 'Portico Dev Wallet (Polkadot)', 'Portico Dev Wallet (Stacks)', 'All Wallets']) await connect().getByRole('button', { name, exact: true }).waitFor()
    await expect.poll(() => connect().getByRole('group', { name: 'Connect Portico Dev Wallet on' }).getByRole('button').allTextContents()).toEqual(['EVM', 'Solana', 'Bitcoin', 'Sui'])
    const email = connect().getByRole('textbox', { name: 'Email' })
    const social = connect().getByRole('group', { name: /social/i }).getByRole('button').first()
    await email.waitFor()
    await social.waitFor()
    expect(await social.textContent()).toContain('Google')

    // The modal's scroll area: its content is taller than what shows (the wallets go on below), it
    // is not scrolled, and the email field and the first social button lie wholly in its visible part.
    const body = connect().locator('.portico-modal__body')
    const scroll = await body.evaluate((element) => ({ top: element.scrollTop, client: element.clientHeight, content: element.scrollHeight }))
    expect(scroll.top).toBe(0)
    expect(scroll.content).toBeGreaterThan(scroll.client)
    const visible = await box(body)
    expect(inside(await box(email), visible)).toBe(true)
    expect(inside(await box(social), visible)).toBe(true)
    // And within the window.
    expect(inside(await box(social), { x: 0, y: 0, width: 1280, height: 800 })).toBe(true)

    // The order: email, social, then "or", then the wallets.
    const order = await connect().locator('.portico-connect__methods > *').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.method ?? node.textContent))
    expect(order).toEqual(['email', 'social', 'or', 'wallet'])
  })

  it("each chain chip sits inside its wallet's card, with the wallet's row (the dev wallet's four, the Ledger's seven)", async () => {
    for (const [wallet, count] of [['Portico Dev Wallet', 4], ['Ledger', 7]] as const) {
      const chips = connect().getByRole('group', { name: `Connect ${wallet} on` })
      await expect.poll(() => chips.getByRole('button').count()).toBe(count)
      // The card: the list item that holds the wallet's row and its chips, painted as one surface.
      const card = connect().locator('li').filter({ has: demo.page.getByRole('group', { name: `Connect ${wallet} on` }) })
      expect(await card.count()).toBe(1)
      const row = card.getByRole('button', { name: wallet, exact: true })
      expect(await row.count()).toBe(1)
      const background = await card.evaluate((element) => getComputedStyle(element).backgroundColor)
      expect(background).not.toBe('rgba(0, 0, 0, 0)')
      const cardBox = await box(card)
      const rowBox = await box(row)
      expect(inside(rowBox, cardBox)).toBe(true)
      for (const chip of await chips.getByRole('button').all()) {
        const chipBox = await box(chip)
        expect(inside(chipBox, cardBox)).toBe(true)
        // Below the row, within the card.
        expect(chipBox.y).toBeGreaterThanOrEqual(rowBox.y + rowBox.height - 0.5)
      }
      // The wallet's name is not cut by its chips: the row keeps the card's width.
      expect(rowBox.width).toBeGreaterThan(cardBox.width - 1)
    }
    await demo.page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('a directory wallet on a site without WalletConnect (?walletConnect=0) opens WalletLinks titled with its name', async () => {
    await demo.page.goto(`${demo.sandbox.url}/?walletConnect=0`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'All Wallets' }).click()
    const tile = dialog().getByRole('region', { name: 'Wallets' }).getByRole('button').filter({ hasNotText: 'Portico' }).first()
    await tile.waitFor()
    const name = (await tile.getAttribute('aria-label')) ?? (await tile.innerText()).split('\n')[0]!
    await tile.click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletLinks')
    expect(await demo.page.getByRole('dialog', { name, exact: true }).count()).toBe(1)
    expect(await dialog().getByRole('heading', { level: 2 }).textContent()).toBe(name)
    expect(demo.visitor.blocked).toEqual([])
    expect(demo.visitor.pageErrors).toEqual([])
  })
})
