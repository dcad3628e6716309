// Issue 23's acceptance, as visitors of the demo site from `npm start` in real Chromium: email
// code login (the code read from the sandbox's mailbox), a signature verified here in Node, 0.01
// ETH sent on Devnet A, a silent reconnect on reload, the same address in a fresh browser; the
// sandbox's "Google" logging in through the popup; a page script that tries to reach the key and
// fails; wrong codes, a closed popup and a provider error, each with a clear message; and no
// Content-Security-Policy violation in the site, the wallet frame or the popup.
import type { Frame, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { createPublicClient, getAddress, hexToBytes, http, parseEther, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { pressSendDone } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; auth: { walletOrigin: string; identity: string } }

let sandbox: TestSandbox
let info: SandboxJson
let visitor: SandboxPage
let page: Page
const email = `visitor-${Date.now().toString(36)}@example.com`
let eip155Address: Address
/** When the last code for `email` went out: the server sends one per email at most every 30 s. */
let codeSentAt = 0

const dialog = (p: Page = page) => p.getByRole('dialog')

/** The newest login (or email change) code the sandbox's mailbox holds for `to` (after `afterId`). */
const codeFor = (to: string, afterId = 0) => mailedCode(sandbox.url, to, { afterId, subject: /(login|email change) code/i })

async function lastMailId(): Promise<number> {
  return (await mailbox(sandbox.url))[0]?.id ?? 0
}

/** Opens the modal and asks for a code for `address`. */
async function startEmailLogin(p: Page, address: string): Promise<void> {
  await p.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await dialog(p).getByRole('textbox', { name: 'Email' }).fill(address)
  await dialog(p).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(() => dialog(p).getByRole('heading', { name: 'Enter the code' }).count()).toBe(1)
}

async function enterCode(p: Page, code: string): Promise<void> {
  await dialog(p).getByRole('textbox', { name: 'Code' }).fill(code)
  const verify = dialog(p).getByRole('button', { name: 'Verify' })
  if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
}

/** The demo's "Your account" address (the active namespace's). */
async function shownStatus(p: Page): Promise<string> {
  return ((await p.locator('main').innerText()) ?? '').replace(/\s+/g, ' ')
}

/** Every CSP violation recorded in the page and each of its frames. */
async function allViolations(p: Page): Promise<string[]> {
  const out: string[] = []
  for (const frame of p.frames()) out.push(...(await frame.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => [])))
  return out
}

function walletFrame(p: Page): Frame {
  const frame = p.frames().find((f) => f.url().startsWith(`${info.auth.walletOrigin}/auth/v1/frame`))
  if (!frame) throw new Error('The wallet frame is not on the page')
  return frame
}

/**
 * The visitor approves on the wallet frame's own screen (issue 48): the button `name` inside the
 * frame, clicked until the screen goes (the frame turns away clicks in its first 600 ms on screen).
 */
