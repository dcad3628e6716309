// The embedded wallet's e2e kit (tests/e2e/auth, issue 49): what the auth files do again and again,
// written once. A visitor logs in by email (the code read from the sandbox's mailbox), approves on
// the wallet frame's own screen, sends from the Account view, and ends with the page's CSP /
// page-error / loopback check. Every wait that can fail says what the modal and the frame showed.
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { parseEther, type Address, type PublicClient } from 'viem'
import { expect } from 'vitest'
import { sandboxPageCsp } from '../../../sandbox/registerSandboxPages.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import { pressSendDone } from '../../helpers/sendSuccess.js'
import { serveTestSite, type TestSite } from '../../helpers/serveTestSite.js'

/** What the auth files read of `/sandbox.json`. */
export type SandboxInfo = {
  chains: { caipNetworkId: string; nodeUrl: string; tokens?: { address: Address; symbol: string }[]; accountAbstraction?: { factory: Address; entryPoint: Address } }[]
  auth: { walletOrigin: string }
}

/** A visitor's context and page: 20 s per wait, motion reduced (no auth test checks motion). */
export async function openVisitor(contextOptions: BrowserContextOptions = {}): Promise<SandboxPage> {
  const visitor = await openSandboxPage({ contextOptions: { reducedMotion: 'reduce', ...contextOptions } })
  visitor.page.setDefaultTimeout(20_000)
  return visitor
}

export const sandboxInfo = async (sandboxUrl: string) => (await (await fetch(`${sandboxUrl}/sandbox.json`)).json()) as SandboxInfo
export const walletFrame = (page: Page) => page.frameLocator('iframe[title="Portico wallet"]')
const squeeze = (text: string | null | undefined, max = 600) => (text ?? '').replace(/\s+/g, ' ').slice(0, max)

/** What the visitor sees: the modal's view and text, and the wallet frame's screen (for failure messages). */
export async function describeAuthPage(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog')
  const view = (await dialog.count()) ? await dialog.first().getAttribute('data-view', { timeout: 1_000 }).catch(() => '?') : 'closed'
  const modal = view === 'closed' ? '' : squeeze(await dialog.first().innerText({ timeout: 1_000 }).catch(() => ''))
  const frame = squeeze(await walletFrame(page).locator('body').innerText({ timeout: 1_000 }).catch(() => '(no frame)'), 400)
  return `the modal (${view}): ${modal} | the wallet frame: ${frame} | the page: ${squeeze(await page.locator('body').innerText({ timeout: 1_000 }).catch(() => ''), 300)}`
}

/** The demo's main text, one line ("Status connected", "Address 0x…", "Account type EOA", …). */
export const demoText = async (page: Page) => ((await page.locator('main').innerText()) ?? '').replace(/\s+/g, ' ')

/**
 * Signs `login` in on the sandbox's identity provider in `popup`, then waits for the callback page to
 * close it: from before the click (waiting after it missed a close that came first, twice in full runs).
 */
export async function signInAtProvider(popup: Page, login = 'alice'): Promise<void> {
  await popup.waitForSelector('input[name=login]')
  await popup.fill('input[name=login]', login)
  await popup.fill('input[name=password]', 'any password')
  await popup.click('button[type=submit]')
  await popup.waitForSelector('button[type=submit]:has-text("Continue")')
  const closed = popup.waitForEvent('close', { timeout: 20_000 })
  await popup.click('button[type=submit]')
  await explainFailure(closed, async () => `The popup: ${popup.isClosed() ? 'closed' : `${popup.url()}: ${(await popup.textContent('body').catch(() => '')) ?? ''}`}`)
}

/** `wait`, explained with {@link describeAuthPage} when it fails. */
export const step = <T>(page: Page, wait: Promise<T>) => explainFailure(wait, () => describeAuthPage(page))

/**
 * Opens the modal (`open`: the page's Connect button) and asks for a code for `email`, pressing
 * Continue again every 5 s until the code entry shows (the server sends one code per email every
 * 30 s, and each start counts against its 20 per IP per hour). Returns the code from the mailbox.
 */
