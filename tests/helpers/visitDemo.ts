import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { openSandboxPage, type SandboxPage } from './openSandboxPage.js'
import { dialog, header } from './pageRegions.js'
import { startSandbox, type TestSandbox } from './startSandbox.js'

export type DemoVisit = {
  /** The run's shared sandbox (`startSandbox({ reuseFromEnv: true })`); `sandbox.url` is its demo site. */
  readonly sandbox: TestSandbox
  readonly visitor: SandboxPage
  readonly page: Page
  /** {@link header} of the page. */
  header(): Locator
  dialog(): Locator
}

/**
 * A test file's sandbox and one visitor on its demo: the file's `beforeAll` starts (or joins) the
 * run's shared sandbox and opens a page ({@link openSandboxPage}) that waits up to 20 s for what it
 * looks for; its `afterAll` closes both. Call it at the top of the file; a `beforeAll` registered
 * after it runs after it (vitest runs a file's hooks in order), and the fields are there from then on.
 *
 * @param initScripts - scripts to run before the page's own
 * @param contextOptions - the visitor's browser context (viewport, user agent, motion)
 * @example
 * const demo = visitDemo({ contextOptions: iPhone })
 * it('connects', async () => {
 *   await demo.page.goto(demo.sandbox.url)
 *   await demo.header().getByRole('button', { name: 'Connect Wallet' }).click()
 * })
 */
export function visitDemo({ initScripts, contextOptions }: { initScripts?: string[]; contextOptions?: BrowserContextOptions } = {}): DemoVisit {
  let sandbox: TestSandbox | undefined
  let visitor: SandboxPage | undefined
  beforeAll(async () => {
    sandbox = await startSandbox({ reuseFromEnv: true })
    visitor = await openSandboxPage({ ...(initScripts ? { initScripts } : {}), ...(contextOptions ? { contextOptions } : {}) })
    visitor.page.setDefaultTimeout(20_000)
  })
  afterAll(async () => {
    await visitor?.close()
    await sandbox?.stop()
  })
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`visitDemo: ${what} is not open yet (read it in a test or a later beforeAll, not while the file loads)`)
    return value
  }
  return {
    get sandbox() {
      return ready(sandbox, 'the sandbox')
    },
    get visitor() {
      return ready(visitor, 'the visitor')
    },
    get page() {
      return ready(visitor, 'the visitor').page
    },
    header: () => header(ready(visitor, 'the visitor').page),
    dialog: () => dialog(ready(visitor, 'the visitor').page),
  }
}
