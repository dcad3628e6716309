// Issue 47 as a visitor, for bip122: the demo's "Your own transaction" in real Chromium against
// `npm start` — a PSBT the site builds with @scure/btc-signer (two inputs of the payment address,
// an OP_RETURN output), signed through `useSigner('bip122')` by whichever wallet holds the
// connection and broadcast — over the Bitcoin dev wallet (WBIP004, sats-connect's shapes), the
// Leather persona (its own `{ hex, signAtIndex }` dialect) and WalletConnect with the sandbox's
// /wallet page, each approved as a visitor would. What lands is read back from the regtest
// ledger's Esplora API; a refusal in the wallet shows as the typed user rejection (`isUserRejection`:
// 4001, WalletConnect's 5000) and sends nothing.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { recordCspViolations } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type Activity = { method: string; outcome: string }
type EsploraTx = { txid: string; vin: { prevout: { scriptpubkey_address?: string } | null }[]; vout: { scriptpubkey: string; scriptpubkey_type: string; value: number }[] }

const caip2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const memo = 'Hello from the Portico demo'
const memoScript = `6a${memo.length.toString(16).padStart(2, '0')}${Buffer.from(memo).toString('hex')}`
const short = `${devBitcoinAddress.slice(0, 4)}…${devBitcoinAddress.slice(-4)}`
const broadcast = /^Broadcast ([0-9a-f]{64}) \(2 inputs, OP_RETURN "Hello from the Portico demo"\)$/

let sandbox: TestSandbox
let browser: Browser
let esplora: string

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  const chain = info.chains.find((c) => c.caipNetworkId === caip2)
  if (!chain) throw new Error(`The sandbox has no ${caip2} chain`)
  esplora = chain.nodeUrl
})
afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

/** Two fresh UTXOs on the payment address (the faucet answers once they are spendable), so the example has its two inputs. */
async function fundTwoUtxos() {
  for (const amount of ['0.002', '0.003']) {
    const funded = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `${caip2}:${devBitcoinAddress}`, amount }) })
    if (!funded.ok) throw new Error(`The faucet refused: ${funded.status} ${await funded.text()}`)
  }
}

/** The transaction as the ledger's Esplora API holds it: two inputs of the payment address, the OP_RETURN first. */
async function readBack(txid: string): Promise<EsploraTx> {
  const response = await fetch(`${esplora}/tx/${txid}`)
  expect(response.status).toBe(200)
  const tx = (await response.json()) as EsploraTx
  expect(tx.txid).toBe(txid)
  expect(tx.vin.map((input) => input.prevout?.scriptpubkey_address)).toEqual([devBitcoinAddress, devBitcoinAddress])
  expect(tx.vout[0]).toEqual(expect.objectContaining({ scriptpubkey_type: 'op_return', scriptpubkey: memoScript, value: 0 }))
  expect(tx.vout[1]).toEqual(expect.objectContaining({ scriptpubkey_address: devBitcoinAddress }))
  return tx
}

/** The payment address's unspent outputs (`txid:vout`), to see that a refusal spent nothing. */
async function unspent(): Promise<string[]> {
  const utxos = (await (await fetch(`${esplora}/address/${devBitcoinAddress}/utxo`)).json()) as { txid: string; vout: number }[]
  return utxos.map((u) => `${u.txid}:${u.vout}`).sort()
}

/** The demo's "Your own transaction" section, its button and its status line. */
function siteTransaction(page: Page): { button: Locator; status: Locator } {
  const section = page.getByRole('region', { name: 'Your own transaction' })
  return { button: section.getByRole('button', { name: 'Sign and broadcast the PSBT' }), status: section.getByRole('status') }
}

/** Clicks the example's button once the signer is there, and waits for its status line to change. */
async function run(page: Page, describe: () => Promise<string>): Promise<string> {
  const { button, status } = siteTransaction(page)
  await explainFailure(expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true), describe)
  const before = (await status.textContent()) ?? ''
  await button.click()
  await explainFailure(expect.poll(async () => { const text = (await status.textContent()) ?? ''; return text !== before && text !== 'Waiting for the wallet…' }, { timeout: 30_000 }).toBe(true), describe)
  return (await status.textContent()) ?? ''
}