export async function startEmailLogin(page: Page, sandboxUrl: string, email: string, open: Locator = page.getByRole('button', { name: 'Connect Wallet' }).first()): Promise<string> {
  const dialog = page.getByRole('dialog')
  const before = (await mailbox(sandboxUrl))[0]?.id ?? 0
  await open.click()
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  const codeEntry = dialog.getByRole('heading', { name: 'Enter the code' })
  await step(
    page,
    expect
      .poll(
        async () => {
          if ((await codeEntry.count()) > 0) return 1
          await dialog.getByRole('button', { name: 'Continue', exact: true }).click({ timeout: 2_000 }).catch(() => undefined)
          // A refused start ("Try again in N s") is asked again after this wait.
          await codeEntry.waitFor({ timeout: 5_000 }).catch(() => undefined)
          return codeEntry.count()
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(1),
  )
  return (await mailedCode(sandboxUrl, email, { afterId: before })).code
}

/** Types `code` into the code entry (it submits at six digits; Verify when it is still offered). */
export async function enterCode(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code)
  const verify = dialog.getByRole('button', { name: 'Verify' })
  if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
}

/** Logs `email` in: {@link startEmailLogin}, {@link enterCode}, and the modal closed. */
export async function emailLogin(page: Page, sandboxUrl: string, email: string, open?: Locator): Promise<void> {
  await enterCode(page, await startEmailLogin(page, sandboxUrl, email, open))
  await step(page, expect.poll(() => page.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0))
}

/**
 * The visitor's own click on `name` in the wallet frame's approval screen, again until `done`
 * (by default: the screen went). The frame turns clicks away in its first 600 ms on screen, and
 * Chromium drops input to a cross-origin frame that just moved (it follows the modal's slide).
 * `frame`: another page's own frame of the wallet (default: the one the auth plugin embeds).
 */
export async function pressInFrame(page: Page, name: string, done?: () => Promise<boolean>, frame = walletFrame(page)): Promise<void> {
  const screen = frame.locator('#portico-approval')
  const finished = done ?? (async () => (await screen.count()) === 0)
  // The request reaches the frame after the click that asked for it: wait for its screen first.
  if (!done) await step(page, expect.poll(() => screen.count(), { timeout: 30_000 }).toBeGreaterThan(0))
  await step(
    page,
    expect
      .poll(
        async () => {
          if (!(await finished())) await frame.getByRole('button', { name }).click({ timeout: 2_000 }).catch(() => undefined)
          return finished()
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true),
  )
}

/** The approval screen's text once its fee is in (the chain's or the bundler's answer). */
export async function approvalScreen(page: Page): Promise<string> {
  const screen = walletFrame(page).locator('#portico-approval')
  await step(page, expect.poll(async () => squeeze(await screen.innerText().catch(() => ''), 2_000), { timeout: 30_000 }).toMatch(/Estimated fee\s*(up to|unknown)/))
  return squeeze(await screen.innerText(), 2_000)
}

/** Pays `amount` (of `token`, else the native coin) to `caipAddress` from the sandbox's faucet. */
export async function faucet(sandboxUrl: string, caipAddress: string, amount: string, token?: Address): Promise<void> {
  const answer = await fetch(`${sandboxUrl}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress, amount, ...(token ? { token } : {}) }) })
  expect(answer.status, await answer.clone().text()).toBe(200)
}

/**
 * Sends 0.01 ETH from the Account view (opened with `account`, the header's button) to `receiver`,
 * approves on the frame's screen and waits for the receiver's balance on `rpc` and the success
 * screen's Done; returns what the approval screen showed.
 */
export async function sendFromAccount(page: Page, account: Locator, rpc: Pick<PublicClient, 'getBalance'>, receiver: Address): Promise<string> {
  const dialog = page.getByRole('dialog')
  if ((await dialog.count()) === 0) await account.click()
  await step(page, expect.poll(() => dialog.getAttribute('data-view')).toBe('Account'))
  await step(page, expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toMatch(/1(\.0+)? ETH/))
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await chooseSendToken(dialog, 'ETH')
  await dialog.getByLabel('Amount').fill('0.01')
  await dialog.getByLabel('Receiver address').fill(receiver)
  await dialog.getByRole('button', { name: 'Preview Send' }).click()
  await step(page, expect.poll(() => dialog.getAttribute('data-view')).toBe('WalletSendPreview'))
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  // The frame asks the visitor on its own screen, over the modal.
  await step(page, expect.poll(() => dialog.getAttribute('data-view'), { timeout: 20_000 }).toBe('ApproveTransaction'))
  const screen = await approvalScreen(page)
  await pressInFrame(page, 'Approve the transaction')
  await step(page, expect.poll(() => rpc.getBalance({ address: receiver }), { timeout: 60_000 }).toBe(parseEther('0.01')))
  await pressSendDone(page)
  await step(page, expect.poll(() => dialog.getAttribute('data-view'), { timeout: 20_000 }).toBe('Account'))
  return screen
}

/** The page and each of its frames recorded no CSP violation; no page error; nothing beyond 127.0.0.1. */
export async function expectClean(visitor: SandboxPage): Promise<void> {
  const violations: string[] = []
  for (const frame of visitor.page.frames()) violations.push(...(await frame.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => [])))
  expect(violations).toEqual([])
  expect(visitor.pageErrors).toEqual([])
  expect(visitor.blocked).toEqual([])
}

/**
 * The test shop (tests/e2e/auth/approvalSite: eip155, solana and auth, the page's Connect button and
 * `window.site`) on a loopback port of its own, under the sandbox's strict page policy widened to
 * the sandbox's ports and the wallet frame; `url` carries its endpoints.
 */
export async function serveShop(sandboxUrl: string, info: SandboxInfo): Promise<TestSite & { url: string }> {
  const csp = `${sandboxPageCsp.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*").replace("img-src 'self' data:", "img-src 'self' data: http://127.0.0.1:*")}; frame-src ${info.auth.walletOrigin}`
  const site = await serveTestSite({ entry: 'tests/e2e/auth/approvalSite/main.tsx', title: 'A shop', csp })
  const solana = info.chains.find((c) => c.caipNetworkId.startsWith('solana:'))!
  const query = new URLSearchParams({
    api: sandboxUrl,
    rpc: info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl,
    solanaRef: solana.caipNetworkId.split(':')[1]!,
    solanaRpc: solana.nodeUrl,
    wallet: info.auth.walletOrigin,
  })
  return { ...site, url: `${site.origin}/?${query}` }
}

type FrameAnswer = { id?: number; event?: string; result?: unknown; error?: { code: string; message?: string; data?: { attemptsLeft?: number } } }

/**
 * A script of `page` connects to the wallet frame as the auth plugin does (its own port over
 * postMessage): the frame `frame` (a selector), or one it embeds itself at `{ src }`. Resolves with
 * the frame's first event (`'ready'`; `'no answer in 5 s'` when refused). Then {@link askWallet}
 * asks on that port and `window.__wallet.received` holds every message the port got.
 */
export function connectToWalletFrame(page: Page, walletOrigin: string, frame: string | { src: string }): Promise<string> {
  return page.evaluate(
    async ({ walletOrigin, frame }) => {
      let iframe = typeof frame === 'string' ? (document.querySelector(frame) as HTMLIFrameElement) : document.createElement('iframe')
      if (typeof frame !== 'string') {
        iframe.title = 'A frame of the page'
        await new Promise((resolve) => {
          iframe.addEventListener('load', resolve, { once: true })
          iframe.src = frame.src
          document.body.append(iframe)
        })
      }
      const channel = new MessageChannel()
      const received: FrameAnswer[] = []
      const waiting = new Map<number, (answer: FrameAnswer) => void>()
      let next = 1000
      const ready = new Promise<string>((resolve) => {
        channel.port1.onmessage = (event: MessageEvent<FrameAnswer>) => {
          received.push(event.data)
          if (event.data.event) resolve(event.data.event)
          if (typeof event.data.id === 'number') waiting.get(event.data.id)?.(event.data)
        }
        setTimeout(() => resolve('no answer in 5 s'), 5_000)
      })
      const ask = (method: string, params?: unknown) =>
        new Promise<FrameAnswer>((resolve) => {
          const id = next++
          waiting.set(id, resolve)
          channel.port1.postMessage({ id, method, ...(params === undefined ? {} : { params }) })
        })
      ;(window as unknown as { __wallet: unknown }).__wallet = { ask, received }
      iframe.contentWindow!.postMessage({ type: 'portico-auth:connect', version: 1 }, walletOrigin, [channel.port2])
      return ready
    },
    { walletOrigin, frame },
  )
}

/** Asks `method` on the port {@link connectToWalletFrame} opened in `page`; the frame's answer. */
export const askWallet = (page: Page, method: string, params?: unknown) =>
  page.evaluate(({ method, params }) => (window as unknown as { __wallet: { ask(method: string, params?: unknown): Promise<FrameAnswer> } }).__wallet.ask(method, params), { method, params })

/** Every message the port of {@link connectToWalletFrame} received so far. */
export const walletReceived = (page: Page) => page.evaluate(() => (window as unknown as { __wallet: { received: FrameAnswer[] } }).__wallet.received)
