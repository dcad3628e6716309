// Issue 48, acceptance 3: a recovery the operator cannot open. Visitors of a site on the sandbox
// (`npm start`'s server, its wallet origin on localhost: WebAuthn refuses IP origins) protect their wallet's
// recovery in the wallet frame, one with a passkey (Chromium's virtual authenticator, PRF), one
// with a recovery password. With the server's database and both share keys, the test then holds
// the auth share and an envelope it cannot open, which rebuild nothing; the visitors recover the
// same wallet after a fresh login on a browser without their share: with the passkey, and with
// the password (a new browser context), a wrong password turned away first.
import { createDecipheriv, scrypt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { CDPSession, Page } from 'playwright-core'
import { getAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { combineShares } from '../../../plugins/auth/frame/keys/shares.js'
import { openRecoveryShare, readRecoveryEnvelope, type RecoveryEnvelope } from '../../../plugins/auth/frame/recovery/recoveryEnvelope.js'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox, mailedCode } from '../../helpers/sandboxMail.js'
import type { TestSite } from '../../helpers/serveTestSite.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { askWallet, connectToWalletFrame, enterCode, expectClean, openVisitor, sandboxInfo, serveShop, startEmailLogin, step, walletFrame, type SandboxInfo } from '../kit/authE2e.js'

type SiteWindow = { site: { state(): { connections: Record<string, { status: string; address?: string }> } } }

let sandbox: TestSandbox
let info: SandboxInfo
let site: TestSite & { url: string }
const visitors: SandboxPage[] = []
const stamp = Date.now().toString(36)
const passkeyEmail = `passkey-${stamp}@example.com`
const passwordEmail = `password-${stamp}@example.com`
const password = 'violet staircase 1987'
const addresses: Record<string, Address> = {}

const dialog = (p: Page) => p.getByRole('dialog')

async function newVisitor(): Promise<Page> {
  const visitor = await openVisitor()
  visitors.push(visitor)
  await visitor.page.goto(site.url)
  return visitor.page
}

/** A virtual authenticator with PRF (hmac-secret) on the visitor's tab: the frame's passkey lives there. */
async function addAuthenticator(p: Page): Promise<CDPSession> {
  const cdp = await p.context().newCDPSession(p)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', ctap2Version: 'ctap2_1', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true, automaticPresenceSimulation: true },
  })
  return cdp
}

