import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { launchChromium } from './chromium.js'
import { newLoopbackContext } from './newLoopbackContext.js'

/** Records every Content-Security-Policy violation of the page into `window.__cspViolations`. */
export const recordCspViolations = `document.addEventListener('securitypolicyviolation', (e) => {
  (window.__cspViolations ??= []).push(e.violatedDirective + ' ' + e.blockedURI)
})`

export type SandboxPage = {
  browser: Browser
  context: BrowserContext
  page: Page
  /** Requests beyond 127.0.0.1 that were blocked (should stay empty). */
  blocked: string[]
  /** Uncaught page errors (should stay empty). */
  pageErrors: string[]
  /** The CSP violations the page recorded (should stay empty). */
  cspViolations(): Promise<string[]>
  close(): Promise<void>
}

/**
 * A visitor's browser for end-to-end tests: Debian's Chromium, a context that blocks and records
 * any request beyond 127.0.0.1, a recorder of CSP violations and page errors, and one page.
 *
 * @param initScripts extra scripts to run before the page's own (an extension's content script)
 * @param contextOptions Playwright context options (viewport, colorScheme, userAgent, …)
 * @example
 * const visitor = await openSandboxPage()
 * await visitor.page.goto(sandbox.url)
 * expect(await visitor.cspViolations()).toEqual([])
 */
export async function openSandboxPage({ initScripts = [], contextOptions = {} }: { initScripts?: string[]; contextOptions?: BrowserContextOptions } = {}): Promise<SandboxPage> {
  const browser = await launchChromium()
  const { context, blocked } = await newLoopbackContext(browser, contextOptions)
  await context.addInitScript({ content: recordCspViolations })
  for (const content of initScripts) await context.addInitScript({ content })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  return {
    browser,
    context,
    page,
    blocked,
    pageErrors,
    cspViolations: () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
    async close() {
      await context.close().catch(() => undefined)
      await browser.close().catch(() => undefined)
    },
  }
}