async function approveInFrame(p: Page, name: string): Promise<void> {
  const frame = p.frameLocator('iframe[title="Portico wallet"]')
  // The request reaches the frame after the click that asked for it: wait for the approval to be
  // shown before taking its absence for "approved" (ci of b3d2ebb: under load the first poll ran
  // before the frame drew it, the helper returned at once and the approval waited for a click).
  await explainFailure(
    expect.poll(() => frame.locator('#portico-approval').count(), { timeout: 20_000 }).toBeGreaterThan(0),
    async () => `no approval in the frame: ${(await frame.locator('body').innerText().catch(() => '(none)')).replace(/\s+/g, ' ').slice(0, 400)}`,
  )
  await explainFailure(
    expect
      .poll(
        async () => {
          if ((await frame.locator('#portico-approval').count()) === 0) return 'gone'
          await frame.getByRole('button', { name }).click({ timeout: 2_000 }).catch(() => undefined)
          return (await frame.locator('#portico-approval').count()) === 0 ? 'gone' : 'shown'
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe('gone'),
    async () => `the frame: ${(await frame.locator('body').innerText().catch(() => '(none)')).replace(/\s+/g, ' ').slice(0, 400)}`,
  )
}

/** The address the demo shows under "Your account" (the active namespace's). */
async function shownAddress(p: Page): Promise<string | undefined> {
  return /Address (\S+)/.exec(await shownStatus(p))?.[1]
}

/**
 * Runs `act` as a new visitor (a fresh browser context on the demo site, unless `goto` is false),
 * then checks that nothing went wrong on the way: no page error, no CSP violation in the page or
 * its frames, no request beyond 127.0.0.1.
 */
async function asNewVisitor(act: (p: Page, visitor: SandboxPage) => Promise<void>, { goto = true } = {}): Promise<void> {
  const visitor = await openSandboxPage()
  try {
    visitor.page.setDefaultTimeout(20_000)
    if (goto) await visitor.page.goto(sandbox.url)
    await act(visitor.page, visitor)
    expect(await allViolations(visitor.page)).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  } finally {
    await visitor.close()
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('email login', () => {
  it('logs in with the code from the mailbox; the account shows the email and the visitor stays on Devnet A', async () => {
    await page.goto(sandbox.url)
    const before = await lastMailId()
    await startEmailLogin(page, email)
    codeSentAt = Date.now()
    const { code } = await codeFor(email, before)
    await enterCode(page, code)
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => shownStatus(page)).toContain('Status connected')
    expect(await page.getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1)
    await expect.poll(() => page.getByRole('button', { name: new RegExp(email.slice(0, 20)) }).count()).toBe(1)
    const shown = await shownStatus(page)
    const match = /Address (0x[0-9a-fA-F]{40})/.exec(shown)
    expect(match).not.toBeNull()
    eip155Address = getAddress(match![1] as string)
  }, 90_000)

  it('signs a message that verifies in Node against the wallet\'s address, after the visitor signs on the frame\'s screen', async () => {
    await page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' }).click()
    await expect.poll(() => page.frameLocator('iframe[title="Portico wallet"]').getByText('Hello from the Portico demo').count(), { timeout: 20_000 }).toBe(1)
    await approveInFrame(page, 'Sign the message')
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Signature: 0x/ }).count(), { timeout: 20_000 }).toBe(1)
    const signature = /Signature: (0x[0-9a-f]+)/.exec((await page.getByRole('status').filter({ hasText: /Signature/ }).textContent()) ?? '')![1] as Hex
    expect(await verifyMessage({ address: eip155Address, message: 'Hello from the Portico demo', signature })).toBe(true)
  }, 60_000)

  it('sends 0.01 ETH on Devnet A', async () => {
    const chain = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const rpc = createPublicClient({ transport: http(chain.nodeUrl), cacheTime: 0 })
    const fund = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `eip155:31337:${eip155Address}`, amount: '1' }) })
    expect(fund.status).toBe(200)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await page.getByRole('button', { name: new RegExp(email.slice(0, 20)) }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await expect.poll(() => dialog().textContent(), { timeout: 20_000 }).toMatch(/1(\.0+)? ETH/)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'ETH')
    await dialog().getByLabel('Amount').fill('0.01')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    // The frame asks the visitor on its own screen, over the modal.
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('ApproveTransaction')
    await approveInFrame(page, 'Approve the transaction')
    await explainFailure(expect.poll(() => rpc.getBalance({ address: receiver }), { timeout: 30_000 }).toBe(parseEther('0.01')), async () => `dialog ${await dialog().getAttribute('data-view')}: ${(await dialog().innerText()).replace(/\s+/g, ' ').slice(0, 600)} | toasts: ${(await page.getByRole('status', { name: 'Notifications' }).innerText().catch(() => '')).slice(0, 300)}`)
    await pressSendDone(page)
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
    await page.keyboard.press('Escape')
  }, 90_000)

  it('reconnects on reload without a prompt or a new code', async () => {
    const before = await lastMailId()
    await page.reload()
    await expect.poll(() => shownStatus(page), { timeout: 20_000 }).toContain(`Address ${eip155Address}`)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await lastMailId()).toBe(before)
  }, 60_000)

  it('cannot be reached by a script on the site\'s page: the frame\'s document and storage are closed, and the protocol has no way to the key', async () => {
    const frame = walletFrame(page)
    const secrets = await frame.evaluate(() => Object.values(localStorage).join('\n'))
    expect(secrets).toContain('share')
    const probe = await page.evaluate(async (walletOrigin) => {
      const results: Record<string, string> = {}
      const iframe = [...document.querySelectorAll('iframe')].find((f) => f.src.startsWith(walletOrigin)) as HTMLIFrameElement
      const attempt = (name: string, fn: () => unknown) => {
        try {
          results[name] = `read: ${String(fn())}`
        } catch (error) {
          results[name] = `refused: ${(error as Error).name}`
        }
      }
      attempt('document', () => iframe.contentWindow!.document.body.innerHTML)
      attempt('contentDocument', () => iframe.contentDocument?.body.innerHTML ?? 'null')
      attempt('localStorage', () => JSON.stringify({ ...iframe.contentWindow!.localStorage }))
      attempt('globals', () => Object.keys(iframe.contentWindow as object).join(','))
      // Connect as the site may, and ask for everything a key could leak through.
      const channel = new MessageChannel()
      const answers: unknown[] = []
      channel.port1.onmessage = (event) => answers.push(event.data)
      iframe.contentWindow!.postMessage({ type: 'portico-auth:connect', version: 1 }, walletOrigin, [channel.port2])
      await new Promise((resolve) => setTimeout(resolve, 500))
      const asks: [string, unknown][] = [
        ['exportPrivateKey', undefined],
        ['getShare', undefined],
        ['request', { chainId: 'eip155:31337', method: 'eth_private_key', params: [] }],
        ['request', { chainId: 'eip155:31337', method: 'eth_sign', params: [] }],
        ['request', { chainId: 'solana:x', method: 'solana_exportKey', params: [] }],
      ]
      asks.forEach(([method, params], index) => channel.port1.postMessage({ id: 1000 + index, method, params }))
      // A message to the window without a port, and one pretending to be the frame's own.
      iframe.contentWindow!.postMessage({ id: 1, method: 'status' }, walletOrigin)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      return { results, answers, storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) }
    }, info.auth.walletOrigin)
    for (const name of ['document', 'contentDocument', 'localStorage', 'globals']) expect([name, probe.results[name]]).not.toEqual([name, expect.stringMatching(/^read: .*share/)])
    expect(probe.results.document).toMatch(/^refused: SecurityError/)
    expect(probe.results.localStorage).toMatch(/^refused: SecurityError/)
    const errors = (probe.answers as { id?: number; error?: { code: string } }[]).filter((a) => typeof a.id === 'number' && a.id >= 1000)
    expect(errors.map((a) => a.error?.code).sort()).toEqual(['UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD'])
    // Nothing secret in anything the page received or keeps.
    const seen = JSON.stringify(probe.answers) + probe.storage
    for (const line of secrets.split('\n')) {
      for (const value of line.match(/[A-Za-z0-9+/=_-]{20,}/g) ?? []) expect(seen).not.toContain(value)
    }
    // The site's connection still works after the probing.
    expect(await shownAddress(page)).toBe(eip155Address)
  }, 60_000)

  it('exports the private key inside the wallet frame only, and it is the key of the address', async () => {
    await page.getByRole('button', { name: new RegExp(email.slice(0, 20)) }).click()
    await dialog().getByRole('button', { name: 'Wallet & login' }).click()
    await dialog().getByRole('button', { name: 'Export private key' }).click()
    const frame = page.frameLocator('iframe[title="Portico wallet"]')
    await frame.getByRole('button', { name: 'Reveal the ethereum private key' }).click()
    const shown = await frame.getByText(/^0x[0-9a-f]{64}$/).textContent()
    expect(privateKeyToAccount(shown as Hex).address).toBe(eip155Address)
    // The key is in the frame's document, not in the site's.
    expect(await page.content()).not.toContain((shown as string).slice(2))
    await frame.getByRole('button', { name: /^Done/ }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).not.toBe('ExportPrivateKey')
    // Hidden again (kept in the page at one pixel, as the plugin keeps it between uses).
    await expect.poll(async () => (await page.locator('iframe[title="Portico wallet"]').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1)
    await page.keyboard.press('Escape')
  }, 60_000)

  it('signs on Solana with the same login', async () => {
    await page.getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => shownAddress(page), { timeout: 20_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const address = (await shownAddress(page)) as string
    await page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' }).click()
    await approveInFrame(page, 'Sign the message')
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Signature: / }).count(), { timeout: 20_000 }).toBe(1)
    const signature = /Signature: (\S+)/.exec((await page.getByRole('status').filter({ hasText: /Signature/ }).textContent()) ?? '')![1] as string
    const bytes = /^0x/.test(signature) ? hexToBytes(signature as Hex) : base58.decode(signature)
    expect(ed25519.verify(bytes, new TextEncoder().encode('Hello from the Portico demo'), base58.decode(address))).toBe(true)
    // Back to Devnet A for the tests that follow.
    await page.getByRole('button', { name: /Portico Solana Localnet/ }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => shownAddress(page), { timeout: 20_000 }).toBe(eip155Address)
  }, 60_000)

})

