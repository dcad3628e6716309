import type { Page } from 'playwright-core'

/**
 * Clears an origin's `localStorage` from a page of that origin that runs no script (the sandbox's
 * `/sandbox.json`). Clearing it on the demo itself raced the demo's own code: a connection restore
 * still under way when the clear ran wrote its state back, and the "new visitor" of the next load
 * was a returning one (flakes47, docs/testing.md).
 *
 * @example
 * await clearSiteStorage(page, sandbox.url)
 * await page.goto(`${sandbox.url}/?personas=phantom`)
 */
export async function clearSiteStorage(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sandbox.json`)
  await page.evaluate(() => window.localStorage.clear())
}
