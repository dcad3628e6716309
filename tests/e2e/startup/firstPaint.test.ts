// Issue 27 in a real browser: an EVM site built from dist/ as a site owner's bundler builds it
// (the startup bench's page). A first-time visitor gets the buttons and nothing else: no kernel,
// no modal code, no request to any server; reaching for the button loads the kernel and the modal
// (still asking nothing); the click opens the Connect view; a returning visitor never sees
// "Connect Wallet" on the way to their account. The page links no stylesheet and sends a strict
// CSP: the buttons' styles come with portico/react, the modal's with its chunk (issue 50).
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildStartupPages, startupPageHtml } from '../../../scripts/bench/startupBench.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let browser: Browser
let sandbox: TestSandbox
let server: Server
let base = ''
let devWallet = ''

/** What a strict site sends: no 'unsafe-inline' for styles. */
const strictCsp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*"

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const { out } = await buildStartupPages(sandbox.url)
  devWallet = await (await fetch(`${sandbox.url}/dev-wallet.js`)).text()
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path === '/site.html') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': strictCsp }).end(startupPageHtml('/site/main.js'))
    const file = join(out, path.replace(/\.\./g, ''))
    try {
      const body = readFileSync(file)
      response.writeHead(200, { 'content-type': extname(file) === '.css' ? 'text/css' : 'text/javascript; charset=utf-8' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  server?.close()
  await sandbox?.stop()
})

/** A visitor's page: what it fetched from the site and asked the Portico server, and every text the connect button showed. */
async function visit(context: BrowserContext): Promise<{ page: Page; scripts: string[]; styles: string[]; api: string[] }> {
  await context.addInitScript({ content: devWallet })
  await context.addInitScript({ content: `window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI))` })
  await context.addInitScript({
    content: `window.__texts = []; new MutationObserver(() => { const b = document.querySelector('button.portico-page-button--connect'); if (b && window.__texts.at(-1) !== b.textContent) window.__texts.push(b.textContent) }).observe(document, { subtree: true, childList: true, characterData: true })`,
  })
  const scripts: string[] = []
  const styles: string[] = []
  const api: string[] = []
  context.on('request', (r) => {
    const url = new URL(r.url())
    if (url.origin === base && url.pathname.endsWith('.js')) scripts.push(url.pathname)
    if (r.resourceType() === 'stylesheet') styles.push(url.href)
    if (url.origin === sandbox.url && url.pathname !== '/dev-wallet.js') api.push(url.pathname)
  })
  const page = await context.newPage()
  await page.goto(`${base}/site.html`)
  return { page, scripts, styles, api }
}

/** The connect button's look, the stylesheets the page adopted and linked, and the CSP violations so far. */
const styling = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector('button.portico-page-button--connect') as HTMLElement
    const look = getComputedStyle(button)
    return { background: look.backgroundColor, radius: look.borderRadius, adopted: document.adoptedStyleSheets.length, linked: document.styleSheets.length, violations: (window as unknown as { __violations: string[] }).__violations }
  })

const loaded = (scripts: string[], name: string) => scripts.some((path) => path.split('/').pop()?.startsWith(`${name}-`))

describe('the first paint of an EVM site (issue 27)', () => {
  it('a first-time visitor: the buttons, no kernel, no modal, no request; hover loads them, the click opens Connect', async () => {
    const { context } = await newLoopbackContext(browser, { viewport: { width: 1280, height: 800 } })
    const { page, scripts, api } = await visit(context)
    const connect = page.locator('button.portico-page-button--connect')
    await expect.poll(() => connect.textContent()).toBe('Connect Wallet')
    expect(await page.locator('button.portico-page-button--network .portico-page-button__label').textContent()).toBe('Portico Devnet A')
    // The network has been quiet for a while (Playwright's 'networkidle'): a start-time load would have begun by now.
    await page.waitForLoadState('networkidle')
    // The modal and its views come in the UI's chunk (uiModule).
    for (const lazy of ['createPorticoKernel', 'uiModule', 'setupEip155']) expect(loaded(scripts, lazy), lazy).toBe(false)
    expect(api).toEqual([])

    await connect.hover()
    await expect.poll(() => ['createPorticoKernel', 'uiModule', 'setupEip155'].filter((name) => !loaded(scripts, name))).toEqual([])
    // The kernel asks nothing until the modal opens (the network quiet again after its load).
    await page.waitForLoadState('networkidle')
    expect(api).toEqual([])

    await connect.click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).toBe('Connect Wallet')
    // The project's remote features come with the first open, not at page start (docs/architecture.md, "Start-time duties").
    await expect.poll(() => api.includes('/appkit/v1/config')).toBe(true)
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => connect.textContent(), { timeout: 20_000 }).toMatch(/0x[0-9a-fA-F]{4}…/)

    // Returning: the stored connection loads the kernel at once; "Connect Wallet" never shows.
    await page.reload()
    await expect.poll(() => connect.textContent(), { timeout: 20_000 }).toMatch(/0x[0-9a-fA-F]{4}…/)
    const texts = await page.evaluate(() => (window as unknown as { __texts: string[] }).__texts)
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    expect(texts[0]).toContain('Connecting…')
    await context.close()
  })

  it("its CSS: the first paint adopts only the page buttons' stylesheet, under a strict CSP; reaching for the button adds the modal's", async () => {
    const { context } = await newLoopbackContext(browser, { viewport: { width: 1280, height: 800 } })
    const { page, styles } = await visit(context)
    const connect = page.locator('button.portico-page-button--connect')
    await expect.poll(() => connect.textContent()).toBe('Connect Wallet')
    // Styled at first paint (the theme's --portico-accent-strong, a pill), from one adopted sheet, no stylesheet fetched, nothing blocked.
    expect(await styling(page)).toEqual({ background: 'rgb(51, 82, 255)', radius: '999px', adopted: 1, linked: 0, violations: [] })
    await connect.hover()
    await expect.poll(async () => (await styling(page)).adopted).toBe(2)
    await connect.click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).toBe('Connect Wallet')
    // The modal is laid out by its own piece: the dialog the width the spec gives, over a fixed overlay.
    expect(await dialog.evaluate((element) => [getComputedStyle(element).width, getComputedStyle(element.parentElement as HTMLElement).position])).toEqual(['360px', 'fixed'])
    expect(styles).toEqual([])
    expect((await styling(page)).violations).toEqual([])
    await context.close()
  })

  it('a keyboard visitor: focusing the button loads the kernel; Enter opens the modal', async () => {
    const { context } = await newLoopbackContext(browser, { viewport: { width: 390, height: 844 } })
    const { page, scripts } = await visit(context)
    await expect.poll(() => page.locator('button.portico-page-button--connect').textContent()).toBe('Connect Wallet')
    expect(loaded(scripts, 'createPorticoKernel')).toBe(false)
    await page.locator('button.portico-page-button--connect').focus()
    await expect.poll(() => loaded(scripts, 'createPorticoKernel')).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('dialog').getByRole('heading', { level: 2 }).textContent()).toBe('Connect Wallet')
    await context.close()
  })
})
