import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'

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
  /** Every non-loopback URL the pages tried to reach (each one was aborted). */
  blocked: string[]
}

/**
 * Opens a browser context in which every request and websocket to a non-loopback host is aborted
 * and recorded, so a test can assert that nothing left 127.0.0.1.
 *
 * @param browser a browser from `launchChromium()`
 * @param options Playwright context options
 * @returns the context and the list of blocked URLs
 * @example
 * const { context, blocked } = await newLoopbackContext(browser)
 * // … drive pages …
 * expect(blocked).toEqual([])
 */
export async function newLoopbackContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<NewLoopbackContextReturnType> {
  const context = await browser.newContext(options)
  const blocked: string[] = []
  await context.route(
    (url) => leavesLoopback(url),
    async (route) => {
      blocked.push(route.request().url())
      await route.abort('blockedbyclient')
    },
  )
  await context.routeWebSocket(
    (url) => leavesLoopback(url),
    (ws) => {
      blocked.push(ws.url())
      ws.close({ code: 1008, reason: 'Tests may only talk to 127.0.0.1' })
    },
  )
  return { context, blocked }
}
