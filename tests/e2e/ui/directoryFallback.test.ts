// Issue 14: the Connect view is never empty because the wallet directory is unreachable. The
// built-in list of real wallets (lent by the chain plugin, logos as data URLs) recommends instead,
// and a visitor without a wallet gets "What is a wallet?" and a Get a Wallet view.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { HarnessPage } from './helpers/openHarnessPage.js'
import { dialog, useHarness } from './helpers/useHarness.js'

const t = useHarness()

/** The harness page with its directory API answering 503 for /getWallets (or all of it down). */
async function open(query: string, { failDirectory }: { failDirectory: boolean }): Promise<HarnessPage & { directoryRequests: string[] }> {
  const directoryRequests: string[] = []
  const harnessPage = await t.open(query, {
    beforeLoad: async (context) => {
      await context.route(/\/getWallets\b/, async (route) => {
        directoryRequests.push(route.request().url())
        if (failDirectory) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","message":"down"}' })
        else await route.continue()
      })
    },
  })
  return { ...harnessPage, directoryRequests }
}

const group = (page: Page, name: string) => dialog(page).getByRole('region', { name })
/** Waits for a group's wallets: its list holds placeholder rows (aria-busy) while the directory answers. */
const loaded = (page: Page, name: string) => group(page, name).locator('ul:not([aria-busy="true"])').waitFor()
const names = (page: Page, name: string) => group(page, name).getByRole('listitem').evaluateAll((items) => items.map((item) => item.textContent?.trim()))

describe('the Connect view when the wallet directory is unreachable', () => {
  it('recommends real wallets from the built-in list, with their logos, and asks nothing beyond 127.0.0.1', async () => {
    const { page, blocked, directoryRequests } = await open('', { failDirectory: true })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await loaded(page, 'Recommended')
    expect(directoryRequests.length).toBeGreaterThan(0)
    expect(await names(page, 'Installed')).toEqual(['Portico Dev Wallet'])
    expect(await names(page, 'Recommended')).toEqual(['MetaMask', 'Phantom', 'Coinbase Wallet'])
    const logos = await group(page, 'Recommended').locator('img').evaluateAll((images) => images.map((img) => [(img as HTMLImageElement).src.slice(0, 25), (img as HTMLImageElement).naturalWidth > 0]))
    expect(logos).toEqual([['data:image/svg+xml,%3Csvg', true], ['data:image/svg+xml,%3Csvg', true], ['data:image/svg+xml,%3Csvg', true]])
    // A wallet is installed: no "What is a wallet?" panel.
    expect(await dialog(page).getByRole('region', { name: 'What is a wallet?' }).count()).toBe(0)
    expect(blocked).toEqual([])
  })

  it('recommends from the directory, not the built-in list, when the directory answers', async () => {
    const { page } = await open('', { failDirectory: false })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await loaded(page, 'Recommended')
    const recommended = await names(page, 'Recommended')
    expect(recommended).toHaveLength(3)
    expect(recommended).not.toContain('MetaMask')
  })

  it('explains what a wallet is to a visitor without one, and lists where to get one for this device', async () => {
    const { page, blocked } = await open('wallet=none', { failDirectory: true })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const intro = dialog(page).getByRole('region', { name: 'What is a wallet?' })
    await intro.waitFor()
    expect(await intro.textContent()).toContain('without a password')
    await intro.getByRole('button', { name: 'Get a wallet' }).click()
    await page.locator('[role="dialog"][data-view="GetWallet"]').waitFor()
    expect(await dialog(page).getByRole('heading', { level: 2 }).first().textContent()).toBe('Get a Wallet')
    const list = dialog(page).getByRole('list', { name: 'Wallets to install' })
    await list.waitFor()
    const links = await list.getByRole('link').evaluateAll((anchors) =>
      anchors.map((a) => ({ name: a.textContent?.trim(), href: (a as HTMLAnchorElement).href, target: (a as HTMLAnchorElement).target, rel: (a as HTMLAnchorElement).rel })),
    )
    expect(links.length).toBeGreaterThanOrEqual(15)
    expect(links[0]).toEqual({ name: 'MetaMaskGet', href: 'https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn', target: '_blank', rel: 'noopener noreferrer' })
    // Only wallets for the site's networks (EVM here): no Solana-only or Cosmos-only wallet.
    expect(links.map((l) => l.name)).not.toContain('SolflareGet')
    expect(links.map((l) => l.name)).not.toContain('KeplrGet')
    // A wallet without a store link for this device links its website.
    expect(links.find((l) => l.name === 'SafeGet')?.href).toBe('https://safe.global/')
    expect(blocked).toEqual([])
  })

  it('Get a wallet opens the view whole even when the built-in list is still being read at the click: it waits for the list (it opened empty and grew)', async () => {
    const { page, blocked } = await open('wallet=none', { failDirectory: true })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const intro = dialog(page).getByRole('region', { name: 'What is a wallet?' })
    await intro.waitFor()
    // The eip155 list is lent again by a loader held until the test releases it (as a slow chunk
    // would be), and the first frame of GetWallet is watched: its links are counted in the commit
    // that shows the view, before it paints.
    await page.evaluate(async () => {
      type Registry = { load(namespaces: string[]): Promise<unknown[]>; register(namespace: string, load: () => Promise<unknown[]>): void }
      const w = window as unknown as { porticoHarness: { portico: { kernel: { builtinWallets: Registry } } }; releaseList: () => void; firstLinks: number[] }
      const registry = w.porticoHarness.portico.kernel.builtinWallets
      const list = await registry.load(['eip155'])
      registry.register('eip155', () => new Promise((resolve) => (w.releaseList = () => resolve(list))))
      w.firstLinks = []
      new MutationObserver(() => {
        const view = document.querySelector('[role="dialog"][data-view="GetWallet"]')
        if (view && w.firstLinks.length === 0) w.firstLinks.push(view.querySelectorAll('.portico-get-wallet__link').length)
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-view'] })
    })
    await intro.getByRole('button', { name: 'Get a wallet' }).click()
    // Two frames painted after the click with the list still held: the view has not opened.
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))))
    expect(await page.locator('[role="dialog"]').getAttribute('data-view')).toBe('Connect')
    await page.evaluate(() => (window as unknown as { releaseList: () => void }).releaseList())
    await page.locator('[role="dialog"][data-view="GetWallet"]').waitFor()
    const [first] = await page.evaluate(() => (window as unknown as { firstLinks: number[] }).firstLinks)
    expect(first).toBeGreaterThanOrEqual(15)
    expect(blocked).toEqual([])
  })
})
