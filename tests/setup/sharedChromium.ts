// Global setup: one Chromium for every test file of the run (`launchChromium()` connects to it)
// instead of one launched by each file, about 1.5 CPU-seconds and a second each
// (docs/performance-history.md, "Second pass"). Files still get contexts of their own, so no cookie
// or storage is shared. When Chromium is not installed, nothing starts and `launchChromium()`
// installs or explains as before.
import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'

import { chromiumLaunchArgs, findChromium } from '../helpers/chromium.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared browser's Playwright endpoint; empty when there is none. */
    chromiumWsEndpoint: string
  }
}

/**
 * vitest runs a global setup once per project; the browser is started once for the main process
 * (kept on globalThis, which every project's copy of this module sees) and closed by the last
 * project's teardown.
 */
type Shared = { server: Promise<BrowserServer | undefined>; users: number }
const key = Symbol.for('portico.sharedChromium')
const holder = globalThis as typeof globalThis & { [key]?: Shared }

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[key] ??= {
    server: (async () => {
      const executablePath = findChromium()
      return executablePath ? chromium.launchServer({ executablePath, args: await chromiumLaunchArgs(), timeout: 30_000 }) : undefined
    })(),
    users: 0,
  })
  shared.users += 1
  const server = await shared.server
  project.provide('chromiumWsEndpoint', server?.wsEndpoint() ?? '')
  return async () => {
    shared.users -= 1
    if (shared.users > 0) return
    delete holder[key]
    await server?.close()
  }
}