/** Logs `email` in by its code from the sandbox's mailbox (the kit asks again while the server's 30 s gap runs). */
const startLogin = async (p: Page, email: string) => enterCode(p, await startEmailLogin(p, sandbox.url, email, p.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' })))

async function connectedAddress(p: Page): Promise<Address> {
  const state = () => p.evaluate(() => (window as unknown as SiteWindow).site.state())
  await step(p, expect.poll(async () => (await state()).connections.eip155?.status, { timeout: 60_000 }).toBe('connected'))
  await expect.poll(() => dialog(p).count()).toBe(0)
  return getAddress((await state()).connections.eip155!.address!)
}

/** Opens "Wallet & login" and asks for the recovery screen. */
async function openRecoverySetup(p: Page): Promise<void> {
  await p.getByRole('navigation', { name: 'Wallet' }).getByRole('button').first().click()
  await dialog(p).getByRole('button', { name: 'Wallet & login' }).click()
  await expect.poll(() => dialog(p).innerText()).toContain('The wallet server can still restore this wallet')
  await dialog(p).getByRole('button', { name: 'Protect recovery' }).click()
  await step(p, expect.poll(() => walletFrame(p).getByRole('heading', { name: 'Protect your wallet' }).count()).toBe(1))
  // The screen shows whole: the modal's area grew to the frame's content (taller than the area's
  // 420 px), down to its last button, with no scrolling inside the frame.
  await expect
    .poll(() => walletFrame(p).locator('#portico-recovery').evaluate((root) => Math.round(root.lastElementChild!.getBoundingClientRect().bottom - window.innerHeight)))
    .toBeLessThanOrEqual(0)
  await expect.poll(() => walletFrame(p).getByRole('button', { name: 'Not now' }).isVisible()).toBe(true)
}

async function protectedInProfile(p: Page): Promise<void> {
  await step(p, expect.poll(() => dialog(p).innerText().catch(() => ''), { timeout: 60_000 }).toContain('Only you can restore this wallet'))
  await p.keyboard.press('Escape')
}

/** Forgets the wallet on this browser (its device share and session, and the site's state), as a new device would have nothing. */
async function forgetThisBrowser(p: Page): Promise<void> {
  const frame = p.frames().find((f) => f.url().startsWith(`${info.auth.walletOrigin}/auth/v1/frame`))
  if (!frame) throw new Error('The wallet frame is not on the page')
  // A frame on another site than the page's may be refused its storage (then it kept its share in
  // memory, which the reload drops); where it has storage, that is cleared.
  await frame.evaluate(() => {
    try {
      localStorage.clear()
    } catch {
      // no storage: nothing kept beyond the page
    }
  })
  await p.evaluate(() => {
    localStorage.clear()
    sessionStorage.clear()
  })
  await p.reload()
  await expect.poll(() => p.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).count()).toBeGreaterThan(0)
}

/** What the operator holds for `email`: the auth share and the stored recovery, opened with both share keys. */
const operatorKeys = () => JSON.parse(readFileSync(join(sandbox.dataDir!, 'auth-keys.json'), 'utf8')) as { shareKey: string; recoveryKey: string }
function operatorView(email: string): { authShare: string; recovery: string; recoveryOpensAsPlainShare: boolean } {
  const keys = operatorKeys()
  const db = new Database(join(sandbox.dataDir!, 'portico.sqlite'), { readonly: true, fileMustExist: true })
  try {
    const userId = `email:${email}`
    const row = db.prepare('SELECT auth_share, recovery_share FROM auth_wallets WHERE user_id = ?').get(userId) as { auth_share: Buffer; recovery_share: Buffer }
    const open = (key: string, sealed: Buffer, context: string) => {
      const raw = /^[0-9a-f]{64}$/i.test(key) ? Buffer.from(key, 'hex') : Buffer.from(key.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      const decipher = createDecipheriv('aes-256-gcm', raw, sealed.subarray(1, 13))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(sealed.subarray(sealed.length - 16))
      return Buffer.concat([decipher.update(sealed.subarray(13, sealed.length - 16)), decipher.final()]).toString('utf8')
    }
    let recoveryOpensAsPlainShare = true
    try {
      open(keys.recoveryKey, row.recovery_share, `${userId}:recovery`)
    } catch {
      recoveryOpensAsPlainShare = false
    }
    return { authShare: open(keys.shareKey, row.auth_share, `${userId}:auth`), recovery: open(keys.recoveryKey, row.recovery_share, `${userId}:recovery-protected`), recoveryOpensAsPlainShare }
  } finally {
    db.close()
  }
}

/** The data key under an envelope's password wrap, or undefined when `guess` does not open it (the scrypt and AES-GCM of docs/guides/embedded-wallet.md, §2.1, in Node's crypto). */
async function openPasswordWrap(userId: string, wrap: NonNullable<RecoveryEnvelope['password']>, guess: string): Promise<Buffer | undefined> {
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(guess.normalize('NFKC'), Buffer.from(wrap.salt, 'base64url'), 32, { N: wrap.N, r: wrap.r, p: wrap.p, maxmem: 2 ** 28 }, (error, derived) => (error ? reject(error) : resolve(derived))),
  )
  const sealed = Buffer.from(wrap.wrapped, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(wrap.iv, 'base64url'))
  decipher.setAAD(Buffer.from(`${userId}:password`))
  decipher.setAuthTag(sealed.subarray(sealed.length - 16))
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()])
  } catch {
    return undefined
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ env: { PORTICO_SANDBOX_WALLET_HOST: 'localhost' } })
  info = await sandboxInfo(sandbox.url)
  expect(new URL(info.auth.walletOrigin).hostname).toBe('localhost')
  site = await serveShop(sandbox.url, info)
}, 240_000)

