// Issue 46, the solana namespace: the demo site from `npm start` in real Chromium with one wallet
// persona at a time (`?personas=solana/<wallet>`), each speaking its wallet's documented dialect
// (docs/wallets/<wallet>.md). For each: a refused connection, then connect, sign in (the sandbox
// server verifies the session; the test verifies the ed25519 signature itself with @noble/curves),
// reload, send (the receiver's balance read back from LiteSVM), a refused send, and the wallet's
// own account switch.
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { getBase58Encoder, getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { devSolanaAddress, devSolanaSecondAddress } from '../../../sandbox/solana/devSolana.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSettles } from '../../helpers/describeSend.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type Activity = { method: string; outcome: string }
type PersonaWindow = {
  __porticoPersonas: Record<string, { setMode(mode: 'approve' | 'reject'): void; activity(): Activity[]; accounts(): string[]; switchAccount?(): string[] }>
  __porticoSolanaPersonas: Record<string, { switchAccount(index: number, options?: { siteApproved?: boolean }): void; forgetSite(): void; connectedAddress(): string | undefined }>
}
type Session = { data: { chainId: string; accountAddress: string; domain: string }; message: string; signature: string }

/**
 * One row per Solana persona: what its wallet does that the test expects to see, from its docs page.
 * - `registers`: when its Wallet Standard wallet registers (Solflare's appears after the page's `load`).
 * - `restores`: a reload restores the connection with no click (Backpack's Wallet Standard wrapper
 *   answers a silent connect only with the account its provider already has, none after a load).
 * - `accountSwitch`: whether the site follows an account switch in the wallet (`follows`), or keeps
 *   its account because the wallet tells the site nothing (`keeps`: Backpack's wrapper does not
 *   listen to its provider's `activeWalletDidChange`).
 * - `silentRestore`: the wallet's log entry of a connect that restores without a prompt.
 */
const expectations: Record<string, { registers: 'before the page loaded' | 'after the page loaded'; restores: boolean; accountSwitch: 'follows' | 'keeps'; silentRestore: string }> = {
  'solana/phantom': { registers: 'before the page loaded', restores: true, accountSwitch: 'follows', silentRestore: 'connect (onlyIfTrusted)' },
  'solana/solflare': { registers: 'after the page loaded', restores: true, accountSwitch: 'follows', silentRestore: 'connect (approved site)' },
  'solana/backpack': { registers: 'before the page loaded', restores: false, accountSwitch: 'keeps', silentRestore: 'connect (approved site)' },
}
const rows = listPersonas()
  .filter((p) => p.namespace === 'solana')
  .map((persona) => {
    const expected = expectations[persona.id]
    if (!expected) throw new Error(`${persona.id} has no row in this test: say what its wallet does (${persona.docs})`)
    return { ...persona, ...expected }
  })

const solanaCaip2 = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/**
 * Records when each Wallet Standard wallet registers (the page's `readyState` then): the callback a
 * wallet dispatches with `wallet-standard:register-wallet` is called with a register of our own.
 */
const recordRegistrations = `(() => {
  window.__walletRegistrations = [];
  window.addEventListener('wallet-standard:register-wallet', (event) => {
    try {
      event.detail({ register: (...wallets) => { for (const w of wallets) window.__walletRegistrations.push({ name: w.name, readyState: document.readyState }); return () => {} } });
    } catch {}
  });
})()`

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let nodeUrl: string

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  const chain = info.chains.find((c) => c.caipNetworkId === solanaCaip2)
  if (!chain) throw new Error(`The sandbox has no ${solanaCaip2} chain`)
  nodeUrl = chain.nodeUrl
  visitor = await openSandboxPage({ initScripts: [recordRegistrations] })
  page = visitor.page
  page.setDefaultTimeout(20_000)
  // The suite's hookTimeout (240 s), above startSandbox's own 180 s: under load its error, with the sandbox's output, is what shows.
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

async function rpcCall<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}
const lamportsOf = async (address: string) => BigInt((await rpcCall<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)
const freshAddress = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
const signView = () => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
const activity = (id: string) => page.evaluate((key) => (window as unknown as PersonaWindow).__porticoPersonas[key]!.activity(), id)
const setMode = (id: string, mode: 'approve' | 'reject') => page.evaluate(([key, value]) => (window as unknown as PersonaWindow).__porticoPersonas[key]!.setMode(value), [id, mode] as const)
const controls = <T>(id: string, run: string, arg?: unknown) =>
  page.evaluate(([key, method, value]) => {
    const control = (window as unknown as PersonaWindow).__porticoSolanaPersonas[key as string] as unknown as Record<string, (...args: unknown[]) => unknown>
    return control[method as string]!(...(value === undefined ? [] : (value as unknown[]))) as T
  }, [id, run, arg] as const)

/** What the page shows, for a failure's message. */
async function shown(id: string): Promise<string> {
  const text = async (locator: ReturnType<Page['locator']>) => ((await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').slice(0, 400) : '(none)')
  // The site's own view of the connection (the demo's "Your account") beside the wallet's: an account
  // change the wallet made and the page did not follow shows as two different addresses.
  const site = await page.getByRole('region', { name: 'Your account' }).innerText({ timeout: 1_000 }).catch(() => '(unreadable)')
  const wallet = await page
    .evaluate((key) => {
      const controls = (window as unknown as Partial<PersonaWindow>).__porticoSolanaPersonas?.[key]
      const handle = (window as unknown as Partial<PersonaWindow>).__porticoPersonas?.[key]
      return `connected to the site as ${controls?.connectedAddress() ?? '(none)'}, selected ${handle?.accounts().join(', ') ?? '(unknown)'}`
    }, id)
    .catch((error: unknown) => `(unreadable: ${String(error)})`)
  return [
    `header: ${await text(header())}`,
    `the site's account: ${site.replace(/\s+/g, ' ')}`,
    `the wallet: ${wallet}`,
    `dialog: ${await text(dialog())}`,
    `toasts: ${await text(page.getByRole('status', { name: 'Notifications' }))}`,
    `wallet log: ${JSON.stringify((await activity(id).catch(() => [])).slice(-6))}`,
    `page errors: ${JSON.stringify(visitor.pageErrors)}`,
  ].join('\n')
}
const step = <T>(id: string, promise: Promise<T>) => explainFailure(promise, () => shown(id))

/** Verifies a sign-in the sandbox server holds, with libraries that are not the plugin's: @noble/curves and @solana/kit. */
async function expectVerifiedSession(address: string): Promise<Session> {
  const response = await visitor.context.request.get(`${sandbox.url}/siwx/sessions?chainId=${encodeURIComponent(solanaCaip2)}&address=${address}`)
  expect(response.status()).toBe(200)
  const { sessions } = (await response.json()) as { sessions: Session[] }
  const session = sessions.find((s) => s.data.accountAddress === address)
  expect(session, `the server holds no session for ${address}`).toBeDefined()
  const { message, signature, data } = session!
  expect(data).toMatchObject({ chainId: solanaCaip2, domain: new URL(sandbox.url).host })
  expect(message.split('\n').slice(0, 2)).toEqual([`${new URL(sandbox.url).host} wants you to sign in with your Solana account:`, address])
  const bytes = new TextEncoder().encode(message)
  expect(ed25519.verify(base58.decode(signature), bytes, base58.decode(address))).toBe(true)
  const key = await getPublicKeyFromAddress(address as Address)
  expect(await verifySignature(key, new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes, bytes)).toBe(true)
  // Not some other account's: the same signature does not verify for the other dev account.
  const other = address === devSolanaAddress ? devSolanaSecondAddress : devSolanaAddress
  expect(ed25519.verify(base58.decode(signature), bytes, base58.decode(other))).toBe(false)
  return session!
}

async function signIn(id: string): Promise<void> {
  await step(id, signInMessage(signView()))
  await step(id, expect.poll(() => signView().getByRole('button', { name: 'Sign', exact: true }).isEnabled()).toBe(true))
  await signView().getByRole('button', { name: 'Sign', exact: true }).click()
  await step(id, expect.poll(() => signView().count(), { timeout: 20_000 }).toBe(0))
}

async function openConnect(id: string, name: string) {
  await header().getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  // The persona's Wallet Standard wallet, found by its name (a late one appears when it registers).
  await step(id, expect.poll(() => connect.getByRole('button', { name, exact: true }).count()).toBe(1))
  await connect.getByRole('button', { name, exact: true }).click()
}

async function openAccount(address: string) {
  if ((await dialog().count()) > 0 && (await dialog().getAttribute('data-view')) !== 'Account') {
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(short(address)) }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
}

/** Account view → Send → form → preview → Send. */
async function sendSol(id: string, from: string, amount: string, receiver: string) {
  await openAccount(from)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
  await chooseSendToken(dialog(), 'SOL')
  await dialog().getByLabel('Amount').fill(amount)
  await dialog().getByLabel('Receiver address').fill(receiver)
  await dialog().getByRole('button', { name: 'Preview Send' }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
  await step(id, expect.poll(() => dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network fee/))
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
}

describe.each(rows)('$name ($id), as $docs says', (row) => {
  const { id, name } = row

  it(`registers ${row.registers}; a refused connection shows "Connection rejected"; "Try again" connects; sign-in is verified (ed25519) on the server and here`, async () => {
    // A new visitor: no stored connection, no wallet state, no sign-in session on the server.
    await clearSiteStorage(page, sandbox.url)
    await visitor.context.clearCookies()
    await page.goto(`${sandbox.url}/?personas=${id}&siwx=required`)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await step(id, expect.poll(() => header().getByRole('button', { name: /Portico Solana Localnet/ }).count()).toBe(1))

    await setMode(id, 'reject')
    await openConnect(id, name)
    const registrations = await page.evaluate(() => (window as unknown as { __walletRegistrations: { name: string; readyState: string }[] }).__walletRegistrations)
    const registration = registrations.find((r) => r.name === name)
    expect(registration, `${name} never registered (registered: ${JSON.stringify(registrations)})`).toBeDefined()
    expect(registration!.readyState === 'complete' ? 'after the page loaded' : 'before the page loaded').toBe(row.registers)
    await step(id, expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0))
    expect((await activity(id)).at(-1)).toEqual({ method: 'connect', outcome: 'rejected' })
    await setMode(id, 'approve')
    await dialog().getByRole('button', { name: 'Try again' }).click()

    await signIn(id)
    await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
    await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} SOL/))
    expect((await activity(id)).filter((a) => a.outcome === 'approved').map((a) => a.method)).toEqual(['connect', 'signMessage'])
    await expectVerifiedSession(devSolanaAddress)
  }, 90_000)

  it(row.restores ? 'a reload restores the connection with no prompt, still signed in' : 'a reload does not restore it (the wallet answers a silent connect with no account); one click reconnects with no prompt', async () => {
    await page.reload()
    if (row.restores) {
      await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
      expect(await activity(id)).toEqual([{ method: row.silentRestore, outcome: 'answered' }])
    } else {
      await step(id, expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
      expect(await activity(id)).toEqual([])
      await openConnect(id, name)
      await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
      expect(await activity(id)).toEqual([{ method: row.silentRestore, outcome: 'answered' }])
    }
    // Still signed in: no sign view, no new signature.
    expect(await signView().count()).toBe(0)
    expect(visitor.pageErrors).toEqual([])
  }, 60_000)

  it('sends 0.01 SOL to a fresh address: LiteSVM shows it arrived; a refused send shows the rejection and moves nothing', async () => {
    const receiver = freshAddress()
    await sendSol(id, devSolanaAddress, '0.01', receiver)
    const toasts = sendSuccess(page)
    await sendSettles(page, expect.poll(() => toasts.textContent(), { timeout: 30_000 }).toContain('Sent'), () => activity(id))
    await toasts.getByRole('button', { name: 'Done' }).click()
    expect(await lamportsOf(receiver)).toBe(10_000_000n)
    expect((await activity(id)).at(-1)).toEqual({ method: 'signAndSendTransaction', outcome: 'approved' })

    const refused = freshAddress()
    await setMode(id, 'reject')
    try {
      await step(id, expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account'))
      await sendSol(id, devSolanaAddress, '0.01', refused)
      await sendSettles(page, expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'), () => activity(id))
      expect((await activity(id)).at(-1)).toEqual({ method: 'signAndSendTransaction', outcome: 'rejected' })
      expect(await lamportsOf(refused)).toBe(0n)
    } finally {
      await setMode(id, 'approve')
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }, 90_000)

  if (row.accountSwitch === 'follows') {
    it('an account switch in the wallet is followed: the new account signs in with its own key, then the header shows it', async () => {
      // The shared persona handle's switch (to the other account, which approved the site).
      expect(await page.evaluate((key) => (window as unknown as PersonaWindow).__porticoPersonas[key]!.switchAccount!(), id)).toEqual([devSolanaSecondAddress])
      // Sign-in is per account and required here: the new account signs its own message; until it
      // has, the header says "Connecting…" rather than show an account that has not signed in (issue 52).
      await signIn(id)
      await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaSecondAddress)))
      await expectVerifiedSession(devSolanaSecondAddress)
      expect(visitor.pageErrors).toEqual([])
    }, 60_000)
  } else {
    it('an account switch in the wallet reaches the site not at all: it keeps its account, which still signs', async () => {
      await controls(id, 'switchAccount', [1, { siteApproved: true }])
      expect(await controls<string>(id, 'connectedAddress')).toBe(devSolanaSecondAddress)
      const sign = page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
      const result = page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await sign.click()
      await step(id, expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [1-9A-HJ-NP-Za-km-z]{80,90}$/))
      const signature = ((await result.textContent()) ?? '').slice('Signature: '.length)
      expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Hello from the Portico demo'), base58.decode(devSolanaAddress))).toBe(true)
      expect(await header().textContent()).toContain(short(devSolanaAddress))
    }, 60_000)
  }
})

