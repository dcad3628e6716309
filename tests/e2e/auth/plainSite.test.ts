// Issue 44: the embedded wallet's start-time duty on a plain site (tests/e2e/auth/site: eip155 +
// auth + the Connect button, not the demo), served on its own loopback port against `npm start`'s
// server and wallet origin. A first visit loads no kernel; the visitor logs in by email (the code
// read from the sandbox's mailbox); back later, the stored login reconnects with no click and no
// new code, and the button never offers "Connect Wallet" on the way.
import { createServer, type Server } from 'node:http'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { porticoStylesheet } from '../../../scripts/build/uiStylesheets.mjs'
import { buildTestPage } from '../../helpers/buildTestPage.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; auth: { walletOrigin: string } }
type Mail = { id: number; to: string[]; subject: string; text: string }
type SiteWindow = { site: { kernelLoaded(): boolean; state(): { connections: Record<string, { status: string; connectorId?: string }> } } }

let sandbox: TestSandbox
let info: SandboxJson
let site: Server
let siteUrl = ''
let visitor: SandboxPage
let page: Page
const email = `plain-site-${Date.now().toString(36)}@example.com`

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const built = await buildTestPage({ entry: 'tests/e2e/auth/site/main.tsx' })
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My site</title><link rel="stylesheet" href="/styles.css"><script type="module" src="/main.js"></script></head><body><div id="root"></div></body></html>`
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path === '/') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    if (path === '/styles.css') return void response.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(porticoStylesheet())
    const file = built.read(path)
    if (!file) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': file.contentType }).end(file.body)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const address = site.address()
  const rpc = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/?api=${encodeURIComponent(sandbox.url)}&rpc=${encodeURIComponent(rpc)}&wallet=${encodeURIComponent(info.auth.walletOrigin)}`
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  site?.close()
  await sandbox?.stop()
})

/** The newest login code the sandbox's mailbox holds for `to`. */
async function codeFor(to: string): Promise<string> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const { messages } = (await (await fetch(`${sandbox.url}/sandbox/mail.json`)).json()) as { messages: Mail[] }
      found = messages.find((m) => m.to.includes(to) && /login code/i.test(m.subject))
      return found !== undefined
    }, { timeout: 20_000 })
    .toBe(true)
  const code = /\b(\d{6})\b/.exec(found!.text)?.[1]
  if (!code) throw new Error(`No code in "${found!.subject}"`)
  return code
}

const siteState = () => page.evaluate(() => (window as unknown as SiteWindow).site.state())

describe('the embedded wallet on a plain site (issue 44: a start-time duty)', () => {
  it('a returning visitor logged in by email reconnects with no click and no new code', async () => {
    await page.goto(siteUrl)
    const wallet = page.getByRole('navigation', { name: 'Wallet' })
    await expect.poll(() => wallet.textContent()).toBe('Connect Wallet')
    expect(await page.evaluate(() => (window as unknown as SiteWindow).site.kernelLoaded())).toBe(false)

    // Log in by email.
    await wallet.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor()
    await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeFor(email))
    const verify = dialog.getByRole('button', { name: 'Verify' })
    if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
    await expect.poll(async () => (await siteState()).connections.eip155?.status, { timeout: 30_000 }).toBe('connected')
    // The account button names the login (its email, cut short) for an embedded wallet.
    await expect.poll(() => wallet.textContent()).toContain(email.slice(0, 16))
    const shown = await wallet.textContent()
    const mails = ((await (await fetch(`${sandbox.url}/sandbox/mail.json`)).json()) as { messages: Mail[] }).messages.filter((m) => m.to.includes(email)).length

    // Back later: the stored login loads the kernel at once and the frame says who it is.
    await page.addInitScript(() => {
      ;(window as unknown as { __texts: string[] }).__texts = []
      new MutationObserver(() => {
        const nav = document.querySelector('nav[aria-label="Wallet"]')
        const texts = (window as unknown as { __texts: string[] }).__texts
        if (nav && texts.at(-1) !== nav.textContent) texts.push(nav.textContent ?? '')
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    await expect.poll(() => wallet.textContent(), { timeout: 30_000 }).toBe(shown)
    expect(await dialog.count()).toBe(0)
    expect((await siteState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'AUTH' })
    const texts = await page.evaluate(() => (window as unknown as { __texts: string[] }).__texts)
    expect(texts.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    // No new code was sent.
    expect(((await (await fetch(`${sandbox.url}/sandbox/mail.json`)).json()) as { messages: Mail[] }).messages.filter((m) => m.to.includes(email)).length).toBe(mails)
    expect(visitor.pageErrors).toEqual([])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 120_000)
})
