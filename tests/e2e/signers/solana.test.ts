// Issue 47, acceptance 2 on solana: the demo's "Your own transaction" (sandbox/demo/siteTransactions/
// solanaTransaction.tsx) as a visitor uses it in real Chromium against the sandbox: pUSD and a memo
// in one transaction the site builds with @solana/kit, signed through useSigner('solana') by the
// Solana Portico Dev Wallet, the Phantom, Solflare and Backpack personas, the /wallet page over WalletConnect, the emulated
// Ledger and the embedded wallet, each approved where a visitor approves it; the outcome is read
// back from LiteSVM (the recipient's pUSD, the memo the Memo program logged, the fee payer).
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devSolanaAddress, devSolanaSigner } from '../../../sandbox/solana/devSolana.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { mailedCode } from '../../helpers/sandboxMail.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = {
  chains: { caipNetworkId: string; nodeUrl: string; tokens: { address: string }[] }[]
  ledgerAccounts: { solana: string[] }
  auth: { walletOrigin: string }
}
type Activity = { method: string; outcome: string }
type Landed = { meta: { err: unknown; logMessages: string[] }; transaction: { message: { accountKeys: string[] } } }

const solanaCaip2 = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
const mint = '3qSYR2We8Lnf9xRrwWrqjkjNEbmZcAvSFsdVNkatKQQx'
const short = (value: string) => `${value.slice(0, 4)}…${value.slice(-4)}`
const freshAddress = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))

let sandbox: TestSandbox
let info: SandboxJson
let nodeUrl: string

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === solanaCaip2)
  if (!chain?.tokens.some((t) => t.address === mint)) throw new Error(`The sandbox has no ${solanaCaip2} chain with the pUSD mint`)
  nodeUrl = chain.nodeUrl
}, 200_000)

afterAll(async () => {
  await sandbox?.stop()
})

async function rpcCall<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Raw pUSD units of `owner`, summed over its token accounts (0 when it has none). */
async function pusdOf(owner: string): Promise<bigint> {
  const answer = await rpcCall<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>('getTokenAccountsByOwner', [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }])
  return answer.value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
}

/**
 * Gives `owner` pUSD from the dev key (a kit transfer signed in Node), and SOL for fees from the
 * sandbox's faucet: what an account needs before it pays in pUSD.
 */
async function fund(owner: string, pusdUnits: bigint): Promise<void> {
  const faucet = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `${solanaCaip2}:${owner}`, amount: '1' }) })
  expect(faucet.status, await faucet.clone().text()).toBe(200)
  const rpc = createSolanaRpc(nodeUrl)
  const dev = await devSolanaSigner()
  const [source] = await findAssociatedTokenPda({ owner: dev.address, mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const before = await pusdOf(owner)
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(dev, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({ payer: dev, ata: destination, owner: address(owner), mint: address(mint) }),
            getTransferCheckedInstruction({ source, mint: address(mint), destination, authority: dev, amount: pusdUnits, decimals: 6 }),
          ],
          m,
        ),
    ),
  )
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
  await expect.poll(() => pusdOf(owner), { timeout: 20_000 }).toBe(before + pusdUnits)
  expect(getSignatureFromTransaction(signed)).toBeTruthy()
}

const section = (page: Page) => page.getByRole('region', { name: 'Your own transaction' })
const outcome = (page: Page) => section(page).getByRole('status')

/** Fills the demo's form and presses its button, as a visitor does. */
async function submitOwnTransaction(page: Page, { to, amount, memo }: { to: string; amount: string; memo: string }): Promise<void> {
  const form = section(page)
  await form.waitFor({ timeout: 30_000 })
  await form.getByRole('textbox', { name: 'Recipient' }).fill(to)
  await form.getByRole('textbox', { name: 'Amount (pUSD)' }).fill(amount)
  await form.getByRole('textbox', { name: 'Memo' }).fill(memo)
  await expect.poll(() => form.getByRole('button', { name: 'Send pUSD with a memo' }).isEnabled(), { timeout: 30_000 }).toBe(true)
  await form.getByRole('button', { name: 'Send pUSD with a memo' }).click()
}

/** The signature the demo shows once the chain confirmed the transaction. */
async function confirmedSignature(page: Page, describe: () => Promise<string>): Promise<string> {
  await explainFailure(expect.poll(() => outcome(page).textContent(), { timeout: 60_000 }).toMatch(/^(Confirmed|Failed): /), describe)
  const text = (await outcome(page).textContent()) ?? ''
  expect(text, await describe()).toMatch(/^Confirmed: [1-9A-HJ-NP-Za-km-z]{64,88}$/)
  return text.replace('Confirmed: ', '')
}

