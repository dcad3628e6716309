// Issue 4's acceptance, as a visitor: the demo site from `npm start` in real Chromium, found by
// roles and accessible names, with the real Portico Dev Wallet, anvil and the Portico server.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page

beforeAll(async () => {
  // The worker slot's shared sandbox: nothing here depends on a fresh chain (the balance is matched by its form).
  sandbox = await startSandbox({ reuseFromEnv: true })
  visitor = await openSandboxPage()
  page = visitor.page
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const devWalletPanel = () => page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })

describe('connect on EVM, end to end', () => {
  it('lists Portico Dev Wallet once, connects, and shows the address and balance', async () => {
    await page.goto(sandbox.url)
    const connect = header().getByRole('button', { name: 'Connect Wallet' })
    await connect.click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => dialog.getAttribute('aria-modal')).toBe('true')
    await expect.poll(() => dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} ETH/)
  })

  it('after a reload it is still connected and never shows "Connect Wallet" in between', async () => {
    await page.addInitScript({
      content: `window.__headerTexts = [];
        new MutationObserver(() => {
          const nav = document.querySelector('nav[aria-label="Wallet"]');
          if (nav) window.__headerTexts.push(nav.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });`,
    })
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    const seen = (await page.evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts)) as string[]
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((text) => text.includes('Connect Wallet'))).toEqual([])
  })

  it('switches to the second devnet from the network button, and the wallet follows', async () => {
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Portico Devnet B' }).click()
    await expect.poll(() => devWalletPanel().textContent(), { timeout: 20_000 }).toContain('Portico Devnet B (31338)')
    await expect.poll(() => header().getByRole('button', { name: /Portico Devnet B/ }).count(), { timeout: 20_000 }).toBe(1)
    expect(await page.evaluate(() => (window as unknown as { __porticoDevWallet: { getState(): { chainId: number } } }).__porticoDevWallet.getState().chainId)).toBe(31338)
  })

  it('disconnects from the account view', async () => {
    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
  })

  it('a rejection in the wallet shows "Connection rejected", and "Try again" works', async () => {
    await devWalletPanel().getByRole('switch', { name: 'Reject requests' }).check()
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => dialog.getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await devWalletPanel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
  })

  it('keyboard only: Tab stays inside the dialog, Esc closes it, focus returns to the button', async () => {
    const opener = header().getByRole('button', { name: /0xf39F…2266/ })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.count()).toBe(1)
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab')
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
      expect(inside, `focus left the dialog after ${i + 1} presses`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('a corrupted stored session is discarded with no crash', async () => {
    await page.evaluate(() => {
      localStorage.setItem('@portico/connections', '{"eip155": {"connectorId": ')
      localStorage.setItem('@portico/active_network_id', '"__proto__"')
    })
    await page.reload()
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
    expect(visitor.pageErrors).toEqual([])
  })

  it('the views have no serious or critical accessibility violation (axe-core)', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    // axe is injected by the test, which the page's CSP rightly refuses; this context bypasses it.
    const audit = await newLoopbackContext(visitor.browser, { bypassCSP: true })
    try {
      const auditPage = await audit.context.newPage()
      await auditPage.goto(sandbox.url)
      const run = async (label: string) => {
        // Measure colours once the view's transition has finished, not halfway through a fade.
        await expect
          .poll(() => auditPage.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length))
          .toBe(0)
        await auditPage.addScriptTag({ content: axeSource })
        const violations = await auditPage.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(context?: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe
          const result = await axe.run({ exclude: [['#portico-dev-wallet']] })
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 3) }))
        })
        expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), label).toEqual([])
      }
      await run('page')
      await auditPage.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      // The view is on screen (its fade then runs and is waited for), not about to appear mid-audit.
      await auditPage.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).waitFor()
      await run('Connect')
      await auditPage.getByRole('dialog').getByRole('button', { name: /All Wallets/ }).click()
      await auditPage.getByRole('dialog').getByRole('searchbox').waitFor()
      await run('AllWallets')
      await auditPage.keyboard.press('Escape')
      await auditPage.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: /Portico Devnet/ }).click()
      await auditPage.getByRole('dialog').getByRole('button', { name: 'Portico Devnet B' }).waitFor()
      await run('Networks')
      await auditPage.keyboard.press('Escape')
      await auditPage.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      await auditPage.getByRole('dialog').getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
      await auditPage.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: /0xf39F/ }).click({ timeout: 20_000 })
      await auditPage.getByRole('dialog').getByRole('tab', { name: 'Tokens' }).waitFor()
      await run('Account')
      expect(audit.blocked).toEqual([])
    } finally {
      await audit.context.close()
    }
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
