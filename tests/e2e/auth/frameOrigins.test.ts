// Which sites may embed the sandbox's wallet frame (issue 44): a developer's own site on any
// loopback origin (http://127.0.0.1:*, http://localhost:*; CSP has no source for [::1]), as the sandbox's API
// accepts them, and nothing else. The frame's header says so; a page served by this test on
// another loopback port embeds the frame and logs in by email through it (the code read from the
// sandbox's mailbox), its wallet signing a message verified here; a page on localhost embeds and
// connects; a page on [::1] is refused (CSP has no source for an IPv6 address); a page on any other origin can
// neither embed the frame nor connect to it.
import { createServer, type Server } from 'node:http'
import type { Frame, Page } from 'playwright-core'
import { type Address, type Hex, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { freeLoopbackPort } from '../../helpers/engines.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailedCode } from '../../helpers/sandboxMail.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { askWallet, connectToWalletFrame, expectClean, openVisitor, pressInFrame } from '../kit/authE2e.js'

type SandboxJson = { auth: { walletOrigin: string } }

let sandbox: TestSandbox
let walletOrigin: string
let frameUrl: string
/** The developer's own site: a plain page on another loopback port (127.0.0.1 and ::1) that embeds the wallet frame. */
const sites: Server[] = []
let sitePort: number

const sitePage = (src: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My dapp</title></head><body><h1>My dapp</h1><iframe id="wallet" title="Wallet" src="${src}"></iframe></body></html>`

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  walletOrigin = ((await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson).auth.walletOrigin
  frameUrl = `${walletOrigin}/auth/v1/frame?projectId=demo`
  sitePort = await freeLoopbackPort()
  // One port on both loopback addresses, so http://localhost:<port> is the site whichever one
  // Chromium picks for the name.
  for (const host of ['127.0.0.1', '::1']) {
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(sitePage(frameUrl))
    })
    await new Promise<void>((resolve, reject) => site.once('error', reject).listen(sitePort, host, resolve))
    sites.push(site)
  }
})

afterAll(async () => {
  for (const site of sites) {
    site.closeAllConnections()
    await new Promise<void>((resolve) => site.close(() => resolve()))
  }
  await sandbox?.stop()
})

/** The wallet frame inside `page` when its document is the frame page (undefined when the browser refused to render it). */
async function loadedFrame(page: Page): Promise<Frame | undefined> {
  const frame = page.frames().find((f) => f.url().startsWith(frameUrl))
  return frame && (await frame.evaluate(() => document.getElementById('portico-frame-config') !== null).catch(() => false)) ? frame : undefined
}

/** Waits until the wallet frame rendered inside `page` (the failure says what the page's frames are). */
async function frameRenders(page: Page): Promise<void> {
  await explainFailure(expect.poll(async () => (await loadedFrame(page)) !== undefined).toBe(true), async () => `frames: ${page.frames().map((f) => f.url()).join(', ')}`)
}

/** Waits for the console's frame-ancestors refusal (`pattern`), then finds no wallet frame rendered. */
async function frameRefused(page: Page, console: string[], pattern: RegExp): Promise<void> {
  await explainFailure(expect.poll(() => console.join('\n')).toMatch(pattern), async () => `console: ${console.join('\n').slice(0, 600)}`)
  expect(await loadedFrame(page)).toBeUndefined()
}

async function asVisitor(act: (visitor: SandboxPage) => Promise<void>): Promise<void> {
  const visitor = await openVisitor()
  try {
    await act(visitor)
    await expectClean(visitor)
  } finally {
    await visitor.close()
  }
}

describe("the sandbox's wallet frame and loopback sites", () => {
  it('names every loopback origin, and nothing else, in the frame\'s frame-ancestors', async () => {
    const csp = (await fetch(frameUrl)).headers.get('content-security-policy') ?? ''
    expect(/frame-ancestors ([^;]+)/.exec(csp)?.[1]?.split(' ')).toEqual(['http://127.0.0.1:*', 'http://localhost:*'])
  })

  it("lets a developer's own site on another loopback port embed it and log in by email: the wallet signs for that site", async () => {
    await asVisitor(async ({ page }) => {
      await page.goto(`http://127.0.0.1:${sitePort}/`)
      await frameRenders(page)
      expect(await connectToWalletFrame(page, walletOrigin, '#wallet')).toBe('ready')
      const email = `dev-site-${Date.now().toString(36)}@example.com`
      const sent = await askWallet(page, 'emailStart', { email })
      expect(sent.error).toBeUndefined()
      const verified = await askWallet(page, 'emailVerify', { code: (await mailedCode(sandbox.url, email)).code })
      expect(verified.error).toBeUndefined()
      const state = verified.result as { user: { email: string }; accounts: { eip155: Address } }
      expect(state.user.email).toBe(email)
      const message = toHex('Signed for a site on another loopback port')
      // The frame asks the visitor on its own screen (issue 48): the visitor clicks Sign in it,
      // again until it takes the click (it turns clicks away in its first 600 ms on screen).
      let settled = false
      const signing = askWallet(page, 'request', { chainId: 'eip155:31337', method: 'personal_sign', params: [message, state.accounts.eip155] }).finally(() => {
        settled = true
      })
      await pressInFrame(page, 'Sign the message', async () => settled, page.frameLocator('#wallet'))
      const signed = await signing
      expect(signed.error).toBeUndefined()
      expect(await verifyMessage({ address: state.accounts.eip155, message: { raw: message }, signature: signed.result as Hex })).toBe(true)
    })
  }, 90_000)

  it('lets a site on localhost (any port) embed it and connect', async () => {
    await asVisitor(async ({ page }) => {
      await page.goto(`http://localhost:${sitePort}/`)
      await frameRenders(page)
      expect(await connectToWalletFrame(page, walletOrigin, '#wallet')).toBe('ready')
      expect((await askWallet(page, 'status')).result).toEqual({})
    })
  }, 60_000)

  it('is not named for [::1] (CSP has no form for IPv6 addresses; Chromium would log an error for one): a site on [::1] is refused, as the guide says', async () => {
    const visitor = await openVisitor()
    try {
      const console: string[] = []
      visitor.page.on('console', (message) => console.push(message.text()))
      await visitor.page.goto(`http://[::1]:${sitePort}/`)
      await frameRefused(visitor.page, console, /violates the following Content Security Policy directive: "frame-ancestors http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*"/)
    } finally {
      await visitor.close()
    }
  }, 60_000)
})

