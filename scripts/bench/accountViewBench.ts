/**
 * Account view request benchmark, in Chromium against a whole `npm start` sandbox: how many
 * requests opening the Account view costs, counted in the browser from the click on the header's
 * account button until the Tokens list is drawn and the network has been quiet for 1 s.
 *
 * - `http`: requests to the Portico server's blockchain API (`/v1/account/…`, `/v1/supported-chains`,
 *   `/v1/fungible/…`, and any other `/v1/…` GET that is not the RPC proxy);
 * - `rpc`: JSON-RPC requests to the server's RPC proxy (`POST /v1/?chainId=…`), whoever sent them
 *   (Portico's balance read or the dev wallet's reads).
 *
 * `cold` is the first open after connecting (nothing cached), `warm` the second open a moment
 * later, inside every cache lifetime (30 s). Bounded: `runs` fresh browser contexts (default 1,
 * each connects once), median reported; each open waits at most 15 s.
 * Run alone: `npx tsx scripts/bench/accountViewBench.ts` (set `PORTICO_SANDBOX_URL` to reuse a
 * running sandbox).
 */
import { fileURLToPath } from 'node:url'
import type { Browser, Page, Request } from 'playwright-core'
import { launchChromium } from '../../tests/helpers/chromium.js'
import { newLoopbackContext } from '../../tests/helpers/newLoopbackContext.js'
import { startSandbox } from '../../tests/helpers/startSandbox.js'

export type AccountViewRequests = { http: number; rpc: number }
export type BenchAccountViewRequestsParameters = { runs?: number }
export type BenchAccountViewRequestsReturnType = { cold: AccountViewRequests; warm: AccountViewRequests }

const quietMs = 1_000
const openTimeoutMs = 15_000

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** 'rpc', 'http' or undefined (not a Portico server call: the page, scripts, images). */
function classify(request: Request, origin: string): 'rpc' | 'http' | undefined {
  const url = new URL(request.url())
  if (url.origin !== origin || !url.pathname.startsWith('/v1')) return undefined
  if (request.method() === 'POST' && /^\/v1\/?$/.test(url.pathname) && url.searchParams.has('chainId')) return 'rpc'
  return 'http'
}

/** Counts the requests one open of the Account view costs. */
async function measureOpen(page: Page, origin: string): Promise<AccountViewRequests> {
  const counts: AccountViewRequests = { http: 0, rpc: 0 }
  let last = Date.now()
  const onRequest = (request: Request) => {
    const kind = classify(request, origin)
    if (!kind) return
    counts[kind] += 1
    last = Date.now()
  }
  page.on('request', onRequest)
  try {
    const started = Date.now()
    last = started
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: /0x/ }).click()
    await page.locator('[role="dialog"][data-view="Account"] [role="tabpanel"] li').first().waitFor({ timeout: openTimeoutMs })
    while (Date.now() - last < quietMs) {
      if (Date.now() - started > openTimeoutMs) throw new Error('The Account view kept making requests for 15 s')
      await page.waitForTimeout(100)
    }
    return counts
  } finally {
    page.off('request', onRequest)
  }
}

/**
 * Measures the requests of opening the Account view, cold and warm.
 *
 * @returns the HTTP (blockchain API) and JSON-RPC request counts of each open
 * @example
 * const { cold, warm } = await benchAccountViewRequests()
 */
export async function benchAccountViewRequests({ runs = 1 }: BenchAccountViewRequestsParameters = {}): Promise<BenchAccountViewRequestsReturnType> {
  const sandbox = await startSandbox({ reuseFromEnv: true })
  let browser: Browser | undefined
  const cold: AccountViewRequests[] = []
  const warm: AccountViewRequests[] = []
  try {
    browser = await launchChromium()
    for (let run = 0; run < Math.max(1, Math.min(runs, 10)); run++) {
      const { context, blocked } = await newLoopbackContext(browser)
      try {
        const page = await context.newPage()
        page.setDefaultTimeout(openTimeoutMs)
        await page.goto(sandbox.url)
        const header = page.getByRole('navigation', { name: 'Wallet' })
        await header.getByRole('button', { name: 'Connect Wallet' }).click()
        await page.getByRole('dialog').getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
        await page.getByRole('dialog').waitFor({ state: 'detached' })
        // The header's own balance read is not part of the view's cost.
        await header.getByText(/\d\.\d{3} ETH/).waitFor()
        await page.waitForTimeout(quietMs)
        cold.push(await measureOpen(page, sandbox.url))
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
        warm.push(await measureOpen(page, sandbox.url))
        if (blocked.length) throw new Error(`Requests left 127.0.0.1: ${blocked.join(', ')}`)
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser?.close()
    await sandbox.stop()
  }
  const pick = (list: AccountViewRequests[]) => ({ http: median(list.map((c) => c.http)), rpc: median(list.map((c) => c.rpc)) })
  return { cold: pick(cold), warm: pick(warm) }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchAccountViewRequests().then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
