// Issue 7, acceptance 1 against `npm start`: the demo site opened as `/?siwx=required`, in real
// Chromium, the visitor found by roles and accessible names, the real Portico Dev Wallet, and the
// sandbox server verifying sessions with portico/siwx/server behind /siwx.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { SiweMessage } from 'siwe'
import { hexToString, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import { pickNetwork } from '../../helpers/chooseNetwork.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { recordCspViolations as recordCsp } from '../../helpers/openSandboxPage.js'


/**
 * What the wallet receives: the Portico Dev Wallet's provider is frozen, so its EIP-6963
 * announcement is caught first (capture, at the target) and announced again with a provider that
 * records every personal_sign's params, then forwards the call unchanged.
 */
const recordSignRequests = `(() => {
  const announced = new WeakSet();
  const wrappers = new WeakMap();
  window.__signRequests = [];
  const wrap = (provider) => {
    if (wrappers.has(provider)) return wrappers.get(provider);
    const wrapper = Object.freeze({
      isPorticoDevWallet: true,
      request: (args) => {
        if (args && args.method === 'personal_sign') window.__signRequests.push(args.params);
        return provider.request(args);
      },
      on: (event, listener) => (provider.on(event, listener), wrapper),
      once: (event, listener) => (provider.once(event, listener), wrapper),
      removeListener: (event, listener) => (provider.removeListener(event, listener), wrapper),
      off: (event, listener) => (provider.off(event, listener), wrapper),
    });
    wrappers.set(provider, wrapper);
    return wrapper;
  };
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = event.detail;
    if (!detail || announced.has(detail) || !detail.info || detail.info.rdns !== 'dev.portico.wallet') return;
    event.stopImmediatePropagation();
    const again = Object.freeze({ info: detail.info, provider: wrap(detail.provider) });
    announced.add(again);
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: again }));
  }, true);
})()`

type ServerSessions = {
  signedIn: boolean
  sessions: { id: string; data: { chainId: string; accountAddress: string; nonce: string; domain: string }; message: string; signature: Hex }[]
}

let sandbox: TestSandbox
let browser: Browser
let context: BrowserContext
let blocked: string[] = []
let page: Page
let host: string
const pageErrors: string[] = []
/** Every nonce the server issued to this browser (GET /siwx/nonce). */
const issuedNonces: string[] = []

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  host = new URL(sandbox.url).host
  ;({ context, blocked } = await newLoopbackContext(browser))
  context.setDefaultTimeout(20_000)
  await context.addInitScript({ content: recordCsp })
  await context.addInitScript({ content: recordSignRequests })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/siwx/nonce' || !response.ok()) return
    const body = (await response.json().catch(() => undefined)) as { nonce?: string } | undefined
    if (body?.nonce) issuedNonces.push(body.nonce)
  })
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const signView = () => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
/** The sign view's "Show message" disclosure (issue 52: the message waits behind it). */
const messageToggle = () => signView().locator('summary', { hasText: 'Show message' })
/** Waits for the sign view's card, its message ready behind "Show message". */
const signViewReady = () => messageToggle().waitFor({ timeout: 20_000 })
/** Opens the disclosure (once) and reads the exact message the wallet will sign. */
async function shownMessage(): Promise<string> {
  const region = signView().getByRole('region', { name: 'Message to sign' })
  if (!(await region.isVisible())) await messageToggle().click()
  await region.waitFor()
  return (await region.textContent()) ?? ''
}
const signRequests = () => page.evaluate(() => (window as unknown as { __signRequests: [Hex, string][] }).__signRequests)
const devWalletChainId = () => page.evaluate(() => (window as unknown as { __porticoDevWallet: { getState(): { chainId: number } } }).__porticoDevWallet.getState().chainId)
const accountStatus = () => page.getByTestId('account-status').textContent()

