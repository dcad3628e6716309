// Global setup: one Chromium for every test file of the run (`launchChromium()` connects to it)
// instead of one launched by each file, about 1.5 CPU-seconds and a second each (docs/performance.md,
// "The test suite"). Files still get contexts of their own, so no cookie or storage is shared. When
// Chromium is not installed, nothing starts and `launchChromium()` installs or explains as before.
import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'

import { chromiumArgs, findChromium } from '../helpers/chromium.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared browser's Playwright endpoint; empty when there is none. */
    chromiumWsEndpoint: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = findChromium()
  let server: BrowserServer | undefined
  if (executablePath) server = await chromium.launchServer({ executablePath, args: chromiumArgs, timeout: 30_000 })
  project.provide('chromiumWsEndpoint', server?.wsEndpoint() ?? '')
  return async () => {
    await server?.close()
  }
}