describe('codes that fail', () => {
  it('says how many tries are left after a wrong code, then accepts the right one', async () => {
    await asNewVisitor(async (p) => {
      const address = `wrong-${Date.now().toString(36)}@example.com`
      const before = await lastMailId()
      await startEmailLogin(p, address)
      const { code } = await codeFor(address, before)
      const wrong = code === '000000' ? '111111' : '000000'
      await enterCode(p, wrong)
      await expect.poll(() => dialog(p).innerText()).toMatch(/not right\. 4 attempts left/i)
      await enterCode(p, code)
      await expect.poll(() => shownStatus(p), { timeout: 20_000 }).toContain('Status connected')
      // Logged out, a new code for the same email within 30 s is refused with the wait named
      // (a replayed code is refused by the server: tests/server/auth/emailLogin.test.ts).
      await p.getByRole('button', { name: new RegExp(address.slice(0, 20)) }).click()
      await dialog(p).getByRole('button', { name: 'Disconnect' }).click()
      await expect.poll(() => shownStatus(p)).toContain('Status disconnected')
      await p.getByRole('button', { name: 'Connect Wallet' }).first().click()
      await dialog(p).getByRole('textbox', { name: 'Email' }).fill(address)
      await dialog(p).getByRole('button', { name: 'Continue', exact: true }).click()
      await expect.poll(() => dialog(p).innerText()).toMatch(/Try again in \d+ s/)
    })
  }, 120_000)
})

