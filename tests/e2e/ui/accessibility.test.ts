import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dialog, title, useHarness } from './helpers/useHarness.js'

const t = useHarness({ extra: 60 })

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }
type HarnessWindow = {
  porticoHarness: {
    portico: { kernel: { reportChainChanged(namespace: string, chain: string): void; stores: { router: { push(view: string, data?: unknown): void }; networks: { networks: unknown[] } } } }
  }
}

/** axe-core over the whole page (served from 'self', so the strict CSP stays on); serious and critical only. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: '/axe.min.js' })
  const result = await page.evaluate(() => (window as unknown as { axe: { run(context: Document): Promise<AxeResult> } }).axe.run(document))
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}

describe.each(['light', 'dark'] as const)('axe-core finds no serious or critical violation (%s theme)', (theme) => {
  it('on the page, Connect, All Wallets, a directory wallet, ConnectingExternal, Account, Networks, SwitchNetwork, SwitchActiveChain and UnsupportedChain', async () => {
    const h = await t.open(`theme=${theme}`)
    const { page } = h
    const checked: Record<string, string[]> = {}
    const check = async (name: string) => {
      checked[name] = await seriousViolations(page)
    }
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await check('page')

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).waitFor()
    await dialog(page).getByRole('button', { name: 'All Wallets' }).waitFor()
    await check('Connect')

    await dialog(page).getByRole('button', { name: 'All Wallets' }).click()
    await dialog(page).getByRole('region', { name: 'Wallets' }).getByRole('button').first().waitFor()
    await check('AllWallets')
    await dialog(page).getByRole('searchbox', { name: 'Search wallet' }).fill('zzzz-none')
    await dialog(page).getByRole('paragraph').filter({ hasText: 'No wallet found' }).waitFor()
    await check('AllWallets (no result)')
    await dialog(page).getByRole('searchbox', { name: 'Search wallet' }).fill('')
    const entry = dialog(page).getByRole('region', { name: 'Wallets' }).getByRole('button').nth(1)
    const entryName = await entry.evaluate((el) => el.lastElementChild?.textContent ?? '') // the name, not the icon
    await entry.click()
    await dialog(page).getByRole('heading', { name: `Get ${entryName}` }).waitFor()
    await check('ConnectingWalletConnect (placeholder)')
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await dialog(page).getByRole('button', { name: 'Back' }).click()

    await h.wallet.script('hold')
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Continue in Portico Dev Wallet' }).waitFor()
    await check('ConnectingExternal (waiting)')
    await h.wallet.release()
    await dialog(page).waitFor({ state: 'detached' })

    await page.getByRole('button', { name: /0xf39F…2266/ }).first().click()
    await dialog(page).getByText('10,000.123 ETH').waitFor()
    await check('Account')

    await dialog(page).getByRole('button', { name: /^Network: / }).click()
    await expect.poll(() => title(page).textContent()).toBe('Choose Network')
    await check('Networks')
    await h.wallet.script('hold')
    await dialog(page).getByRole('button', { name: 'Portico Devnet B' }).click()
    await dialog(page).getByRole('heading', { name: 'Approve in wallet' }).waitFor()
    await check('SwitchNetwork (waiting)')
    await h.wallet.release()
    await expect.poll(() => title(page).textContent()).toBe('Account')
    await dialog(page).getByRole('button', { name: /^Network: / }).click()
    await h.wallet.script('reject')
    await dialog(page).getByRole('button', { name: 'Portico Devnet A' }).click()
    await dialog(page).getByRole('heading', { name: 'Switch declined' }).waitFor()
    await check('SwitchNetwork (declined)')

    await page.evaluate(() => {
      const { portico } = (window as unknown as HarnessWindow).porticoHarness
      portico.kernel.stores.router.push('SwitchActiveChain', { network: portico.kernel.stores.networks.networks[1], navigateTo: 'Connect', navigateWithReplace: true })
    })
    await dialog(page).getByRole('heading', { name: 'Switch to Portico Devnet B' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Cancel' }).waitFor()
    await check('SwitchActiveChain')
    // The wallet moves to a chain the site does not configure.
    await h.wallet.setChain('eip155:999')
    await page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.portico.kernel.reportChainChanged('eip155', 'eip155:999'))
    await dialog(page).getByText("This app doesn't support", { exact: false }).waitFor()
    await check('UnsupportedChain')

    expect(checked).toEqual(Object.fromEntries(Object.keys(checked).map((k) => [k, []])))
    expect(Object.keys(checked)).toHaveLength(12)
    expect(await h.cspViolations()).toEqual([])
    expect(h.blocked).toEqual([])
  })
})
