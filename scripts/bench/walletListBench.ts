/**
 * Wallet list benchmark, in Chromium: a real Portico server on loopback serves 5,000 generated
 * directory entries; the UI harness page (strict CSP) loads all of them into the directory, then
 *
 * - `renderMs`: from pressing "All Wallets" to the first wallets drawn (view chunk already
 *   loaded once, so this is the virtualized list's first render over 5,000 entries);
 * - `searchMs`: from the last keystroke of a search to its results drawn, including the 500 ms
 *   debounce the modal waits before asking (reported as `debounceMs`) and the server round trip.
 *
 * Bounded: `runs` of each (default 5), median reported.
 * Run alone: `npx tsx scripts/bench/walletListBench.ts`
 */
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { constants } from '../../kernel/kernel.js'
import { launchChromium } from '../../tests/helpers/chromium.js'
import { openHarnessPage } from '../../tests/e2e/ui/helpers/openHarnessPage.js'
import { extraWallets, startHarness } from '../../tests/e2e/ui/helpers/startHarness.js'

export type BenchWalletListParameters = { entries?: number; runs?: number }
export type BenchWalletListReturnType = { entries: number; searchMs: number; renderMs: number; debounceMs: number; runs: number }

const queries = ['tru', 'vault', 'aster wallet', 'pocket 01', 'signer', 'iris', 'hazel keys', 'poppy']

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

type BenchWindow = {
  // The harness's handle (createPortico); its kernel comes with load().
  porticoHarness: { portico: { load(): Promise<{ stores: { directory: { wallets: unknown[]; count: number; hasMore: boolean; loading: boolean; fetchNextPage(): Promise<void> } } }> } }
}

/** Loads every page of the directory into the page's store (what scrolling to the end does). */
async function loadWholeDirectory(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { directory } = (await (window as unknown as BenchWindow).porticoHarness.portico.load()).stores
    // A page the view itself is fetching finishes first (fetchNextPage returns at once meanwhile).
    for (let i = 0; i < 10_000 && directory.hasMore; i++) {
      if (directory.loading) await new Promise((resolve) => setTimeout(resolve, 20))
      else await directory.fetchNextPage()
    }
    return directory.wallets.length
  })
}

/** Clicks a button by its name inside the dialog and times until the wallet region shows buttons. */
async function timeAllWalletsRender(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement
    const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'All Wallets') as HTMLButtonElement
    const start = performance.now()
    button.click()
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const region = document.querySelector('[role="region"][aria-label="Wallets"]')
      if (region && region.querySelectorAll('button').length > 0) return performance.now() - start
      if (performance.now() - start > 20_000) throw new Error('All Wallets did not render')
    }
  })
}

/** Types a query into the search box (as one input event) and times until only matches are drawn. */
async function timeSearch(page: Page, query: string): Promise<number> {
  return page.evaluate(async (q) => {
    const input = document.querySelector('input[type="search"]') as HTMLInputElement
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (v: string) => void
    const words = q.toLowerCase().split(' ')
    const start = performance.now()
    setValue.call(input, q)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const region = document.querySelector('[role="region"][aria-label="Wallets"]')
      const names = region ? [...region.querySelectorAll('button')].map((b) => (b.lastElementChild?.textContent ?? '').toLowerCase()) : []
      if (names.length > 0 && names.every((n) => n.includes(words.join(' ')))) return performance.now() - start
      if (performance.now() - start > 20_000) throw new Error(`Search "${q}" did not render`)
    }
  }, query)
}

async function clearSearch(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search wallet' }).fill('')
  await page.waitForFunction(() => {
    const region = document.querySelector('[role="region"][aria-label="Wallets"]')
    return region?.querySelector('button')?.textContent?.includes('Aster Wallet 0007') || region?.querySelector('button')?.textContent?.includes('Trusty Vault')
  })
}

/**
 * Measures the All Wallets list over 5,000 directory entries in Chromium.
 *
 * @param parameters - directory size (default 5,000) and runs per measure (default 5, at most 20)
 * @returns the entry count, median first-render and search times in milliseconds
 * @example
 * const { renderMs, searchMs } = await benchWalletList()
 */
export async function benchWalletList({ entries = 5_000, runs = 5 }: BenchWalletListParameters = {}): Promise<BenchWalletListReturnType> {
  const count = Math.min(20, Math.max(1, Math.floor(runs)))
  const [browser, harness] = await Promise.all([launchChromium(), startHarness({ extraWalletList: extraWallets(entries), baseDirectory: false })])
  try {
    const h = await openHarnessPage(browser, harness.url, { reducedMotion: 'reduce' })
    const { page } = h
    page.setDefaultTimeout(30_000)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'All Wallets' }).waitFor()
    const loaded = await loadWholeDirectory(page)
    // Warm-up: load the view's chunk once.
    await timeAllWalletsRender(page)
    await page.getByRole('button', { name: 'Back' }).click()

    const renderTimes: number[] = []
    for (let i = 0; i < count; i++) {
      await page.getByRole('dialog').getByRole('button', { name: 'All Wallets' }).waitFor()
      renderTimes.push(await timeAllWalletsRender(page))
      await page.getByRole('button', { name: 'Back' }).click()
    }
    await page.getByRole('dialog').getByRole('button', { name: 'All Wallets' }).click()
    await page.getByRole('searchbox', { name: 'Search wallet' }).waitFor()
    const searchTimes: number[] = []
    for (let i = 0; i < count; i++) {
      searchTimes.push(await timeSearch(page, queries[i % queries.length] as string))
      await clearSearch(page)
    }
    const violations = await h.cspViolations()
    if (violations.length || h.blocked.length) throw new Error(`Bench page broke its rules: ${[...violations, ...h.blocked].join(', ')}`)
    await h.close()
    return { entries: loaded, searchMs: Math.round(median(searchTimes)), renderMs: Math.round(median(renderTimes) * 10) / 10, debounceMs: constants.searchDebounceMs, runs: count }
  } finally {
    await browser.close()
    await harness.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchWalletList().then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