/** What the chain says of `signature`: it landed without error, paid by `payer`, with `memo` logged and signed by the payer. */
async function expectLanded(signature: string, { payer, memo }: { payer: string; memo: string }): Promise<void> {
  const landed = await rpcCall<Landed>('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }])
  expect(landed.meta.err).toBeNull()
  expect(landed.transaction.message.accountKeys[0]).toBe(payer)
  expect(landed.meta.logMessages.join('\n')).toContain(['Program log: Signed by:', `Program log: ${payer}`, `Program log: Memo (len ${new TextEncoder().encode(memo).length})`, `Program log: ${memo}`].join('\n'))
}

/** Makes the Solana localnet the active network from the header's network button. */
async function chooseSolana(page: Page): Promise<void> {
  const header = page.getByRole('navigation', { name: 'Wallet' })
  await header.getByRole('button', { name: /Portico Devnet A/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Portico Solana Localnet' }).click()
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
  await expect.poll(() => header.getByRole('button', { name: /Portico Solana Localnet/ }).count()).toBe(1)
}

/** What the page shows, for a failure's message. */
async function shown(page: Page, extra = ''): Promise<string> {
  const text = async (selector: string) => ((await page.locator(selector).count()) ? (await page.locator(selector).first().innerText({ timeout: 2_000 }).catch(() => '?')).replace(/\s+/g, ' ').slice(0, 500) : '(none)')
  return `header: ${await text('nav')}\ndialog: ${await text('[role="dialog"]')}\nown transaction: ${await text('section[aria-labelledby="site-transaction-title"]')}${extra}`
}

function expectCleanPage(visitor: SandboxPage): void {
  expect(visitor.pageErrors).toEqual([])
  expect(visitor.blocked).toEqual([])
}

describe("the demo's solana transaction over the Solana Portico Dev Wallet (Wallet Standard)", () => {
  let visitor: SandboxPage
  let page: Page
  beforeAll(async () => {
    visitor = await openSandboxPage()
    page = visitor.page
    page.setDefaultTimeout(20_000)
  })
  afterAll(async () => {
    await visitor?.close()
  })
  const activity = () => page.evaluate(() => (window as unknown as { __porticoSolanaDevWallet: { activity(): Activity[] } }).__porticoSolanaDevWallet.activity())

  it('the section appears once a Solana account is connected; the wallet signs and sends, LiteSVM confirms the pUSD and the memo', async () => {
    await page.goto(sandbox.url)
    await chooseSolana(page)
    expect(await section(page).count()).toBe(0)
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => page.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress))
    const to = freshAddress()
    const before = await pusdOf(devSolanaAddress)
    const memo = `Order ${randomBytes(3).toString('hex')}`
    await submitOwnTransaction(page, { to, amount: '1.5', memo })
    const signature = await confirmedSignature(page, () => shown(page))
    expect(await pusdOf(to)).toBe(1_500_000n)
    expect(await pusdOf(devSolanaAddress)).toBe(before - 1_500_000n)
    await expectLanded(signature, { payer: devSolanaAddress, memo })
    expect((await activity()).at(-1)).toEqual({ method: 'solana:signAndSendTransaction', outcome: 'approved' })
    expectCleanPage(visitor)
  }, 120_000)

  it('with "Reject requests" on, the visitor\'s refusal shows and nothing moves', async () => {
    const toggle = page.getByRole('region', { name: 'Portico Dev Wallet (Solana)', exact: true }).getByRole('switch', { name: 'Reject requests' })
    await toggle.check()
    try {
      const to = freshAddress()
      await submitOwnTransaction(page, { to, amount: '2', memo: 'refused' })
      await explainFailure(expect.poll(() => outcome(page).textContent(), { timeout: 30_000 }).toMatch(/^Failed: .*rejected/i), () => shown(page))
      expect(await pusdOf(to)).toBe(0n)
      expect((await activity()).at(-1)).toEqual({ method: 'solana:signAndSendTransaction', outcome: 'rejected' })
    } finally {
      await toggle.uncheck()
    }
  }, 60_000)
})

/** Each Solana persona (docs/wallets/<wallet>.md): its dialect of the Wallet Standard, and how it refuses. */
const personas = [
  { id: 'solana/phantom', name: 'Phantom', refusal: 'User rejected the request.' },
  // Solflare's SDK rejects with no reason at all: the plugin reads that as the visitor's refusal.
  { id: 'solana/solflare', name: 'Solflare', refusal: 'The wallet declined the request without giving a reason' },
  { id: 'solana/backpack', name: 'Backpack', refusal: 'User rejected the request.' },
] as const

describe.each(personas)("the demo's solana transaction over the $name persona (?personas=$id)", ({ id, name, refusal }) => {
  it(`${name}'s Wallet Standard wallet signs and sends, LiteSVM confirms; its refusal shows and moves nothing`, async () => {
    const visitor = await openSandboxPage()
    try {
      const page = visitor.page
      page.setDefaultTimeout(20_000)
      const log = () => page.evaluate((key) => (window as unknown as { __porticoPersonas: Record<string, { activity(): Activity[] }> }).__porticoPersonas[key]!.activity(), id)
      const setMode = (mode: 'approve' | 'reject') => page.evaluate(([key, value]) => (window as unknown as { __porticoPersonas: Record<string, { setMode(m: string): void }> }).__porticoPersonas[key]!.setMode(value), [id, mode] as const)
      await page.goto(`${sandbox.url}/?personas=${id}`)
      await chooseSolana(page)
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      const connect = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name, exact: true })
      // Solflare's wallet registers after the page's load.
      await expect.poll(() => connect.count(), { timeout: 20_000 }).toBe(1)
      await connect.click()
      await expect.poll(() => page.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress))
      const to = freshAddress()
      const memo = `Paid with ${name}`
      await submitOwnTransaction(page, { to, amount: '0.25', memo })
      const signature = await confirmedSignature(page, () => shown(page))
      expect(await pusdOf(to)).toBe(250_000n)
      await expectLanded(signature, { payer: devSolanaAddress, memo })
      expect((await log()).at(-1)).toEqual({ method: 'signAndSendTransaction', outcome: 'approved' })

      await setMode('reject')
      const refused = freshAddress()
      await submitOwnTransaction(page, { to: refused, amount: '0.25', memo: 'no' })
      await explainFailure(expect.poll(() => outcome(page).textContent(), { timeout: 30_000 }).toBe(`Failed: ${refusal}`), () => shown(page))
      expect((await log()).at(-1)).toEqual({ method: 'signAndSendTransaction', outcome: 'rejected' })
      expect(await pusdOf(refused)).toBe(0n)
      expectCleanPage(visitor)
    } finally {
      await visitor.close()
    }
  }, 120_000)
})