/** A visitor on the demo with the wallets of `query` injected: Bitcoin regtest made active, `wallet` connected. */
async function connectInjected(query: string, wallet: RegExp) {
  const { context, blocked } = await newLoopbackContext(browser)
  await context.addInitScript({ content: recordCspViolations })
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const header = page.getByRole('navigation', { name: 'Wallet' })
  const dialog = page.getByRole('dialog')
  const describe = async () => `header: ${await header.textContent().catch(() => '?')} | dialog: ${(await dialog.count()) ? await dialog.first().textContent({ timeout: 1_000 }).catch(() => '(closed)') : '(none)'} | example: ${await siteTransaction(page).status.textContent().catch(() => '(none)')} | errors: ${errors.join(' | ') || 'none'}`
  await page.goto(`${sandbox.url}/${query}`)
  await header.getByRole('button', { name: /Portico Devnet A/ }).click()
  await dialog.getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
  await header.getByRole('button', { name: 'Connect Wallet' }).click()
  const list = page.getByRole('dialog', { name: 'Connect Wallet' })
  await explainFailure(expect.poll(() => list.getByRole('button', { name: wallet }).count()).toBe(1), describe)
  await list.getByRole('button', { name: wallet }).click()
  await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(short), describe)
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
  return { context, page, errors, blocked, describe }
}

describe('the demo\'s Bitcoin "Your own transaction", signed through useSigner(\'bip122\')', () => {
  it('over the Bitcoin dev wallet: a refusal is a user rejection (4001) and sends nothing; approved, the PSBT lands on the ledger', async () => {
    await fundTwoUtxos()
    const { context, page, errors, blocked, describe } = await connectInjected('', /^Portico Dev Wallet$/)
    try {
      const activity = () => page.evaluate(() => (window as unknown as { __porticoBitcoinDevWallet: { activity(): Activity[] } }).__porticoBitcoinDevWallet.activity())
      await page.evaluate(() => (window as unknown as { __porticoBitcoinDevWallet: { setMode(mode: string): void } }).__porticoBitcoinDevWallet.setMode('reject'))
      const before = await unspent()
      const refused = await run(page, describe)
      expect(refused).toMatch(/^Not sent \(refused in the wallet\): \w+ 4001: /)
      expect((await activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'rejected' })
      expect(await unspent()).toEqual(before)
      await page.evaluate(() => (window as unknown as { __porticoBitcoinDevWallet: { setMode(mode: string): void } }).__porticoBitcoinDevWallet.setMode('approve'))
      const sent = await run(page, describe)
      expect(sent, await describe()).toMatch(broadcast)
      await readBack(broadcast.exec(sent)![1]!)
      expect((await activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
      expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)

  it('over the Leather persona (signPsbt { hex, signAtIndex } in its own dialect): the PSBT lands on the ledger', async () => {
    await fundTwoUtxos()
    const { context, page, errors, blocked, describe } = await connectInjected('?personas=bip122/leather', /^Leather$/)
    try {
      const sent = await run(page, describe)
      expect(sent, await describe()).toMatch(broadcast)
      await readBack(broadcast.exec(sent)![1]!)
      const activity = await page.evaluate(() => (window as unknown as { __porticoPersonas: Record<string, { activity(): Activity[] }> }).__porticoPersonas['bip122/leather']!.activity())
      expect(activity.at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)

  it('over WalletConnect: the /wallet page shows the PSBT\'s outputs (the OP_RETURN as text); Reject is a user rejection, Approve lands the PSBT on the ledger', async () => {
    await fundTwoUtxos()
    const { context, demo, walletPage, errors, blocked, describe } = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Bitcoin Regtest', chain: caip2, method: 'signPsbt' })
    try {
      await explainFailure(expect.poll(() => demo.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short), describe)
      await explainFailure(expect.poll(() => demo.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), describe)
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const request = requests.getByRole('article', { name: 'signPsbt from Portico demo dApp' })
      const { button, status } = siteTransaction(demo)
      await explainFailure(expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true), describe)

      // Refused on the wallet page.
      const before = await unspent()
      await button.click()
      await explainFailure(request.waitFor({ timeout: 20_000 }), describe)
      await request.getByRole('button', { name: 'Reject' }).click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not sent \(refused in the wallet\): \w+ (4001|5000): /), describe)
      await explainFailure(expect.poll(() => request.count(), { timeout: 20_000 }).toBe(0), describe)
      expect(await unspent()).toEqual(before)

      // Approved: the visitor sees what the PSBT pays before approving.
      await button.click()
      await explainFailure(request.waitFor({ timeout: 20_000 }), describe)
      const shown = (await request.textContent()) ?? ''
      expect(shown).toContain(`OP_RETURN ${memo}`)
      expect(shown).toContain(devBitcoinAddress)
      await request.getByRole('button', { name: 'Approve' }).click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(broadcast), describe)
      await readBack(broadcast.exec((await status.textContent()) ?? '')![1]!)
      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 150_000)
})