describe('the wallet frame refuses other sites', () => {
  it('cannot be embedded by another origin, nor connected to from one', async () => {
    // A page on an origin that is not loopback, answered by this test (nothing leaves the machine).
    // Chromium's local-network checks would stop its frame request before the frame's own policy
    // could: they are off here, so what refuses it is frame-ancestors (the console says so).
    const browser = await launchChromium(['--disable-features=LocalNetworkAccessChecks'])
    try {
      const { context, blocked } = await newLoopbackContext(browser)
      const page = await context.newPage()
      const console: string[] = []
      page.on('console', (message) => console.push(message.text()))
      const stranger = 'http://stranger.example'
      await context.route(`${stranger}/stranger`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: sitePage(frameUrl) }))
      await page.goto(`${stranger}/stranger`)
      await frameRefused(page, console, /Framing '[^']+' violates the following Content Security Policy directive: "frame-ancestors /)
      // Opened as a window (frame-ancestors does not apply), it ignores the stranger's connect. The
      // frame decides in its message listener, at once: a listener of the test's, added after it,
      // posts a marker on the port the stranger sent, behind the 'ready' an accepted connect posts first.
      const [win] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void ((window as unknown as { win: Window | null }).win = window.open(url, 'w', 'popup')), frameUrl)])
      await win.waitForLoadState()
      await win.evaluate(() => window.addEventListener('message', (event) => event.ports[0]?.postMessage({ marker: true })))
      const answers = await page.evaluate(async (url) => {
        const channel = new MessageChannel()
        const answers: unknown[] = []
        const marked = new Promise<void>((resolve) => {
          channel.port1.onmessage = (event) => ((event.data as { marker?: boolean }).marker ? resolve() : answers.push(event.data))
        })
        ;(window as unknown as { win: Window }).win.postMessage({ type: 'portico-auth:connect', version: 1 }, new URL(url).origin, [channel.port2])
        channel.port1.postMessage({ id: 1, method: 'status' })
        await Promise.race([marked, new Promise((_, reject) => setTimeout(() => reject(new Error('the window never got the connect')), 10_000))])
        return answers
      }, frameUrl)
      await win.close()
      expect(answers).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)
})
