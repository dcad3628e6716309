// Issue 50, acceptance 4: a Next.js App Router site (examples/nextjs) built with `next build`
// (Turbopack, offline, no telemetry) against the built package, served by `next start` on
// 127.0.0.1. Its layout and page are server components that render Portico's buttons straight
// from `portico/react` (an entry that starts with 'use client'; without it the server render fails). In
// Chromium: the buttons are in the server's HTML, hydration logs no warning or error (a text that
// differs between server and browser fails it with React's error #418: tried once), and a
// returning visitor's account is rendered by the server from the restore cookie (the example keeps
// the account: `restoreCookie: { account: true }`) and is on the page from the first paint until
// the wallet confirms it: never "Connect Wallet", never "Connecting…".
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { buildNextSite, startNextSite, type BuildNextSiteReturnType, type NextSite } from './nextSite.js'

let browser: Browser
let sandbox: TestSandbox
let site: NextSite
let build: BuildNextSiteReturnType
let devWallet = ''
let context: BrowserContext
let blocked: string[] = []
let page: Page
/** Console errors and uncaught errors of the page (React reports a hydration mismatch as one), and its warnings. */
const errors: string[] = []
const warnings: string[] = []
/** Requests the site answered with an error status (the favicon, a chunk …). */
const failed: string[] = []

/** Whether React has taken the element over (its props are on it once hydrated). */
const hydrated = (selector: string) => page.locator(selector).first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))

// `next build` under a loaded two-core machine takes minutes (once: later runs reuse it while the
// example, dist/ and Next.js are unchanged), so this hook has more room than the suite's default.
beforeAll(async () => {
  ;[sandbox, build] = await Promise.all([startSandbox({ reuseFromEnv: true }), buildNextSite()])
  site = await startNextSite(sandbox.url)
  devWallet = await (await fetch(`${sandbox.url}/dev-wallet.js`)).text()
  browser = await launchChromium()
  ;({ context, blocked } = await newLoopbackContext(browser, { viewport: { width: 1280, height: 800 } }))
  await context.addInitScript({ content: devWallet })
  page = await context.newPage()
  page.setDefaultTimeout(20_000)
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
    // A failed request is logged without its URL: `failed` names it.
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) errors.push(message.text())
  })
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
  })
}, 900_000)

// Each test answers for its own page loads.
beforeEach(() => {
  for (const list of [errors, warnings, failed]) list.length = 0
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await site?.stop()
  await sandbox?.stop()
})

describe('a Next.js App Router site (issue 50)', () => {
  it('next build compiled the server components that render Portico (no telemetry, nothing fetched)', () => {
    // Reused builds print nothing; a fresh one says which bundler ran and that every page was generated.
    if (build.built) expect(build.output).toMatch(/Next\.js 16\.4\.6 \(Turbopack\)[\s\S]*Compiled successfully/)
    expect(build.output).not.toMatch(/telemetry/i)
  })

  it('a first-time visitor: the buttons are in the server HTML; the page hydrates with no warning; the visitor connects', async () => {
    const html = await (await fetch(site.url)).text()
    expect(html).toMatch(/<button[^>]*portico-page-button--connect[^>]*>[\s\S]*?Connect Wallet/)
    expect(html).toContain('portico-page-button--network')
    expect(html).toContain('Not connected')

    await page.goto(site.url)
    const connect = page.locator('button.portico-page-button--connect')
    await expect.poll(() => hydrated('button.portico-page-button--connect')).toBe(true)
    expect(await connect.textContent()).toBe('Connect Wallet')
    await connect.click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => connect.textContent()).toMatch(/0x[0-9a-fA-F]{4}…/)
    await expect.poll(() => page.getByTestId('account-status').textContent()).toMatch(/^Connected: 0x[0-9a-fA-F]{40}$/)
    // The kernel wrote the restore cookie the layout reads on the next visit.
    expect(await page.evaluate(() => document.cookie)).toMatch(/portico\.restore=eip155=/)
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    expect(failed).toEqual([])
    expect(blocked).toEqual([])
  })

  it("a returning visitor: the server's HTML and the first paint show their account (busy), hydration logs nothing, and the wallet confirms it without \"Connecting…\" or \"Connect Wallet\" ever showing", async () => {
    // The account the first visit connected, as the page reports it.
    const address = /^Connected: (0x[0-9a-fA-F]{40})$/.exec((await page.getByTestId('account-status').textContent()) ?? '')?.[1]
    expect(address).toBeDefined()
    const short = `${address!.slice(0, 6)}…${address!.slice(-4)}`
    // The cookie holds it (CAIP-10), as the layout reads it.
    expect(decodeURIComponent(await page.evaluate(() => document.cookie))).toContain(`:eip155:31337:${address}`)
    await context.addInitScript(() => {
      const w = window as unknown as { labels: string[] }
      w.labels = []
      // What the button says from the first paint: the server's HTML as parsed, then every change.
      const record = () => {
        const button = document.querySelector('button.portico-page-button--connect')
        const text = button ? `${button.getAttribute('aria-busy') === 'true' ? 'busy ' : ''}${button.textContent}` : ''
        if (text && w.labels[w.labels.length - 1] !== text) w.labels.push(text)
      }
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
    })
    const response = await page.reload()
    const html = (await response?.text()) ?? ''
    // The server rendered the account, busy, with no balance (none is known yet).
    const button = /<button[^>]*portico-page-button--connect[^>]*>[\s\S]*?<\/button>/.exec(html)?.[0] ?? ''
    expect(button).toContain('aria-busy="true"')
    expect(button).toContain(short)
    expect(button).not.toContain('portico-page-button__balance')
    expect(html).toContain(`Restoring: ${address}`)
    expect(html).not.toContain('Connect Wallet')
    expect(html).not.toContain('Connecting…')
    const connect = page.locator('button.portico-page-button--connect')
    // Confirmed: no longer busy, the account (with its balance once fetched).
    await expect.poll(() => connect.getAttribute('aria-busy')).toBe(null)
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe(`Connected: ${address}`)
    expect(await connect.textContent()).toContain(short)
    const labels = await page.evaluate(() => (window as unknown as { labels: string[] }).labels)
    // The first paint is the server's account, busy; every label after it shows the account; never "Connecting…" or "Connect Wallet".
    expect(labels[0]).toBe(`busy ${short}`)
    expect(labels.every((label) => label.includes(short))).toBe(true)
    expect(labels.at(-1)).not.toMatch(/^busy /)
    expect(labels.filter((label) => /Connecting…|Connect Wallet/.test(label))).toEqual([])
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    expect(failed).toEqual([])
    expect(blocked).toEqual([])
  })
})