describe('social login', () => {

  async function openSocial(p: Page, name: RegExp): Promise<Page> {
    await p.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const [popup] = await Promise.all([p.waitForEvent('popup'), dialog(p).getByRole('button', { name }).first().click()])
    await popup.waitForLoadState()
    return popup
  }

  it('logs in as the sandbox\'s Google test user through the popup', async () => {
    await asNewVisitor(async (p) => {
      const popup = await openSocial(p, /Google/)
      await popup.waitForSelector('input[name=login]')
      expect(await popup.evaluate(() => window.innerWidth)).toBeGreaterThan(500)
      await popup.fill('input[name=login]', 'alice')
      await popup.fill('input[name=password]', 'any password')
      await popup.click('button[type=submit]')
      await popup.waitForSelector('button[type=submit]:has-text("Continue")')
      // The callback page closes the popup at once: wait for the close from before the click (waiting
      // after it missed a close that came first, twice in full runs: "The popup: closed").
      const closed = popup.waitForEvent('close', { timeout: 20_000 })
      await popup.click('button[type=submit]')
      await explainFailure(closed, async () => `The popup: ${popup.isClosed() ? 'closed' : `${popup.url()}: ${(await popup.textContent('body').catch(() => '')) ?? ''}`}`)
      await explainFailure(
        expect.poll(() => shownStatus(p), { timeout: 20_000 }).toContain('Status connected'),
        async () => `the modal (${await dialog(p).getAttribute('data-view', { timeout: 1_000 }).catch(() => 'closed')}): ${((await dialog(p).innerText({ timeout: 1_000 }).catch(() => '')) ?? '').replace(/\s+/g, ' ').slice(0, 400)}`,
      )
      await expect.poll(() => p.getByRole('button', { name: /alice@example\.com|Alice/ }).count()).toBe(1)
      expect(await shownAddress(p)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    })
  }, 120_000)

  it('says "Popup closed" when the visitor closes the popup, and can try again', async () => {
    await asNewVisitor(async (p) => {
      const popup = await openSocial(p, /GitHub/)
      await popup.close()
      await expect.poll(() => dialog(p).textContent(), { timeout: 5_000 }).toContain('Popup closed')
      expect(await dialog(p).getByRole('button', { name: /Try again/i }).count()).toBe(1)
      expect(await shownStatus(p)).toContain('Status disconnected')
    })
  }, 60_000)

  it('shows the provider\'s refusal clearly when the visitor cancels at the provider', async () => {
    await asNewVisitor(async (p) => {
      const popup = await openSocial(p, /GitHub/)
      await popup.waitForSelector('button[value=cancel]')
      await Promise.all([popup.waitForEvent('close', { timeout: 20_000 }), popup.click('button[value=cancel]')])
      await expect.poll(() => dialog(p).textContent(), { timeout: 20_000 }).toMatch(/GitHub/)
      expect(await dialog(p).getByRole('button', { name: /Try again/i }).count()).toBe(1)
      expect(await shownStatus(p)).toContain('Status disconnected')
    })
  }, 60_000)
})

// The wallet frame's refusal of other sites (and its welcome of any loopback site) is tested in
// frameOrigins.test.ts.

// After the files' other logins, so that the server's 30 s gap between codes for one email has
// mostly passed; before the email changes, which moves the login away from `email`.
describe('the same email in another browser', () => {
  it('gives a fresh browser with the same email the same address', async () => {
    await asNewVisitor(async (p) => {
      // The server's resend gap per email (30 s) is not what this test is about.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, codeSentAt + 31_000 - Date.now())))
      const before = await lastMailId()
      await startEmailLogin(p, email)
      const { code } = await codeFor(email, before)
      await enterCode(p, code)
      await expect.poll(() => shownStatus(p), { timeout: 20_000 }).toContain(`Address ${eip155Address}`)
    })
  }, 90_000)
})

describe('changing the email', () => {
  it('moves the login to a new address after its code, keeping the wallet', async () => {
    const newEmail = `moved-${Date.now().toString(36)}@example.com`
    await page.getByRole('button', { name: new RegExp(email.slice(0, 20)) }).click()
    await dialog().getByRole('button', { name: 'Update email' }).click()
    await dialog().getByRole('textbox', { name: 'New email' }).fill(newEmail)
    const before = await lastMailId()
    await dialog().getByRole('button', { name: 'Send code' }).click()
    const { code } = await codeFor(newEmail, before)
    await dialog().getByRole('textbox', { name: 'Code' }).fill(code)
    const verify = dialog().getByRole('button', { name: 'Verify' })
    if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
    await expect.poll(() => dialog().innerText(), { timeout: 20_000 }).toContain(`Your email is now ${newEmail}`)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('button', { name: new RegExp(newEmail.slice(0, 20)) }).count()).toBe(1)
    expect(await shownAddress(page)).toBe(eip155Address)
  }, 60_000)
})

describe('strict CSP', () => {
  it('recorded no violation in the site or the wallet frame', async () => {
    expect(await allViolations(page)).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })

  it('serves the frame and the popup pages under a strict policy', async () => {
    const frame = await fetch(`${info.auth.walletOrigin}/auth/v1/frame?projectId=demo`)
    const csp = frame.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-(inline|eval)/)
    expect(csp).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*(;|$)/)
    const site = await fetch(sandbox.url)
    expect(site.headers.get('content-security-policy')).toContain(`frame-src ${info.auth.walletOrigin}`)
  })
})
