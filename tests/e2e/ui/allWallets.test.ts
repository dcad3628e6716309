import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pageSettled } from '../../helpers/pageSettled.js'
import { truNames } from './helpers/startHarness.js'
import { dialog, useHarness } from './helpers/useHarness.js'

// 83 wallets of the server's own directory support the devnets; 260 more make it 343.
const t = useHarness({ extra: 260 })

type HarnessWindow = { porticoHarness: { portico: { kernel: { stores: { directory: { query: string; page: number; loading: boolean } } } } } }
const directory = (page: Page) => page.evaluate(() => {
  const { query, page, loading } = (window as unknown as HarnessWindow).porticoHarness.portico.kernel.stores.directory
  return { query, page, loading }
})
/** Moves the page's paused clock on in steps of 100 ms until the directory's query is `query`; returns how far it moved. */
async function clockUntilQuery(page: Page, query: string): Promise<number> {
  for (let moved = 0; moved <= 5_000; moved += 100) {
    if ((await directory(page)).query === query) return moved
    await page.clock.runFor(100)
  }
  throw new Error(`the directory's query never became ${JSON.stringify(query)}: ${JSON.stringify(await directory(page))}`)
}
const walletList = (page: Page) => dialog(page).getByRole('region', { name: 'Wallets' })

async function openAllWallets(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page).getByRole('button', { name: 'All Wallets' }).click()
  await walletList(page).getByRole('button').first().waitFor()
}