describe('Phantom (solana/phantom): a site it no longer trusts', () => {
  const id = 'solana/phantom'
  it('after Phantom forgot the site, a reload is not restored and shows no error (its silent connect throws 4001)', async () => {
    await clearSiteStorage(page, sandbox.url)
    await visitor.context.clearCookies()
    await page.goto(`${sandbox.url}/?personas=${id}`)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await openConnect(id, 'Phantom')
    await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
    await controls(id, 'forgetSite')
    await page.reload()
    await step(id, expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
    expect(await activity(id)).toEqual([{ method: 'connect (onlyIfTrusted)', outcome: 'rejected' }])
    expect(((await page.getByRole('status', { name: 'Notifications' }).textContent()) ?? '').trim()).toBe('')
    expect(visitor.pageErrors).toEqual([])
  }, 60_000)

  it('a switch to an account that does not trust the site: accountChanged(null), and the site is disconnected', async () => {
    await clearSiteStorage(page, sandbox.url)
    await page.goto(`${sandbox.url}/?personas=${id}`)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await openConnect(id, 'Phantom')
    await step(id, expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
    await controls(id, 'switchAccount', [1, { siteApproved: false }])
    await step(id, expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
    expect(await page.getByTestId('account-status').textContent()).toBe('disconnected')
    expect(visitor.pageErrors).toEqual([])
  }, 60_000)

  it("its Wallet Standard wallet, asked directly: solana:signIn builds the SIWS message and signs it (verified with @solana/kit); a foreign domain or a copied account object is refused", async () => {
    await clearSiteStorage(page, sandbox.url)
    await page.goto(`${sandbox.url}/?personas=${id}`)
    const issuedAt = new Date().toISOString()
    const answer = await page.evaluate(async (issued) => {
      type Feature = Record<string, (...args: unknown[]) => Promise<unknown>>
      const found: { name: string; features: Record<string, Feature>; accounts: readonly unknown[] }[] = []
      // An app announcing itself: the wallet answers `app-ready` with its registration.
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: (...wallets: typeof found) => (found.push(...wallets), () => {}) } }))
      const wallet = found.find((w) => w.name === 'Phantom')
      if (!wallet) return { error: `no Phantom among ${found.map((w) => w.name).join(', ')}` }
      const code = async (run: () => Promise<unknown>) => run().then(() => 'resolved', (e: { code?: number; message?: string }) => e?.code ?? e?.message)
      const input = { domain: location.host, statement: 'Sign in to the Portico demo', uri: location.href, version: '1', chainId: 'localnet', nonce: 'k3Jd8s0aPq1Lm2Nb', issuedAt: issued }
      const foreign = await code(() => wallet.features['solana:signIn']!.signIn!({ ...input, domain: 'evil.example' }))
      const [output] = (await wallet.features['solana:signIn']!.signIn!(input)) as { account: { address: string }; signedMessage: Uint8Array; signature: Uint8Array; signatureType: string }[]
      const account = wallet.accounts[0] as { address: string; publicKey: Uint8Array }
      const copied = await code(() => wallet.features['solana:signMessage']!.signMessage!({ account: { ...account }, message: new Uint8Array([1]) }))
      const provider = (window as unknown as { phantom: { solana: { isPhantom: boolean; isConnected: boolean; signMessage(m: Uint8Array): Promise<unknown> } }; solana: unknown })
      const siwsElsewhere = await code(() => provider.phantom.solana.signMessage(new TextEncoder().encode(`evil.example wants you to sign in with your Solana account:\n${account.address}`)))
      return {
        versions: Object.fromEntries(Object.entries(wallet.features).map(([name, feature]) => [name, (feature as unknown as { version?: string }).version])),
        foreign,
        copied,
        siwsElsewhere,
        isPhantom: provider.phantom.solana.isPhantom,
        sameObject: provider.solana === provider.phantom.solana,
        connected: provider.phantom.solana.isConnected,
        output: { address: output!.account.address, sameAccount: output!.account === wallet.accounts[0], message: new TextDecoder().decode(output!.signedMessage), signature: [...output!.signature], signatureType: output!.signatureType },
      }
    }, issuedAt)
    expect(answer).not.toHaveProperty('error')
    const { output, ...rest } = answer as Exclude<typeof answer, { error: string }>
    expect(rest).toEqual({
      versions: { 'standard:connect': '1.0.0', 'standard:disconnect': '1.0.0', 'standard:events': '1.0.0', 'solana:signAndSendTransaction': '1.0.0', 'solana:signTransaction': '1.0.0', 'solana:signMessage': '1.1.0', 'solana:signIn': '1.0.0', 'phantom:': undefined },
      foreign: -32000,
      copied: 'invalid account',
      siwsElsewhere: -32000,
      isPhantom: true,
      sameObject: true,
      connected: true,
    })
    const host = new URL(sandbox.url).host
    // The SIWS specification's template, field by field (github.com/phantom/sign-in-with-solana).
    expect(output.message).toBe(
      `${host} wants you to sign in with your Solana account:\n${devSolanaAddress}\n\nSign in to the Portico demo\n\nURI: ${sandbox.url}/?personas=${id}\nVersion: 1\nChain ID: localnet\nNonce: k3Jd8s0aPq1Lm2Nb\nIssued At: ${issuedAt}`,
    )
    expect(output).toMatchObject({ address: devSolanaAddress, sameAccount: true, signatureType: 'ed25519' })
    const key = await getPublicKeyFromAddress(devSolanaAddress as Address)
    expect(await verifySignature(key, new Uint8Array(output.signature) as SignatureBytes, new TextEncoder().encode(output.message))).toBe(true)
    // Refused before any prompt: the log holds the sign-in and nothing for the refused calls.
    expect((await activity(id)).map((a) => a.method)).toEqual(['signIn'])
  }, 60_000)

  it('broke no CSP rule and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
