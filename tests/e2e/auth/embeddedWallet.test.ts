// Issue 23's acceptance, as visitors of the demo site from `npm start` in real Chromium: email
// code login (the code read from the sandbox's mailbox), a signature verified here in Node, 0.01
// ETH sent on Devnet A, a silent reconnect on reload, the same address in another browser; the
// sandbox's "Google" logging in through the popup; a page script that tries to reach the key and
// fails; wrong codes, a closed popup and a provider error, each with a clear message; and no
// Content-Security-Policy violation in the site, the wallet frame or the popup.
import type { Frame, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { createPublicClient, getAddress, hexToBytes, http, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pickNetwork } from '../../helpers/chooseNetwork.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { askWallet, connectToWalletFrame, demoText, emailLogin, enterCode, expectClean, faucet, openVisitor, pressInFrame, sandboxInfo, sendFromAccount, signInAtProvider, startEmailLogin, step, walletReceived, type SandboxInfo } from '../kit/authE2e.js'

let sandbox: TestSandbox
let info: SandboxInfo
let visitor: SandboxPage
let page: Page
const email = `visitor-${Date.now().toString(36)}@example.com`
let eip155Address: Address

const dialog = (p: Page = page) => p.getByRole('dialog')
const lastMailId = async () => (await mailbox(sandbox.url))[0]?.id ?? 0
/** The demo's "Your account" block (the active namespace's status and address). */
const shownAddress = async (p: Page) => /Address (\S+)/.exec(await demoText(p))?.[1]
const accountButton = (p: Page, address: string) => p.getByRole('button', { name: new RegExp(address.slice(0, 20)) })

function walletFrame(p: Page): Frame {
  const frame = p.frames().find((f) => f.url().startsWith(`${info.auth.walletOrigin}/auth/v1/frame`))
  if (!frame) throw new Error('The wallet frame is not on the page')
  return frame
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = await sandboxInfo(sandbox.url)
  visitor = await openVisitor()
  page = visitor.page
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('email login', () => {
  it('logs in with the code from the mailbox; the account shows the email and the visitor stays on Devnet A', async () => {
    await page.goto(sandbox.url)
    await emailLogin(page, sandbox.url, email)
    await step(page, expect.poll(() => demoText(page)).toContain('Status connected'))
    expect(await page.getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1)
    await expect.poll(() => accountButton(page, email).count()).toBe(1)
    const match = /Address (0x[0-9a-fA-F]{40})/.exec(await demoText(page))
    expect(match).not.toBeNull()
    eip155Address = getAddress(match![1] as string)
  }, 90_000)

  it('signs a message that verifies in Node against the wallet\'s address, after the visitor signs on the frame\'s screen', async () => {
    await page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' }).click()
    await step(page, expect.poll(() => page.frameLocator('iframe[title="Portico wallet"]').getByText('Hello from the Portico demo').count()).toBe(1))
    await pressInFrame(page, 'Sign the message')
    await step(page, expect.poll(() => page.getByRole('status').filter({ hasText: /Signature: 0x/ }).count()).toBe(1))
    const signature = /Signature: (0x[0-9a-f]+)/.exec((await page.getByRole('status').filter({ hasText: /Signature/ }).textContent()) ?? '')![1] as Hex
    expect(await verifyMessage({ address: eip155Address, message: 'Hello from the Portico demo', signature })).toBe(true)
  }, 60_000)

  it('sends 0.01 ETH on Devnet A', async () => {
    const rpc = createPublicClient({ transport: http(info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl), cacheTime: 0 })
    await faucet(sandbox.url, `eip155:31337:${eip155Address}`, '1')
    await sendFromAccount(page, accountButton(page, email), rpc, privateKeyToAccount(generatePrivateKey()).address)
    await page.keyboard.press('Escape')
  }, 90_000)

  it('reconnects on reload without a prompt or a new code', async () => {
    const before = await lastMailId()
    await page.reload()
    await expect.poll(() => demoText(page), { timeout: 20_000 }).toContain(`Address ${eip155Address}`)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await lastMailId()).toBe(before)
  }, 60_000)

  it('cannot be reached by a script on the site\'s page: the frame\'s document and storage are closed, and the protocol has no way to the key', async () => {
    const frame = walletFrame(page)
    const secrets = await frame.evaluate(() => Object.values(localStorage).join('\n'))
    expect(secrets).toContain('share')
    const results = await page.evaluate((walletOrigin) => {
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
      // A message to the window without a port, and one pretending to be the frame's own.
      iframe.contentWindow!.postMessage({ id: 1, method: 'status' }, walletOrigin)
      return results
    }, info.auth.walletOrigin)
    for (const name of ['document', 'contentDocument', 'localStorage', 'globals']) expect([name, results[name]]).not.toEqual([name, expect.stringMatching(/^read: .*share/)])
    expect(results.document).toMatch(/^refused: SecurityError/)
    expect(results.localStorage).toMatch(/^refused: SecurityError/)
    // Connect as the site may, and ask for everything a key could leak through.
    expect(await connectToWalletFrame(page, info.auth.walletOrigin, 'iframe[title="Portico wallet"]')).toBe('ready')
    const asks: [string, unknown][] = [
      ['exportPrivateKey', undefined],
      ['getShare', undefined],
      ['request', { chainId: 'eip155:31337', method: 'eth_private_key', params: [] }],
      ['request', { chainId: 'eip155:31337', method: 'eth_sign', params: [] }],
      ['request', { chainId: 'solana:x', method: 'solana_exportKey', params: [] }],
    ]
    const answers = await Promise.all(asks.map(([method, params]) => askWallet(page, method, params)))
    expect(answers.map((a) => a.error?.code)).toEqual(['UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD'])
    const probe = { answers: await walletReceived(page), storage: await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })) }
    // Nothing secret in anything the page received or keeps.
    const seen = JSON.stringify(probe.answers) + probe.storage
    for (const line of secrets.split('\n')) {
      for (const value of line.match(/[A-Za-z0-9+/=_-]{20,}/g) ?? []) expect(seen).not.toContain(value)
    }
    // The site's connection still works after the probing.
    expect(await shownAddress(page)).toBe(eip155Address)
  }, 60_000)

  it('exports the private key inside the wallet frame only, and it is the key of the address', async () => {
    await accountButton(page, email).click()
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
    await pickNetwork(page, 'Portico Solana Localnet')
    await expect.poll(() => shownAddress(page), { timeout: 20_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const address = (await shownAddress(page)) as string
    await page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' }).click()
    await pressInFrame(page, 'Sign the message')
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

// A second visitor, one browser context for the failures (a wrong code, then the social popup), a
// social login, and the first visitor's email on a browser that never held its wallet.
describe('codes and popups that fail, a social login, then the first email (a second visitor)', () => {
  let second: SandboxPage
  let p: Page
  beforeAll(async () => {
    second = await openVisitor()
    p = second.page
    await p.goto(sandbox.url)
  })
  afterAll(() => second?.close())

  /** Connect → the provider's button; the popup it opened, loaded. */
  async function openSocial(name: RegExp, click = () => dialog(p).getByRole('button', { name }).first().click()): Promise<Page> {
    if ((await dialog(p).count()) === 0) await p.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const [popup] = await Promise.all([p.waitForEvent('popup'), click()])
    await popup.waitForLoadState()
    return popup
  }

  it('says how many tries are left after a wrong code, then accepts the right one; a new code within 30 s is refused with the wait named', async () => {
    const address = `wrong-${Date.now().toString(36)}@example.com`
    const code = await startEmailLogin(p, sandbox.url, address)
    await enterCode(p, code === '000000' ? '111111' : '000000')
    await step(p, expect.poll(() => dialog(p).innerText()).toMatch(/not right\. 4 attempts left/i))
    await enterCode(p, code)
    await step(p, expect.poll(() => demoText(p)).toContain('Status connected'))
    // Logged out, a new code for the same email within 30 s is refused with the wait named
    // (a replayed code is refused by the server: tests/server/auth/emailLogin.test.ts).
    await accountButton(p, address).click()
    await dialog(p).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => demoText(p)).toContain('Status disconnected')
    await p.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await dialog(p).getByRole('textbox', { name: 'Email' }).fill(address)
    await dialog(p).getByRole('button', { name: 'Continue', exact: true }).click()
    await step(p, expect.poll(() => dialog(p).innerText()).toMatch(/Try again in \d+ s/))
    await p.keyboard.press('Escape')
  }, 120_000)

  it('says "Popup closed" when the visitor closes the popup; "Try again" opens a new one, where a cancel at the provider shows its refusal', async () => {
    await (await openSocial(/GitHub/)).close()
    await step(p, expect.poll(() => dialog(p).textContent()).toContain('Popup closed'))
    expect(await demoText(p)).toContain('Status disconnected')
    const popup = await openSocial(/GitHub/, () => dialog(p).getByRole('button', { name: /Try again/i }).click())
    await popup.waitForSelector('button[value=cancel]')
    await Promise.all([popup.waitForEvent('close', { timeout: 20_000 }), popup.click('button[value=cancel]')])
    await step(p, expect.poll(() => dialog(p).textContent()).toMatch(/GitHub/))
    expect(await dialog(p).getByRole('button', { name: /Try again/i }).count()).toBe(1)
    expect(await demoText(p)).toContain('Status disconnected')
    await p.keyboard.press('Escape')
  }, 60_000)

  it('logs in as the sandbox\'s Google test user through the popup', async () => {
    const popup = await openSocial(/Google/)
    await popup.waitForSelector('input[name=login]')
    expect(await popup.evaluate(() => window.innerWidth)).toBeGreaterThan(500)
    await signInAtProvider(popup)
    await step(p, expect.poll(() => demoText(p)).toContain('Status connected'))
    await expect.poll(() => p.getByRole('button', { name: /alice@example\.com|Alice/ }).count()).toBe(1)
    expect(await shownAddress(p)).toMatch(/^0x[0-9a-fA-F]{40}$/)
  }, 120_000)

  // After the main visitor's logins, before its email changes (which moves the login away from
  // `email`); the kit asks for the code again while the server's 30 s gap between codes runs.
  it('gives this browser, which never held the wallet of the first visitor\'s email, the same address for that email', async () => {
    await p.getByRole('button', { name: /alice@example\.com|Alice/ }).click()
    await dialog(p).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => demoText(p)).toContain('Status disconnected')
    await emailLogin(p, sandbox.url, email)
    await step(p, expect.poll(() => demoText(p)).toContain(`Address ${eip155Address}`))
    await expectClean(second)
  }, 90_000)
})

// The wallet frame's refusal of other sites (and its welcome of any loopback site) is tested in
// frameOrigins.test.ts.

describe('changing the email', () => {
  it('moves the login to a new address after its code, keeping the wallet', async () => {
    const newEmail = `moved-${Date.now().toString(36)}@example.com`
    await accountButton(page, email).click()
    await dialog().getByRole('button', { name: 'Update email' }).click()
    await dialog().getByRole('textbox', { name: 'New email' }).fill(newEmail)
    const before = await lastMailId()
    await dialog().getByRole('button', { name: 'Send code' }).click()
    await enterCode(page, (await mailedCode(sandbox.url, newEmail, { afterId: before, subject: /email change code/i })).code)
    await step(page, expect.poll(() => dialog().innerText()).toContain(`Your email is now ${newEmail}`))
    await page.keyboard.press('Escape')
    await expect.poll(() => accountButton(page, newEmail).count()).toBe(1)
    expect(await shownAddress(page)).toBe(eip155Address)
  }, 60_000)
})

describe('strict CSP', () => {
  it('recorded no violation in the site or the wallet frame', () => expectClean(visitor))

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
