// The demo page's dev wallet panels (seven wallets and the emulated Ledger) in their dock
// (sandbox/walletPanel/mountInDock.ts): on a desktop, a column at each edge in a fixed order, no
// panel over another, and at 1280 px none over the demo's column; on a phone, one row along the
// bottom, under the modal. Under the sandbox's strict CSP, with nothing beyond 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
})
afterAll(async () => {
  await sandbox?.stop()
})

type Box = { name: string; x: number; y: number; width: number; height: number }
// The wallet personas' chooser (sandbox/personas) sits last on the left.
const left = ['Portico Dev Wallet', 'Portico Dev Wallet (Solana)', 'Portico Dev Wallet (Polkadot)', 'Portico Dev Wallet (Stacks)', 'Wallet personas']
const right = ['Ledger (emulated)', 'Portico Dev Wallet (Cosmos)', 'Portico Dev Wallet (Sui)', 'Portico Dev Wallet (Bitcoin)']

/** The panels' boxes by heading, in the dock's order (each panel is a region named by its heading). */
async function panels(visitor: SandboxPage): Promise<Box[]> {
  const dock = visitor.page.locator('[data-portico-dev-dock]')
  const regions = dock.locator(':scope > *').getByRole('region')
  await expect.poll(() => regions.count(), { timeout: 20_000 }).toBe(left.length + right.length)
  const boxes: Box[] = []
  for (const region of await regions.all()) {
    const name = (await region.getByRole('heading').first().textContent()) ?? ''
    const box = await region.boundingBox()
    if (box) boxes.push({ name, ...box })
  }
  return boxes
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('the dev wallet panels\' dock on the demo page', () => {
  it('on a desktop: a column at each edge in a fixed order, no panel over another nor over the demo\'s column', async () => {
    const visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
    try {
      await visitor.page.goto(sandbox.url)
      const boxes = await panels(visitor)
      const side = (names: string[]) => boxes.filter((b) => names.includes(b.name))
      expect(side(left).map((b) => b.name)).toEqual(left)
      expect(side(right).map((b) => b.name)).toEqual(right)
      for (const b of side(left)) expect(b.x).toBe(12)
      for (const b of side(right)) expect(b.x + b.width).toBe(1280 - 12)
      // Top to bottom, below the header.
      for (const column of [side(left), side(right)]) {
        expect(column[0]!.y).toBeGreaterThanOrEqual(72)
        for (let i = 1; i < column.length; i++) expect(column[i]!.y).toBeGreaterThan(column[i - 1]!.y + column[i - 1]!.height)
      }
      for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a, b), `${a.name} over ${b.name}`).toBe(false)
      const main = await visitor.page.locator('main').boundingBox()
      const content = { name: 'main', ...main!, x: main!.x + 16, width: main!.width - 32 }
      for (const b of boxes) expect(overlaps(b, { ...content, height: b.y + b.height }), `${b.name} over the demo's column`).toBe(false)
      // The page between the columns takes clicks: the demo's own button there is not covered.
      await visitor.page.getByRole('button', { name: 'Get capabilities' }).hover({ trial: true, timeout: 5_000 })
      expect(await visitor.cspViolations()).toEqual([])
      expect(visitor.pageErrors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.close()
    }
  })

  it('on a phone: one row along the bottom, side by side, under the modal', async () => {
    const visitor = await openSandboxPage({ contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } })
    try {
      await visitor.page.goto(sandbox.url)
      const dock = await visitor.page.locator('[data-portico-dev-dock]').boundingBox()
      expect(dock!.y + dock!.height).toBe(844)
      expect(dock!.width).toBe(390)
      const boxes = await panels(visitor)
      for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a, b), `${a.name} over ${b.name}`).toBe(false)
      for (const b of boxes) expect(b.y).toBeGreaterThanOrEqual(dock!.y)
      // The modal's sheet covers the row: its Connect view takes the click, not a panel.
      await visitor.page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      const dialog = visitor.page.getByRole('dialog', { name: 'Connect Wallet' })
      await dialog.waitFor()
      const sheet = await dialog.boundingBox()
      const point = { x: 195, y: Math.min(sheet!.y + sheet!.height, 844) - 20 }
      expect(await visitor.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-portico-dev-dock]') === null, point)).toBe(true)
      expect(visitor.pageErrors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.close()
    }
  })
})
