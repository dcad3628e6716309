import type { Browser, BrowserContext, Page } from 'playwright-core'
import { newLoopbackContext } from '../../../helpers/newLoopbackContext.js'
import type { HarnessWallet, WalletStep } from '../harness/harnessPlugin.js'

export type HarnessPage = {
  page: Page
  context: BrowserContext
  /** Non-loopback requests the page tried (each was blocked). */
  blocked: string[]
  /** Content-Security-Policy violations the page reported. */
  cspViolations(): Promise<string[]>
  /** Uncaught page errors and errors React reported. */
  errors(): Promise<string[]>
  /** Every console warning the page logged. */
  warnings(): string[]
  /** The harness's in-page wallet (tests/e2e/ui/harness/harnessPlugin.ts), driven from the test. */
  wallet: {
    /** Queues its next answers to connect and switch requests. */
    script(...steps: WalletStep[]): Promise<void>
    /** Answers a request a 'hold' step keeps waiting. */
    release(): Promise<void>
    calls(): Promise<string[]>
    chain(): Promise<string>
    /** Moves the wallet to another chain (as the visitor would in the wallet). */
    setChain(chain: string): Promise<void>
  }
  close(): Promise<void>
}

type HarnessWindow = { porticoHarness: { wallet: HarnessWallet } }

/**
 * Opens a harness URL in a fresh loopback-only context that records CSP violations (through an
 * init script, which the page's CSP does not apply to) and page errors.
 *
 * @example
 * const { page, cspViolations } = await openHarnessPage(browser, harness.url)
 */
export async function openHarnessPage(browser: Browser, url: string, {
    reducedMotion = 'no-preference' as 'reduce' | 'no-preference',
    storage,
    beforeLoad,
  }: { reducedMotion?: 'reduce' | 'no-preference'; storage?: Record<string, string>; beforeLoad?: (context: BrowserContext) => Promise<void> } = {}): Promise<HarnessPage> {
  const { context, blocked } = await newLoopbackContext(browser, { reducedMotion, viewport: { width: 1000, height: 800 } })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin })
  await context.addInitScript((initial: Record<string, string> | undefined) => {
    const w = window as unknown as { cspViolations: string[] }
    w.cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      w.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
    if (initial && !sessionStorage.getItem('harness-seeded')) {
      sessionStorage.setItem('harness-seeded', '1')
      for (const [key, value] of Object.entries(initial)) localStorage.setItem(key, value)
    }
  }, storage)
  await beforeLoad?.(context)
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  const pageErrors: string[] = []
  const warnings: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
    // CSP reports, and React's development warnings (which it logs as errors).
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) pageErrors.push(message.text())
  })
  await page.goto(url)
  return {
    page,
    context,
    blocked,
    cspViolations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations.slice()),
    errors: async () => [...pageErrors, ...(await page.evaluate(() => (window as unknown as { harnessErrors?: string[] }).harnessErrors?.slice() ?? []))],
    warnings: () => warnings.slice(),
    wallet: {
      script: (...steps) => page.evaluate((steps) => void (window as unknown as HarnessWindow).porticoHarness.wallet.script.push(...steps), steps),
      release: () => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.wallet.release()),
      calls: () => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.wallet.calls.slice()),
      chain: () => page.evaluate(() => (window as unknown as HarnessWindow).porticoHarness.wallet.chain),
      setChain: (chain) => page.evaluate((chain) => void ((window as unknown as HarnessWindow).porticoHarness.wallet.chain = chain as HarnessWallet['chain']), chain),
    },
    close: () => context.close(),
  }
}