async function serverSessions(query = ''): Promise<ServerSessions> {
  // The context's own cookie jar: the HttpOnly cookie the server set on /siwx/verify.
  const response = await context.request.get(`${sandbox.url}/siwx/sessions${query}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as ServerSessions
}

/** Esc, then a click on the overlay: each refused close shakes the dialog (the refusal, decided synchronously), which stays. */
async function expectShake(): Promise<void> {
  const dialog = signView()
  for (const refuse of [() => page.keyboard.press('Escape'), () => page.mouse.click(5, 5)]) {
    // The shake ends after constants.modalShakeMs: a second one is then told apart from the first.
    await expect.poll(() => dialog.getAttribute('class')).not.toMatch(/portico-modal--shake/)
    await refuse()
    await expect.poll(() => dialog.getAttribute('class'), { interval: 20 }).toMatch(/portico-modal--shake/)
    expect(await dialog.count()).toBe(1)
  }
}

describe('sign-in required on the demo site, end to end (issue 7, acceptance 1)', () => {
  it('connecting Portico Dev Wallet opens the sign view; Esc on it does not close it (it shakes)', async () => {
    await page.goto(`${sandbox.url}/?siwx=required`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await signViewReady()
    await expect.poll(() => signView().getByRole('button', { name: 'Sign', exact: true }).isEnabled()).toBe(true)
    expect(await accountStatus()).toBe('connected')
    // Issue 52: the header does not look connected before the visitor signs.
    expect(await header().getByRole('button', { name: 'Connecting…' }).count()).toBe(1)
    expect(await header().textContent()).not.toContain('0xf39F…2266')
    await expectShake()
    expect(await signRequests()).toEqual([])
    // Esc being refused is explained (issue 14).
    await expect.poll(() => signView().locator('.portico-siwx__status').textContent()).toContain('This site requires signing in')
  })

  it('shows the message with the address on one line, never broken mid-string', async () => {
    await shownMessage()
    const lines = await signView().locator('pre').evaluate((pre, address) => {
      const node = [...pre.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').includes(address)) as Text
      const start = (node.textContent ?? '').indexOf(address)
      const range = document.createRange()
      range.setStart(node, start)
      range.setEnd(node, start + address.length)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }, devWalletAccount.address)
    expect(lines).toBe(1)
  })

  it('the message parses with siwe: this domain, the account, chain 31337 and a nonce the server issued', async () => {
    const text = await shownMessage()
    const parsed = new SiweMessage(text)
    expect(parsed.domain).toBe(host)
    expect(parsed.address).toBe(devWalletAccount.address)
    expect(parsed.chainId).toBe(31337)
    expect(parsed.uri).toBe(`${sandbox.url}/?siwx=required`)
    expect(parsed.version).toBe('1')
    expect(issuedNonces).toContain(parsed.nonce)
    expect(Math.abs(Date.parse(parsed.issuedAt ?? '') - Date.now())).toBeLessThan(60_000)
  })

  it('Sign: the wallet receives exactly that message, the view closes and the server holds the session', async () => {
    const shown = await shownMessage()
    await signView().getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)

    const requests = await signRequests()
    expect(requests).toHaveLength(1)
    const [hexMessage, address] = requests[0]!
    expect(address.toLowerCase()).toBe(devWalletAccount.address.toLowerCase())
    const received = hexToString(hexMessage)
    // The view shows the message as <pre>: the same text the wallet got.
    expect(received.replace(/\s+/g, ' ')).toBe(shown.replace(/\s+/g, ' '))
    const parsed = new SiweMessage(received)
    expect(parsed.domain).toBe(host)
    expect(parsed.address).toBe(devWalletAccount.address)
    expect(parsed.chainId).toBe(31337)
    expect(issuedNonces).toContain(parsed.nonce)

    const { signedIn, sessions } = await serverSessions()
    expect(signedIn).toBe(true)
    expect(sessions).toHaveLength(1)
    const session = sessions[0]!
    expect(session.message).toBe(received)
    expect(session.data).toMatchObject({ chainId: 'eip155:31337', accountAddress: devWalletAccount.address, nonce: parsed.nonce, domain: host })
    expect(await verifyMessage({ address: devWalletAccount.address, message: received, signature: session.signature })).toBe(true)
    // The nonce is spent: the same message and signature are refused a second time.
    const replay = await context.request.post(`${sandbox.url}/siwx/verify`, { data: { message: received, signature: session.signature } })
    expect(replay.status()).toBe(401)
    await expect.poll(() => header().textContent()).toContain('0xf39F…2266')
  })

  it('after a reload: still signed in, no prompt, no new nonce, nothing sent to the wallet', async () => {
    const nonces = issuedNonces.length
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    // Account's "Signed in" badge shows once the reload's session check found the session valid:
    // the check that would have prompted is over, and it did not.
    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await expect.poll(() => page.getByRole('dialog').getByRole('list', { name: 'Account status' }).textContent()).toBe('Signed in')
    expect(await signView().count()).toBe(0)
    expect(await signRequests()).toEqual([])
    expect(issuedNonces.length).toBe(nonces)
    expect(await accountStatus()).toBe('connected')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('switching to Portico Devnet B prompts for that network', async () => {
    await pickNetwork(page, 'Portico Devnet B')
    await signViewReady()
    await expect.poll(async () => new SiweMessage(await shownMessage()).chainId, { timeout: 20_000 }).toBe(31338)
    const parsed = new SiweMessage(await shownMessage())
    expect(parsed.address).toBe(devWalletAccount.address)
    expect(issuedNonces).toContain(parsed.nonce)
    expect(await devWalletChainId()).toBe(31338)
    await header().getByRole('button', { name: /Portico Devnet B/ }).waitFor()
  })

  it('Cancel goes back to Portico Devnet A, the signed network, still connected and signed in', async () => {
    await signView().getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: /Portico Devnet A/ }).waitFor({ timeout: 20_000 })
    await expect.poll(devWalletChainId).toBe(31337)
    expect(await accountStatus()).toBe('connected')
    expect(await signRequests()).toEqual([])
    const { sessions } = await serverSessions()
    expect(sessions.map((s) => s.data.chainId)).toEqual(['eip155:31337'])
  })

  it('the Account view says the visitor is signed in; disconnect signs out on the server too', async () => {
    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await expect.poll(() => page.getByRole('dialog').getByRole('list', { name: 'Account status' }).textContent()).toBe('Signed in')
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor({ timeout: 20_000 })
    await expect.poll(async () => (await serverSessions()).signedIn).toBe(false)
  })

  it('connecting on Portico Devnet B with no signed network: Esc shakes, Cancel disconnects', async () => {
    await header().getByRole('button', { name: /Portico Devnet/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Portico Devnet B' }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: /Portico Devnet B/ }).waitFor()
    // The visitor also moves the wallet itself to Devnet B (as in an extension's network menu):
    // a wallet on Devnet A connects on Devnet A.
    await page.evaluate(() =>
      (window as unknown as { __porticoDevWallet: { provider: { request(args: unknown): Promise<unknown> } } }).__porticoDevWallet.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    )
    expect(await devWalletChainId()).toBe(31338)

    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await signViewReady()
    await expect.poll(async () => new SiweMessage(await shownMessage()).chainId).toBe(31338)
    expect(await devWalletChainId()).toBe(31338)
    await expectShake()

    await signView().getByRole('button', { name: 'Cancel' }).click()
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor({ timeout: 20_000 })
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await accountStatus()).toBe('disconnected')
    expect(await signRequests()).toEqual([])
    expect((await serverSessions()).signedIn).toBe(false)
  })

  // The sign view's title comes from the UI locale ('siwx.title'), never the raw key.
  it('the sign view is titled "Sign In" (not its locale key)', async () => {
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await signViewReady()
    try {
      expect(await page.getByRole('dialog', { name: 'Sign In' }).count()).toBe(1)
    } finally {
      await signView().getByRole('button', { name: 'Cancel' }).click()
      await header().getByRole('button', { name: 'Connect Wallet' }).waitFor({ timeout: 20_000 })
    }
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
    expect(pageErrors).toEqual([])
    expect(blocked).toEqual([])
  })
})
