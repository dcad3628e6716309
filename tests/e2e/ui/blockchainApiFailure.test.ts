// Issue 6's acceptance 3: a blockchain API that is down, answers 500 or answers malformed JSON.
// The Account view shows the spec's toasts and empty lists, nothing crashes, and the balance is
// not asked again inside the 30 s retry gate (counted at the server and in the browser).
import { createServer, type Server } from 'node:http'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HarnessPage } from './helpers/openHarnessPage.js'
import { account, connectDevWallet, dialog, expectClean, useHarness } from './helpers/useHarness.js'

type Mode = 'stopped' | '500' | 'malformed'

/** A blockchain API we control: supported-chains answers well, the account paths fail per `mode`. */
type FailingApi = { url: string; requests: string[]; close(): Promise<void> }

async function startFailingApi(mode: Mode): Promise<FailingApi> {
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    requests.push(`${req.method} ${path}`)
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...headers, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' })
      return res.end()
    }
    if (path === '/v1/supported-chains') {
      res.writeHead(200, headers)
      return res.end(JSON.stringify({ http: ['eip155:31337', 'eip155:31338'], ws: [] }))
    }
    if (mode === '500') {
      res.writeHead(500, headers)
      return res.end(JSON.stringify({ code: 'internal', message: 'boom' }))
    }
    res.writeHead(200, headers)
    res.end(path.endsWith('/balance') ? '{"balances": [{"name": "Ether", "sym' : '{"data": [ not json')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  // "Stopped": the port was ours a moment ago and now refuses connections.
  if (mode === 'stopped') await close()
  return { url, requests, close: mode === 'stopped' ? async () => undefined : close }
}

const t = useHarness()

const recordToasts = `window.__toasts = [];
  new MutationObserver(() => {
    const region = document.querySelector('[data-portico-toasts]');
    const text = region && region.textContent;
    if (text && window.__toasts[window.__toasts.length - 1] !== text) window.__toasts.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });`

const toasts = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts.slice())
const tab = (page: Page, name: string) => dialog(page).getByRole('tab', { name })
const panelText = (page: Page) => dialog(page).getByRole('tabpanel').textContent()

async function connectAndOpenAccount(page: Page) {
  await connectDevWallet(page)
  await account(page).first().click()
  await page.locator('[role="dialog"][data-view="Account"]').waitFor()
}

describe.each(['500', 'malformed', 'stopped'] as const)('a blockchain API that is %s', (mode) => {
  let api: FailingApi
  let h: HarnessPage
  /** Requests the page sent to the blockchain API's origin (also counts those to a stopped server). */
  const sent: string[] = []

  beforeAll(async () => {
    api = await startFailingApi(mode)
    h = await t.open(`blockchainApi=${encodeURIComponent(api.url)}`, {
      beforeLoad: async (context) => {
        await context.addInitScript({ content: recordToasts })
      },
    })
    h.page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === api.url) sent.push(`${request.method()} ${url.pathname}`)
    })
    // The page's timers run on a clock the test can move on (it flows as real time until then).
    await h.page.clock.install()
  })
  afterAll(async () => {
    await api?.close()
  })
  /**
   * Moves the page's clock `ms` on, firing its timers, then waits until a request the page sends
   * after that has reached `sent`: whatever those timers sent went out before it, on the same channel.
   */
  let marks = 0
  async function timePasses(ms: number) {
    await h.page.clock.runFor(ms)
    const mark = `GET /v1/mark-${++marks}`
    await h.page.evaluate((url) => void fetch(url).catch(() => undefined), `${api.url}${mark.slice(4)}`)
    await expect.poll(() => sent).toContain(mark)
  }

  const balanceRequests = () => sent.filter((r) => r.endsWith('/balance'))
  // What a token-balance fetch costs: the supported-chains list (asked until it answers), then the
  // balance. A stopped server fails at the first, so the balance is never asked.
  const tokenRequests = () => sent.filter((r) => r.endsWith('/balance') || r.endsWith('/supported-chains'))
  const expectedTokenRequests = mode === 'stopped' ? ['GET /v1/supported-chains'] : ['GET /v1/supported-chains', 'GET /v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance']

  it('Tokens: the "Token Balance Unavailable" toast and the empty list', async () => {
    await connectAndOpenAccount(h.page)
    await expect.poll(() => toasts(h.page), { timeout: 8_000 }).toContain('Token Balance Unavailable')
    await expect.poll(() => panelText(h.page)).toContain('No tokens yet')
    expect(tokenRequests()).toEqual(expectedTokenRequests)
    if (mode !== 'stopped') expect(api.requests.filter((r) => r.endsWith('/balance'))).toHaveLength(1)
  })

  it('Activity: the "Failed to fetch transactions" toast and the empty state', async () => {
    await tab(h.page, 'Activity').click()
    await expect.poll(() => toasts(h.page), { timeout: 8_000 }).toContain('Failed to fetch transactions')
    await expect.poll(() => panelText(h.page)).toContain('No activity yet')
    // The open tab refreshes its first page every 3 s, but not after a failure.
    await timePasses(3_500)
    expect(sent.filter((r) => r.endsWith('/history'))).toHaveLength(1)
  })

  it('NFTs: an empty state, no crash', async () => {
    await tab(h.page, 'NFTs').click()
    await expect.poll(() => panelText(h.page), { timeout: 8_000 }).toContain('No NFTs yet')
  })

  it('no second balance request inside 30 s: back to Tokens, and the modal closed and opened again', async () => {
    await tab(h.page, 'Tokens').click()
    await expect.poll(() => panelText(h.page)).toContain('No tokens yet')
    await h.page.keyboard.press('Escape')
    await dialog(h.page).waitFor({ state: 'detached' })
    await account(h.page).first().click()
    await h.page.locator('[role="dialog"][data-view="Account"]').waitFor()
    await expect.poll(() => panelText(h.page)).toContain('No tokens yet')
    // Long enough for a retry or a refresh to have gone out, had there been one.
    await timePasses(500)
    expect(tokenRequests()).toEqual(expectedTokenRequests)
    expect(balanceRequests()).toHaveLength(mode === 'stopped' ? 0 : 1)
    if (mode !== 'stopped') expect(api.requests.filter((r) => r.endsWith('/balance'))).toHaveLength(1)
    expect(sent.filter((r) => r.endsWith('/history'))).toHaveLength(1)
  })

  it('no page error, no CSP violation, nothing beyond 127.0.0.1', async () => {
    await expectClean(h)
  })
})