describe('All Wallets against a real Portico server', () => {
  it('lists page 1, loads page 2 near the end, keeps the DOM to what was scrolled to, and searches "tru" after the debounce', async () => {
    const h = await t.open()
    const { page } = h
    const directoryCalls: URL[] = []
    page.on('request', (request: Request) => {
      const url = new URL(request.url())
      if (url.pathname === '/getWallets') directoryCalls.push(url)
    })
    await openAllWallets(page)
    const pageCalls = () => directoryCalls.filter((u) => !u.searchParams.has('search') && u.searchParams.get('entries') === '40')
    await expect.poll(() => pageCalls().map((u) => u.searchParams.get('page'))).toEqual(['1'])
    // Page 1's 40 wallets, and no more until the visitor scrolls (the end is far below the fold).
    await expect.poll(() => walletList(page).getByRole('button').count()).toBe(40)
    // Laid out and painted (the list's end observed where it is): still page 1 alone, and not loading.
    await pageSettled(page)
    expect(await directory(page)).toEqual({ query: '', page: 1, loading: false })
    expect(pageCalls()).toHaveLength(1)
    expect(await walletList(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    // Tiles off screen skip layout and paint.
    expect(await walletList(page).getByRole('button').last().evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto')

    // Scrolling to the end loads the next page of 40 and renders it.
    await walletList(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect.poll(() => pageCalls().map((u) => u.searchParams.get('page'))).toContain('2')
    await expect.poll(() => walletList(page).getByRole('button').count()).toBeGreaterThanOrEqual(80)
    // 343 wallets in all: scrolling twice never renders the whole directory.
    expect(await walletList(page).getByRole('button').count()).toBeLessThan(343)
    await expect.poll(() => walletList(page).evaluate((el) => el.scrollHeight)).toBeGreaterThan(1500)

    // Search: one request, 500 ms after the last key, trimmed, from 2 characters. The page's clock
    // stands still while the visitor types, and the test moves it on.
    const search = dialog(page).getByRole('searchbox', { name: 'Search wallet' })
    await page.clock.install()
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await search.pressSequentially(' t')
    // " t" is committed (past its 500 ms) and, one character after trimming, searches nothing.
    expect(await clockUntilQuery(page, ' t')).toBeGreaterThanOrEqual(500)
    await search.pressSequentially('ru ')
    expect(await clockUntilQuery(page, ' tru ')).toBeGreaterThanOrEqual(500)
    await page.clock.resume()
    await walletList(page).getByRole('button', { name: 'Trusty Vault' }).waitFor()
    const searches = directoryCalls.filter((u) => u.searchParams.has('search'))
    expect(searches.map((u) => u.searchParams.get('search'))).toEqual(['tru'])
    const names = await walletList(page).getByRole('button').allTextContents()
    expect([...names].sort()).toEqual([...truNames].sort())
    await page.getByRole('status').filter({ hasText: `${truNames.length} wallets found` }).waitFor()
    // One result is announced in the singular.
    await search.fill('Trusty Vault')
    await page.getByRole('status').filter({ hasText: /^1 wallet found$/ }).waitFor()

    // A directory wallet without a browser connector shows where to get it; nothing is followed.
    await walletList(page).getByRole('button', { name: 'Trusty Vault' }).click()
    await dialog(page).getByRole('heading', { name: 'Get Trusty Vault' }).waitFor()
    const website = dialog(page).getByRole('link', { name: 'Website' })
    expect(await website.getAttribute('href')).toBe('https://wallet.example.com/')
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer')
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await h.cspViolations()).toEqual([])
    expect(await h.errors()).toEqual([])
    expect(h.blocked).toEqual([])
  })

  it('holds the recommended wallets\' rows while the directory answers, so All Wallets does not move under the pointer', async () => {
    const h = await t.open()
    const { page } = h
    // The directory's first page waits until the view has been measured (the real server answers then).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/getWallets?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('page') === '1') await held
      await route.continue()
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const allWallets = dialog(page).getByRole('button', { name: 'All Wallets' })
    await allWallets.waitFor()
    const recommended = dialog(page).locator('section', { has: page.getByRole('heading', { name: 'Recommended' }) })
    await expect.poll(() => recommended.locator('ul[aria-busy="true"] > li[aria-hidden="true"]').count()).toBe(3)
    expect(await recommended.getByRole('button').count()).toBe(0)
    await pageSettled(page)
    const before = await allWallets.boundingBox()
    release()
    await expect.poll(() => recommended.getByRole('button').count(), { timeout: 20_000 }).toBe(3)
    expect(await recommended.locator('li[aria-hidden="true"]').count()).toBe(0)
    expect(await allWallets.boundingBox()).toEqual(before)
    expect(await h.errors()).toEqual([])
    expect(h.blocked).toEqual([])
  })

  it('renders hostile directory entries as text and follows none of their links', async () => {
    const h = await t.open('', { url: `${t.harness.proxyApiUrl}/?api=${encodeURIComponent(t.harness.proxyApiUrl)}` })
    const { page } = h
    const popups: string[] = []
    h.context.on('page', (p) => popups.push(p.url()))
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await openAllWallets(page)
    const hostileName = '<img src=x onerror="window.__pwned=1">Evil Wallet'
    const hostile = walletList(page).getByRole('button', { name: hostileName })
    await hostile.waitFor()
    expect(await hostile.textContent()).toContain(hostileName)
    expect(await page.locator('img[src="x"], img[src^="javascript"], a[href^="javascript"], a[href^="data"]').count()).toBe(0)
    await hostile.click()
    await dialog(page).getByRole('heading', { name: `Get ${hostileName}` }).waitFor()
    await dialog(page).getByText('This wallet lists no download link.').waitFor()
    expect(await dialog(page).getByRole('link').count()).toBe(0)
    // The view is on screen and painted: whatever it would have run has run.
    await pageSettled(page)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(new URL(page.url()).pathname).toBe('/')
    expect(popups).toEqual([])
    expect(dialogs).toEqual([])
    expect(await h.cspViolations()).toEqual([])
    expect(h.blocked).toEqual([])
  })

  it('says so when the directory cannot be reached, and offers a retry', async () => {
    // Port 9 (discard) is closed on loopback: every directory request fails.
    const h = await t.open('', { url: `${t.harness.proxyApiUrl}/?api=${encodeURIComponent('http://127.0.0.1:9')}` })
    const { page } = h
    let failed = 0
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname === '/getWallets') failed++
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).waitFor()
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click()
    await dialog(page).getByText('The wallet list could not be loaded.', { exact: true }).waitFor({ timeout: 20_000 })
    await dialog(page).getByRole('alert').filter({ hasText: 'Network Error: Wallet Load Failed' }).waitFor()
    const failedBefore = failed
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await dialog(page).getByText('The wallet list could not be loaded.', { exact: true }).waitFor({ timeout: 20_000 })
    await expect.poll(() => failed).toBeGreaterThan(failedBefore)
    expect(await h.errors()).toEqual([])
    expect(h.blocked).toEqual([])
  })
})