describe("the demo's solana transaction over WalletConnect, approved on the /wallet page", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('the request shows its memo on the wallet page; Approve signs and sends; LiteSVM confirms', async () => {
    const pair = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Solana Localnet', chain: solanaCaip2, method: 'solana_signAndSendTransaction' })
    try {
      const { demo, walletPage } = pair
      await explainFailure(expect.poll(() => demo.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 30_000 }).toContain(short(devSolanaAddress)), pair.describe)
      const to = freshAddress()
      const memo = 'Approved on my phone'
      await submitOwnTransaction(demo, { to, amount: '0.5', memo })
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'solana_signAndSendTransaction from Portico demo dApp' })
      await explainFailure(request.waitFor({ timeout: 30_000 }), pair.describe)
      const details = (await request.textContent()) ?? ''
      expect(details).toContain(devSolanaAddress)
      expect(details).toContain('Associated Token Account, SPL Token, Memo')
      expect(details).toContain(memo)
      expect(await outcome(demo).textContent()).toBe('Waiting for the wallet…')
      await request.getByRole('button', { name: 'Approve' }).click()
      const signature = await confirmedSignature(demo, pair.describe)
      expect(await pusdOf(to)).toBe(500_000n)
      await expectLanded(signature, { payer: devSolanaAddress, memo })
      expect(pair.errors).toEqual([])
      expect(pair.blocked).toEqual([])
    } finally {
      await pair.context.close()
    }
  }, 180_000)
})

