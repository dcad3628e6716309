import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'

const loopbackHosts = /^(127(?:\.\d{1,3}){3}|\[::1\]|::1|localhost)$/i

/**
 * Whether a URL leaves the machine (http, https, ws or wss to a host that is not loopback).
 *
 * @example
 * leavesLoopback(new URL('https://example.com/')) // true
 */
export function leavesLoopback(url: URL): boolean {
  if (!/^(https?|wss?):$/.test(url.protocol)) return false
  return !loopbackHosts.test(url.hostname)
}

export type NewLoopbackContextReturnType = {
  context: BrowserContext
  /** Every non-loopback URL the pages tried to reach (each one failed at the dead proxy). */
  blocked: string[]
}

/**
 * Where the context sends every request that is not to loopback: a proxy nobody listens on
 * (port 9, discard), so the request fails at once, before any name is looked up. Loopback is
 * bypassed by name (Playwright asks Chromium to send even loopback through a context's proxy).
 */
const deadProxy = { server: 'http://127.0.0.1:9', bypass: '127.0.0.1,localhost,[::1]' }

/**
 * Opens a browser context in which every request and websocket to a non-loopback host fails and
 * is recorded, so a test can assert that nothing left 127.0.0.1. The context's proxy is a dead
 * loopback port, so Chromium itself refuses the request; the test only listens to the failures
 * (no request is intercepted, so a page's requests cost nothing extra). A request the page's CSP
 * stopped never reached the network and is not recorded.
 *
 * @param browser a browser from `launchChromium()`
 * @param options Playwright context options (not `proxy`)
 * @param blocked where to record (another context's list, to watch two as one)
 * @returns the context and the list of blocked URLs
 * @example
 * const { context, blocked } = await newLoopbackContext(browser)
 * // … drive pages …
 * expect(blocked).toEqual([])
 */
export async function newLoopbackContext(
  browser: Browser,
  options: BrowserContextOptions = {},
  blocked: string[] = [],
): Promise<NewLoopbackContextReturnType> {
  const context = await browser.newContext({ ...options, proxy: deadProxy })
  const record = (url: string) => {
    try {
      if (leavesLoopback(new URL(url))) blocked.push(url)
    } catch {
      // not a URL: nothing went anywhere
    }
  }
  context.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'csp') record(request.url())
  })
  const watchSockets = (page: Page) => page.on('websocket', (socket) => record(socket.url()))
  context.on('page', watchSockets)
  return { context, blocked }
}
