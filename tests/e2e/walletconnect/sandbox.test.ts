// Issue 5, acceptance 1, 2 and 4 against `npm start`: the demo site in real Chromium, a visitor
// found by roles and accessible names; a real sign-client wallet in Node pairs through the
// sandbox's relay; then the sandbox's own `/wallet` page does the same by hand, on a desktop and, as
// a phone wallet app that switches back (issue 53: the demo's `metadata.redirect`), on two phones.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { launchChromium } from '../../helpers/chromium.js'
import { copyWalletConnectLink } from '../../helpers/copyWalletConnectLink.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import type { TestWallet } from '../../plugins/walletconnect/helpers/startTestWallet.js'
import { android, armRelayReconnect, demoMessage, iPhone, openVisitor, readSandboxInfo, signOnDemo, startSandboxWallet, type Visitor } from './wcE2e.js'

const { address } = devWalletAccount

/** Records every text the header shows, from the first paint (to prove no "Connect Wallet" flash). */
const recordHeader = `window.__headerTexts = [];
new MutationObserver(() => {
  const nav = document.querySelector('nav[aria-label="Wallet"]');
  if (nav) window.__headerTexts.push(nav.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });`

let sandbox: TestSandbox
let info: SandboxInfo
let browser: Browser
let visitor: Visitor
let page: Page
let wallet: TestWallet

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  info = await readSandboxInfo(sandbox.url)
  wallet = await startSandboxWallet(info, 'Node Test Wallet')
  visitor = await openVisitor(browser, sandbox.url)
  page = visitor.page
})

afterAll(async () => {
  await visitor?.context.close()
  await browser?.close()
  await wallet?.stop()
  await sandbox?.stop()
})

const headerOf = (p: Page) => p.getByRole('navigation', { name: 'Wallet' })
const statusOf = (p: Page) => p.getByTestId('account-status')
const waitForAddress = (locator: Locator) => expect.poll(() => locator.textContent()).toContain('0xf39F…2266')

/** The Node wallet pairs from the demo's "Copy link"; the page shows the account, the modal closed. */
async function pairNodeWallet(): Promise<void> {
  await wallet.pair(await copyWalletConnectLink(page))
  await waitForAddress(headerOf(page))
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
}

