// EVM on the demo site, as a visitor: the chain kit's shared flows (tests/e2e/kit) on the EVM row
// (anvil through viem is the truth, signatures checked with viem), then what only EVM has: the
// second devnet the wallet follows, the keyboard, a corrupted stored session, and axe-core.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, it } from 'vitest'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { chainE2e } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.eip155, (kit) => {
  it('switches to the second devnet from the network button, and the wallet follows', async () => {
    await kit.pickNetwork('Portico Devnet B')
    await kit.step(expect.poll(() => kit.panel().textContent(), { timeout: 20_000 }).toContain('Portico Devnet B (31338)'))
    await kit.step(expect.poll(() => kit.header().getByRole('button', { name: /Portico Devnet B/ }).count(), { timeout: 20_000 }).toBe(1))
    expect(await kit.page.evaluate(() => (window as unknown as { __porticoDevWallet: { getState(): { chainId: number } } }).__porticoDevWallet.getState().chainId)).toBe(31338)
  })

  it('keyboard only: Tab stays inside the dialog, Esc closes it, focus returns to the button', async () => {
    const opener = kit.header().getByRole('button', { name: /0xf39F…2266/ })
    await opener.focus()
    await kit.page.keyboard.press('Enter')
    const dialog = kit.page.getByRole('dialog')
    await expect.poll(() => dialog.count()).toBe(1)
    for (let i = 0; i < 25; i++) {
      await kit.page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab')
      const inside = await kit.page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
      expect(inside, `focus left the dialog after ${i + 1} presses`).toBe(true)
    }
    await kit.page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('a corrupted stored session is discarded with no crash', async () => {
    await kit.page.evaluate(() => {
      localStorage.setItem('@portico/connections', '{"eip155": {"connectorId": ')
      localStorage.setItem('@portico/active_network_id', '"__proto__"')
    })
    await kit.page.reload()
    await expect.poll(() => kit.header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
    expect(kit.visitor.pageErrors).toEqual([])
  })

  it('the views have no serious or critical accessibility violation (axe-core)', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    // axe is injected by the test, which the page's CSP rightly refuses; this context bypasses it.
    const audit = await newLoopbackContext(kit.visitor.browser, { bypassCSP: true })
    try {
      const auditPage = await audit.context.newPage()
      await auditPage.goto(kit.sandbox.url)
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

})
