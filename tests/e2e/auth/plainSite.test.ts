// Issue 44: the embedded wallet's start-time duty on a plain site (tests/e2e/auth/site: eip155 +
// auth + the Connect button, not the demo), served on its own loopback port against `npm start`'s
// server and wallet origin. A first visit loads no kernel; the visitor logs in by email (the code
// read from the sandbox's mailbox); back later, the stored login reconnects with no click and no
// new code, and the button never offers "Connect Wallet" on the way.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import { serveTestSite, type TestSite } from '../../helpers/serveTestSite.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; auth: { walletOrigin: string } }
type SiteWindow = { site: { kernelLoaded(): boolean; state(): { connections: Record<string, { status: string; connectorId?: string }> } } }

let sandbox: TestSandbox
let info: SandboxJson
let site: TestSite
let siteUrl = ''
let visitor: SandboxPage
let page: Page
const email = `plain-site-${Date.now().toString(36)}@example.com`

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  site = await serveTestSite({ entry: 'tests/e2e/auth/site/main.tsx', title: 'My site' })
  const rpc = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl
  siteUrl = `${site.origin}/?api=${encodeURIComponent(sandbox.url)}&rpc=${encodeURIComponent(rpc)}&wallet=${encodeURIComponent(info.auth.walletOrigin)}`
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await site?.close()
  await sandbox?.stop()
})

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
    await dialog.getByRole('textbox', { name: 'Code' }).fill((await mailedCode(sandbox.url, email)).code)
    const verify = dialog.getByRole('button', { name: 'Verify' })
    if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
    await expect.poll(async () => (await siteState()).connections.eip155?.status, { timeout: 30_000 }).toBe('connected')
    // The account button names the login (its email, cut short) for an embedded wallet.
    await expect.poll(() => wallet.textContent()).toContain(email.slice(0, 16))
    const mails = (await mailbox(sandbox.url)).filter((m) => m.to.includes(email)).length

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
    // (The balance beside it may come before or after: only the login is compared.)
    await expect.poll(() => wallet.textContent(), { timeout: 30_000 }).toContain(email.slice(0, 16))
    expect(await dialog.count()).toBe(0)
    expect((await siteState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'AUTH' })
    const texts = await page.evaluate(() => (window as unknown as { __texts: string[] }).__texts)
    expect(texts.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    // No new code was sent.
    expect((await mailbox(sandbox.url)).filter((m) => m.to.includes(email)).length).toBe(mails)
    expect(visitor.pageErrors).toEqual([])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 120_000)
})