describe("the demo's solana transaction on the emulated Ledger", () => {
  it("the device asks; the visitor's Approve on it signs; LiteSVM confirms, paid by the Ledger account", async () => {
    const account = info.ledgerAccounts.solana[0]!
    await fund(account, 3_000_000n)
    const visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
    try {
      const page = visitor.page
      page.setDefaultTimeout(20_000)
      await page.goto(sandbox.url)
      await chooseSolana(page)
      const dialog = page.getByRole('dialog')
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog.getByRole('button', { name: 'Ledger', exact: true }).click()
      await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
      // The visitor opens the Solana app on the device.
      const device = page.getByRole('region', { name: 'Ledger (emulated)' })
      await explainFailure(expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain('Open the Solana app on your Ledger'), () => shown(page))
      await device.getByRole('combobox', { name: 'App' }).selectOption('Solana')
      const rows = dialog.getByRole('list', { name: 'Accounts on your Ledger' }).getByRole('button')
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(5)
      await rows.first().click()
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
      await expect.poll(() => page.getByRole('navigation', { name: 'Wallet' }).textContent()).toContain(short(account))

      await device.getByRole('combobox', { name: 'Answer' }).selectOption('ask')
      const to = freshAddress()
      const memo = 'Signed on a Ledger'
      await submitOwnTransaction(page, { to, amount: '1', memo })
      const approve = device.getByRole('button', { name: 'Approve' })
      await explainFailure(expect.poll(() => approve.isEnabled(), { timeout: 30_000 }).toBe(true), () => shown(page))
      await approve.click()
      const signature = await confirmedSignature(page, () => shown(page))
      expect(await pusdOf(to)).toBe(1_000_000n)
      await expectLanded(signature, { payer: account, memo })
      expectCleanPage(visitor)
    } finally {
      await visitor.close()
    }
  }, 180_000)
})

describe("the demo's solana transaction in the embedded wallet", () => {
  it('the approval screen in the wallet frame shows the pUSD; Approve there signs and sends; LiteSVM confirms', async () => {
    const visitor = await openSandboxPage()
    try {
      const page = visitor.page
      page.setDefaultTimeout(20_000)
      await page.goto(sandbox.url)
      await chooseSolana(page)
      const dialog = page.getByRole('dialog')
      const email = `signer-${Date.now().toString(36)}@example.com`
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
      await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor()
      await dialog.getByRole('textbox', { name: 'Code' }).fill((await mailedCode(sandbox.url, email)).code)
      const verify = dialog.getByRole('button', { name: 'Verify' })
      if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
      await explainFailure(expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0), () => shown(page))
      // The embedded wallet's Solana account, as the demo's "Your account" shows it (CAIP-10).
      let account = ''
      const caip10 = new RegExp(`${solanaCaip2}:([1-9A-HJ-NP-Za-km-z]{32,44})`)
      await explainFailure(expect.poll(async () => (account = caip10.exec(await page.locator('main').innerText())?.[1] ?? ''), { timeout: 30_000 }).not.toBe(''), () => shown(page))
      await fund(account, 2_000_000n)

      const to = freshAddress()
      const memo = 'From my email wallet'
      await submitOwnTransaction(page, { to, amount: '0.75', memo })
      const frame = page.frameLocator('iframe[title="Portico wallet"]')
      const screenText = async () => ((await frame.locator('main#portico-approval').innerText().catch(() => '(no approval screen)')) ?? '').replace(/\s+/g, ' ')
      await explainFailure(expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent().catch(() => null), { timeout: 30_000 }).toBe('Send 0.75 pUSD'), async () => `frame: ${await screenText()}\n${await shown(page)}`)
      const text = await screenText()
      expect(text).toContain(`Recipient ${to}`)
      expect(text).toContain(`Network Portico Solana Localnet (${solanaCaip2})`)
      expect(text).not.toContain('cannot decode')
      // The visitor's own click inside the frame (it turns clicks away in its first moments on screen).
      await explainFailure(
        expect
          .poll(
            async () => {
              if ((await frame.locator('#portico-approval').count()) === 0) return 'gone'
              await frame.getByRole('button', { name: 'Approve the transaction' }).click({ timeout: 2_000 }).catch(() => undefined)
              return (await frame.locator('#portico-approval').count()) === 0 ? 'gone' : 'shown'
            },
            { timeout: 30_000, interval: 250 },
          )
          .toBe('gone'),
        async () => `frame: ${await screenText()}`,
      )
      const signature = await confirmedSignature(page, () => shown(page))
      expect(await pusdOf(to)).toBe(750_000n)
      await expectLanded(signature, { payer: account, memo })
      expectCleanPage(visitor)
    } finally {
      await visitor.close()
    }
  }, 180_000)
})
