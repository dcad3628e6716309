import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { launchChromium } from '../../../helpers/chromium.js'
import { openHarnessPage, type HarnessPage } from './openHarnessPage.js'
import { startHarness, type Harness } from './startHarness.js'

type OpenOptions = Parameters<typeof openHarnessPage>[2]

export type HarnessSuite = {
  browser: Browser
  harness: Harness
  /**
   * Opens the harness page (`query` appended to its URL, or `url` whole) in a context of its own,
   * and closes the one this file opened before: a file's tests run one after another, one page at a time.
   * Motion is reduced unless the options say otherwise (no test waits out an animation it does not check).
   */
  open(query?: string, options?: OpenOptions & { url?: string }): Promise<HarnessPage>
}

/**
 * A harness file's set-up: the suite's Chromium and a harness (`startHarness(options)`) for the
 * file, both closed after it.
 *
 * @example
 * const t = useHarness({ extra: 60 })
 * it('…', async () => { const { page } = await t.open('theme=dark') })
 */
export function useHarness(options?: Parameters<typeof startHarness>[0]): HarnessSuite {
  let last: HarnessPage | undefined
  const suite = {
    async open(query = '', { url, ...rest }: OpenOptions & { url?: string } = {}) {
      await last?.close()
      last = await openHarnessPage(suite.browser, url ?? (query ? `${suite.harness.url}&${query}` : suite.harness.url), { reducedMotion: 'reduce', ...rest })
      return last
    },
  } as HarnessSuite
  beforeAll(async () => {
    ;[suite.browser, suite.harness] = await Promise.all([launchChromium(), startHarness(options)])
  })
  afterAll(async () => {
    await last?.close()
    await suite.browser?.close()
    await suite.harness?.close()
  })
  return suite
}

/** No CSP violation, no page error (React's included), nothing beyond 127.0.0.1. */
export async function expectClean(h: HarnessPage): Promise<void> {
  expect({ csp: await h.cspViolations(), errors: await h.errors(), blocked: h.blocked }).toEqual({ csp: [], errors: [], blocked: [] })
}

export const dialog = (page: Page) => page.getByRole('dialog')
/** The modal's title (its level-2 heading). */
export const title = (page: Page) => dialog(page).getByRole('heading', { level: 2 })
export const account = (page: Page) => page.getByRole('button', { name: /0xf39F…2266/ })

/** Connect Wallet → the dev wallet → the modal closes and the page shows the account. */
export async function connectDevWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await account(page).first().waitFor()
}