describe('WalletConnect on the demo site with a Node sign-client wallet (issue 5, acceptance 1)', () => {
  it('"Copy link" gives the wallet a URI; it approves both devnets and the page shows the address', async () => {
    await page.goto(sandbox.url)
    await pairNodeWallet()
    expect(await statusOf(page).textContent()).toBe('connected')
    expect(await page.getByText(`eip155:31337:${address}`, { exact: true }).count()).toBe(1)
    await headerOf(page).getByRole('button', { name: /Portico Devnet A/ }).waitFor()

    // The proposal asked for both devnets; the session holds exactly what the wallet approved.
    expect(wallet.proposals).toHaveLength(1)
    const proposal = wallet.proposals[0]!.params
    const asked = [...(proposal.requiredNamespaces.eip155?.chains ?? []), ...(proposal.optionalNamespaces?.eip155?.chains ?? [])]
    expect(asked).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:31338']))
    const session = wallet.client.session.get(wallet.topic())
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`, `eip155:31338:${address}`])
    expect(session.peer.metadata.name).toBe('Portico demo dApp')
  })

  it('a message signed from the page is signed by the wallet and verifies with viem', async () => {
    await signOnDemo(page, address)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })
    expect(wallet.failures).toEqual([])
  })

  it("the wallet's chainChanged to 31338 moves the page to Portico Devnet B, and requests follow", async () => {
    await wallet.client.emit({ topic: wallet.topic(), event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31338' })
    await headerOf(page).getByRole('button', { name: /Portico Devnet B/ }).waitFor()
    expect(await page.getByText(`eip155:31338:${address}`, { exact: true }).count()).toBe(1)
    await signOnDemo(page, address)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31338' })
  })

  it('the relay restarts mid-session and the next request still succeeds', async () => {
    const before = wallet.requests.length
    const sockets: string[] = []
    const onSocket = (ws: { url(): string }) => void sockets.push(ws.url())
    page.on('websocket', onSocket)
    const reconnected = await armRelayReconnect(page, wallet)
    const restarted = await fetch(`${sandbox.url}/sandbox/restart-relay`, { method: 'POST' })
    expect(await restarted.json()).toEqual({ restarted: true })
    await reconnected()
    await signOnDemo(page, address)
    expect(wallet.requests.length).toBe(before + 1)
    // The restart really dropped the page's connection: it opened a new one to the relay.
    expect(sockets.some((url) => url.includes('/relay'))).toBe(true)
    page.off('websocket', onSocket)
  })

  it('the wallet disconnects: the page shows "Connect Wallet" again', async () => {
    await wallet.client.disconnect({ topic: wallet.topic(), reason: { code: 6000, message: 'User disconnected.' } })
    await headerOf(page).getByRole('button', { name: 'Connect Wallet' }).waitFor()
    expect(await statusOf(page).textContent()).toBe('disconnected')
    expect(await page.getByRole('button', { name: `Sign "${demoMessage}"` }).count()).toBe(0)
  })

  it('connects again; after a reload the live session is restored with no prompt and no new proposal', async () => {
    await pairNodeWallet()
    expect(wallet.proposals.length).toBe(2)

    await page.addInitScript({ content: recordHeader })
    await page.reload()
    await waitForAddress(headerOf(page))
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await statusOf(page).textContent()).toBe('connected')
    expect(wallet.proposals.length).toBe(2)
    const seen = await page.evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    // The restored session is live: a request reaches the wallet and is answered.
    await signOnDemo(page, address)
  })

  it('disconnecting from the page ends the session at the wallet too', async () => {
    const topic = wallet.topic()
    const deleted = new Promise<string>((resolve) => wallet.client.once('session_delete', (event) => resolve(event.topic)))
    await headerOf(page).getByRole('button', { name: /0xf39F…2266/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
    await headerOf(page).getByRole('button', { name: 'Connect Wallet' }).waitFor()
    expect(await deleted).toBe(topic)
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.errors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})

describe("the demo site's link pasted into the sandbox's /wallet page (issue 5, acceptance 2; issue 53 on phones)", () => {
  // A fresh visitor each (its own storage), the wallet page in a context of its own beside it.
  it.each([
    ['a desktop', undefined],
    ['an iPhone', iPhone],
    ['an Android phone', android],
  ] as const)('on %s: connects the demo, a message approved on /wallet verifies (a phone wallet returns to the demo’s metadata.redirect after each answer)', async (_device, phone) => {
    const blocked: string[] = []
    const [demoSide, walletSide] = [await openVisitor(browser, sandbox.url, phone, blocked), await openVisitor(browser, sandbox.url, phone, blocked)]
    const [demo, walletPage] = [demoSide.page, walletSide.page]
    const sessions = walletPage.getByRole('region', { name: 'Sessions' })
    const returnLink = walletPage.getByRole('link', { name: 'Return to Portico demo dApp' })
    try {
      await walletPage.goto(`${sandbox.url}/wallet`)
      await expect.poll(() => walletPage.getByRole('status').textContent()).toMatch(/^Ready/)
      await demo.goto(sandbox.url)
      await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(await copyWalletConnectLink(demo))
      await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
      const proposal = walletPage.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: 'Portico demo dApp wants to connect' })
      await proposal.waitFor()
      expect(await proposal.getByText(/eip155:31337, eip155:31338/).count()).toBeGreaterThan(0)
      await proposal.getByRole('button', { name: 'Approve' }).click()
      // The redirect the site set, as the wallet received it in the session's metadata (no return yet: /wallet without `return`).
      if (phone) expect(await returnLink.getAttribute('href')).toBe(`${sandbox.url}/`)
      await expect.poll(() => statusOf(demo).textContent()).toBe('connected')
      if (!phone) await waitForAddress(headerOf(demo))
      await expect.poll(() => demo.getByRole('dialog').count()).toBe(0)
      await sessions.getByRole('article', { name: 'Portico demo dApp' }).waitFor()

      // A phone wallet app switches back by itself: /wallet?return=auto (the session restored from its storage).
      if (phone) {
        await walletPage.goto(`${sandbox.url}/wallet?return=auto`)
        await sessions.getByRole('article', { name: 'Portico demo dApp' }).waitFor()
      }
      const signed = signOnDemo(demo, address, phone ? 'tap' : 'click')
      signed.catch(() => undefined) // awaited below; a failure before then must not go unhandled
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'personal_sign from Portico demo dApp' })
      await request.waitFor()
      expect(await request.getByText(demoMessage, { exact: true }).count()).toBe(1)
      await request.getByRole('button', { name: 'Approve' }).click()
      // Its answer sent, a phone wallet opens the site's redirect link.
      if (phone) await expect.poll(() => walletPage.url()).toBe(`${sandbox.url}/`)
      await signed

      if (!phone) {
        // Disconnect on the wallet page: the demo page shows disconnected.
        await sessions.getByRole('button', { name: 'Disconnect Portico demo dApp' }).click()
        await headerOf(demo).getByRole('button', { name: 'Connect Wallet' }).waitFor()
      }
      expect(await demoSide.cspViolations()).toEqual([])
      expect(await walletSide.cspViolations()).toEqual([])
      expect([...demoSide.errors, ...walletSide.errors]).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await demoSide.context.close()
      await walletSide.context.close()
    }
  }, 120_000)
})