afterAll(async () => {
  for (const visitor of visitors) await visitor.close()
  await site?.close()
  await sandbox?.stop()
})

describe('a recovery the operator cannot open (issue 48, acceptance 3)', () => {
  let passkeyPage: Page
  let freshPage: Page

  it('protects the recovery with a passkey created in the wallet frame (WebAuthn PRF)', async () => {
    passkeyPage = await newVisitor()
    await addAuthenticator(passkeyPage)
    await startLogin(passkeyPage, passkeyEmail)
    addresses[passkeyEmail] = await connectedAddress(passkeyPage)
    await openRecoverySetup(passkeyPage)
    await walletFrame(passkeyPage).getByRole('button', { name: 'Create a passkey' }).click()
    await protectedInProfile(passkeyPage)
  }, 180_000)

  it('protects the recovery with a recovery password (typed twice) in the wallet frame', async () => {
    const p = await newVisitor()
    await startLogin(p, passwordEmail)
    addresses[passwordEmail] = await connectedAddress(p)
    await openRecoverySetup(p)
    const frame = walletFrame(p)
    await frame.getByLabel('Recovery password').fill(password)
    await frame.getByLabel('Repeat the password').fill(`${password}!`)
    await frame.getByRole('button', { name: 'Set the password' }).click()
    await expect.poll(() => frame.getByRole('status').innerText()).toContain('The two passwords differ')
    await frame.getByLabel('Recovery password').fill(password)
    await frame.getByLabel('Repeat the password').fill(password)
    await frame.getByRole('button', { name: 'Set the password' }).click()
    await protectedInProfile(p)
  }, 180_000)

  it('leaves the operator, with the database and both share keys, unable to rebuild either wallet', async () => {
    for (const email of [passkeyEmail, passwordEmail]) {
      const held = operatorView(email)
      // The recovery is no longer a share the recovery key opens: it is the visitor's envelope.
      expect(held.recoveryOpensAsPlainShare).toBe(false)
      const envelope = readRecoveryEnvelope(JSON.parse(held.recovery))
      expect(email === passkeyEmail ? envelope.passkey : envelope.password).toBeDefined()
      // The auth share alone, or with the envelope taken for a share, rebuilds nothing.
      await expect(combineShares(held.authShare, held.recovery)).rejects.toMatchObject({ code: 'WALLET_MISMATCH' })
      await expect(combineShares(held.authShare, held.authShare)).rejects.toBeDefined()
      // Neither operator key, nor any secret the operator holds, opens the envelope.
      const keys = operatorKeys()
      const guesses = [keys.shareKey, keys.recoveryKey, held.authShare]
      // The password's wrap, opened with Node's own scrypt (OpenSSL, its threads: the three guesses
      // at once, not 2^17-cost scrypt in JavaScript one after another) and AES-256-GCM: the
      // visitor's password opens it (so a refusal below is the key's, not the reading's); no guess does.
      if (envelope.password) {
        const opened = await Promise.all([password, ...guesses].map((guess) => openPasswordWrap(`email:${email}`, envelope.password!, guess)))
        expect(opened[0]).toHaveLength(32)
        expect(opened.slice(1)).toEqual([undefined, undefined, undefined])
      }
      for (const guess of guesses) {
        if (envelope.passkey) {
          const prfOutput = new Uint8Array(Buffer.from(guess.slice(0, 64), 'hex').subarray(0, 32))
          expect(await openRecoveryShare(`email:${email}`, envelope, { passkey: { credentialId: envelope.passkey.credentialId, prfSalt: new Uint8Array(32), prfOutput } })).toBeUndefined()
        }
      }
    }
  }, 120_000)

  it('recovers the passkey-protected wallet after a fresh login on a browser without its share, with the passkey', async () => {
    const p = passkeyPage
    await forgetThisBrowser(p)
    await startLogin(p, passkeyEmail)
    await step(p, expect.poll(() => walletFrame(p).getByRole('heading', { name: 'Unlock your wallet' }).count(), { timeout: 30_000 }).toBe(1))
    await walletFrame(p).getByRole('button', { name: 'Use your passkey' }).click()
    expect(await connectedAddress(p)).toBe(addresses[passkeyEmail])
  }, 180_000)

  it('a page script that brute-forces the email code through the frame is locked out and logs no one in', async () => {
    // A new browser context, logged in as no one; the password's recovery below continues on it.
    const p = (freshPage = await newVisitor())
    const victim = `brute-${stamp}@example.com`
    const before = (await mailbox(sandbox.url))[0]?.id ?? 0
    // The page embeds the wallet frame itself and takes its own port: a code sent to the victim, then six guesses.
    expect(await connectToWalletFrame(p, info.auth.walletOrigin, { src: `${info.auth.walletOrigin}/auth/v1/frame?projectId=demo` })).toBe('ready')
    const guessed = { started: await askWallet(p, 'emailStart', { email: victim }), answers: [] as Awaited<ReturnType<typeof askWallet>>[] }
    for (const code of ['000000', '111111', '222222', '333333', '444444', '555555']) guessed.answers.push(await askWallet(p, 'emailVerify', { code }))
    expect(guessed.started.error).toBeUndefined()
    const { code } = await mailedCode(sandbox.url, victim, { afterId: before })
    // (Should a guess have been the code, the lock below would not hold: the test would fail, as it should.)
    const codes = guessed.answers.map((a) => a.error?.code)
    expect(codes.slice(0, 4)).toEqual(['WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE'])
    expect(codes.slice(4)).toEqual(['LOCKED', 'LOCKED'])
    // Even the right code, which the page does not know and the test hands it, opens nothing now;
    // a new code for the victim waits 30 s, and the frame is logged in as no one.
    const after = { right: await askWallet(p, 'emailVerify', { code }), restart: await askWallet(p, 'emailStart', { email: victim }), status: await askWallet(p, 'status') }
    expect(after.right.error?.code).toBe('LOCKED')
    expect(after.restart.error?.code).toBe('RATE_LIMITED')
    expect(after.status.result).toEqual({})
    expect(guessed.answers.every((a) => a.result === undefined)).toBe(true)
    await p.evaluate(() => document.querySelector('iframe[title="A frame of the page"]')!.remove())
  }, 120_000)

  it('recovers the password-protected wallet on a new browser context after a fresh login; a wrong password is turned away', async () => {
    const p = freshPage
    await startLogin(p, passwordEmail)
    const frame = walletFrame(p)
    await step(p, expect.poll(() => frame.getByRole('heading', { name: 'Unlock your wallet' }).count(), { timeout: 30_000 }).toBe(1))
    // No passkey was set for this wallet: the password is the only way.
    expect(await frame.getByRole('button', { name: 'Use your passkey' }).count()).toBe(0)
    await frame.getByLabel('Recovery password').fill('not the password at all')
    await frame.getByRole('button', { name: 'Unlock' }).click()
    await expect.poll(() => frame.getByRole('status').innerText(), { timeout: 60_000 }).toContain('That is not the recovery password')
    await frame.getByLabel('Recovery password').fill(password)
    await frame.getByRole('button', { name: 'Unlock' }).click()
    expect(await connectedAddress(p)).toBe(addresses[passwordEmail])
  }, 180_000)

  it('recorded no page error, CSP violation or request beyond 127.0.0.1', async () => {
    for (const visitor of visitors) await expectClean(visitor)
  })
})
