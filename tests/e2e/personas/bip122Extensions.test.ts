// Issue 46 as a visitor with the Bitcoin wallets that inject a global of their own: Unisat
// (`window.unisat`), Phantom (`window.phantom.bitcoin`) and OKX Wallet (`window.okxwallet.bitcoin`),
// each a sandbox persona speaking that wallet's documented dialect (docs/wallets/<wallet>.md), on the
// demo site from `npm start` in real Chromium, against the regtest Esplora ledger and the server.
// Per persona: a refused connection and "Try again", reconnect after reload, sign-in (the BIP-322
// signature checked again with bitcoinjs-lib), an account change in the wallet, a PSBT-based send
// whose receiver's balance is read back from the ledger, and a refused send.
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {} from '../../../sandbox/bitcoinWallet/bitcoinPersonaActions.js'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { devBitcoinAddress, devBitcoinKeyAt, p2wpkhRegtestAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { sendSettles } from '../../helpers/describeSend.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

bitcoin.initEccLib(ecc)
const caip2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** The sandbox's P2TR key of account 0 (m/86'/1'/0'/0/0), the Unisat and OKX personas' other address type. */
const taprootAddress = 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv'
/** Phantom's second account (m/84'/1'/1'/0/0): the Phantom persona pays from it once the visitor switches to it, away from the dev wallet tests' payment address. */
const secondAccount = p2wpkhRegtestAddress(devBitcoinKeyAt("m/84'/1'/1'/0/0").publicKey)
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

type Row = {
  id: string
  /** The page citing the wallet's own documentation the persona follows. */
  docs: string
  /** The wallet's name in the Connect list. */
  button: string
  /** The wallet's own names of its connect and PSBT calls, as the persona logs them. */
  connectMethod: string
  psbtMethod: string
  /** How the plugin reconnects on load: Unisat's and OKX's `getAccounts` never prompts; Phantom answers a connected app's `requestAccounts` at once. */
  reconnectMethod: string
  /** What the wallet shows after the visitor switches account in it, and where the send then pays from. */
  switchedTo: 'taproot' | 'account 1'
}
const rows: Row[] = [
  { id: 'bip122/unisat', docs: 'docs/wallets/unisat.md#bitcoin', button: 'Unisat', connectMethod: 'requestAccounts', psbtMethod: 'signPsbt', reconnectMethod: 'getAccounts', switchedTo: 'taproot' },
  { id: 'bip122/phantom', docs: 'docs/wallets/phantom.md#bitcoin', button: 'Phantom', connectMethod: 'requestAccounts', psbtMethod: 'signPSBT', reconnectMethod: 'requestAccounts', switchedTo: 'account 1' },
  { id: 'bip122/okx', docs: 'docs/wallets/okx.md#bitcoin', button: 'OKX Wallet', connectMethod: 'requestAccounts', psbtMethod: 'signPsbt', reconnectMethod: 'getAccounts', switchedTo: 'taproot' },
]
const personas = listPersonas()

let sandbox: TestSandbox
let esplora: string
let visitor: SandboxPage
let page: Page

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
async function satsOf(address: string): Promise<bigint> {
  const info = (await (await fetch(`${esplora}/address/${address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
  return BigInt(info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum)
}

beforeAll(async () => {
  ;[sandbox, visitor] = await Promise.all([startSandbox({ reuseFromEnv: true }), openSandboxPage()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  esplora = info.chains.find((c) => c.caipNetworkId === caip2)!.nodeUrl
  page = visitor.page
  page.setDefaultTimeout(20_000)
  // The Unisat and OKX personas pay from the Taproot address once the visitor switches to it there, Phantom from its second account.
  for (const address of [taprootAddress, secondAccount]) {
    const funded = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `${caip2}:${address}`, amount: '0.1' }) })
    if (!funded.ok) throw new Error(`The faucet refused ${address}: ${funded.status} ${await funded.text()}`)
  }
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
const headerText = async () => (await header().textContent()) ?? ''
const activity = (id: string) => page.evaluate((id) => window.__porticoPersonas![id]!.activity(), id)
const setMode = (id: string, mode: 'approve' | 'reject') => page.evaluate(({ id, mode }) => window.__porticoPersonas![id]!.setMode(mode), { id, mode })
const switchAccount = (id: string) => page.evaluate((id) => window.__porticoBitcoinPersonas![id]!.switchAccount(), id)
const count = async (id: string, method: string) => (await activity(id)).filter((a) => a.method === method).length
/** What the page shows, for a failure's message (read when a wait failed; never waits more than a second). */
const shown = async () => `header: ${await header().textContent({ timeout: 1_000 }).catch(() => '(none)')} | dialog: ${(await dialog().count()) ? await dialog().first().textContent({ timeout: 1_000 }).catch(() => '(closed)') : '(none)'}`

async function openAccount(address: string) {
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(short(address)) }).click()
  await explainFailure(expect.poll(() => dialog().getAttribute('data-view')).toBe('Account'), shown)
}

/** Sends `amount` BTC to `receiver` through the modal's send form, from the account the header shows. */
async function send(from: string, receiver: string) {
  await openAccount(from)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await chooseSendToken(dialog(), 'BTC')
  await dialog().getByLabel('Amount').fill('0.001')
  await dialog().getByLabel('Receiver address').fill(receiver)
  await dialog().getByRole('button', { name: 'Preview Send' }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
}

describe.each(rows)('$id, following $docs, on the demo site', (row) => {
  const persona = personas.find((p) => p.id === row.id)

  it(`is a persona of the sandbox, named ${row.button}, following its docs page`, () => {
    expect(persona, `no persona ${row.id} in ${personas.map((p) => p.id).join(', ')}`).toBeDefined()
    expect(persona!.name).toBe(row.button)
    expect(`${persona!.docs}#bitcoin`).toBe(row.docs)
  })

  it(`a refused connection says so, and "Try again" connects the payment address (${short(devBitcoinAddress)})`, async () => {
    // A new visitor: no stored connection, no site permission in any persona, no sign-in session.
    await clearSiteStorage(page, sandbox.url)
    await page.context().request.delete(`${sandbox.url}/siwx/sessions`)
    await page.goto(`${sandbox.url}/?personas=${row.id}`)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await setMode(row.id, 'reject')
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const list = page.getByRole('dialog', { name: 'Connect Wallet' })
    await explainFailure(expect.poll(() => list.getByRole('button', { name: row.button, exact: true }).count()).toBe(1), shown)
    await list.getByRole('button', { name: row.button, exact: true }).click()
    await explainFailure(expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0), shown)
    expect((await activity(row.id)).at(-1)).toEqual({ method: row.connectMethod, outcome: 'rejected' })
    await setMode(row.id, 'approve')
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await explainFailure(expect.poll(headerText, { timeout: 20_000 }).toContain(short(devBitcoinAddress)), shown)
    await expect.poll(headerText, { timeout: 20_000 }).toMatch(/\d[\d,]*(?:\.\d+)? BTC/)
    expect((await activity(row.id)).filter((a) => a.method === row.connectMethod).map((a) => a.outcome)).toEqual(['rejected', 'approved'])
  })

  it(`reload reconnects without asking the visitor again (${row.reconnectMethod})`, async () => {
    await page.reload()
    await explainFailure(expect.poll(headerText, { timeout: 20_000 }).toContain(short(devBitcoinAddress)), shown)
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    // The persona is the new page's: its log holds the reconnect alone, answered without a prompt (rejecting mode would not have been asked).
    const log = await activity(row.id)
    expect(log.map((a) => a.method)).toContain(row.reconnectMethod)
    if (row.reconnectMethod !== row.connectMethod) expect(log.map((a) => a.method)).not.toContain(row.connectMethod)
    expect(log.every((a) => a.outcome === 'approved')).toBe(true)
  })

  it('signs in with ?siwx=required: a BIP-322 signature that bitcoinjs-lib verifies, and the server keeps the session', async () => {
    const posted = page.waitForRequest((request) => request.url().endsWith('/siwx/verify') && request.method() === 'POST')
    await page.goto(`${sandbox.url}/?siwx=required&personas=${row.id}`)
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    await explainFailure(expect.poll(() => signView.getByRole('button', { name: 'Sign', exact: true }).isEnabled(), { timeout: 20_000 }).toBe(true), shown)
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    const { message, signature } = JSON.parse((await posted).postData() ?? '{}') as { message: string; signature: string }
    expect(message).toContain(devBitcoinAddress)
    expect(verifyBip322(devBitcoinAddress, message, signature)).toBe(true)
    expect(verifyBip322(devBitcoinAddress, `${message}!`, signature)).toBe(false)
    await explainFailure(expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), shown)
    const body = (await (await page.context().request.get(`${sandbox.url}/siwx/sessions`)).json()) as { signedIn: boolean; sessions: { data: { accountAddress: string } }[] }
    expect(body.sessions.map((s) => s.data.accountAddress)).toContain(devBitcoinAddress)
  })

  it(`follows the account the visitor picks in the wallet (${row.switchedTo})`, async () => {
    // Without ?siwx=required from here: a new account would be asked to sign in again.
    await page.goto(`${sandbox.url}/?personas=${row.id}`)
    await explainFailure(expect.poll(headerText, { timeout: 20_000 }).toContain(short(devBitcoinAddress)), shown)
    await switchAccount(row.id)
    if (row.switchedTo === 'taproot') {
      await explainFailure(expect.poll(headerText, { timeout: 20_000 }).toContain(short(taprootAddress)), shown)
    } else {
      // Phantom's next account (m/84'/1'/1'/0/0): its payment address comes first.
      await explainFailure(expect.poll(headerText, { timeout: 20_000 }).toContain(short(secondAccount)), shown)
    }
  })

  it('sends 0.001 BTC by a PSBT the wallet signs in its own dialect; the ledger shows the receiver paid from the connected address', async () => {
    const from = row.switchedTo === 'taproot' ? taprootAddress : secondAccount
    const receiver = fresh()
    await send(from, receiver)
    const toasts = sendSuccess(page)
    await sendSettles(page, expect.poll(async () => (await toasts.textContent()) ?? '', { timeout: 30_000 }).toContain('Sent'), () => activity(row.id))
    await toasts.getByRole('button', { name: 'Done' }).click()
    expect((await activity(row.id)).at(-1)).toEqual({ method: row.psbtMethod, outcome: 'approved' })
    expect(await satsOf(receiver)).toBe(100_000n)
    const [tx] = (await (await fetch(`${esplora}/address/${receiver}/txs`)).json()) as { vin: { prevout: { scriptpubkey_address: string } }[] }[]
    expect(tx?.vin.map((input) => input.prevout.scriptpubkey_address)).toContain(from)
    if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
  })

  it('a send refused in the wallet is the send error; nothing moves', async () => {
    const from = row.switchedTo === 'taproot' ? taprootAddress : secondAccount
    const receiver = fresh()
    const asked = await count(row.id, row.psbtMethod)
    await setMode(row.id, 'reject')
    try {
      await send(from, receiver)
      await sendSettles(page, expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'), () => activity(row.id))
      expect((await activity(row.id)).at(-1)).toEqual({ method: row.psbtMethod, outcome: 'rejected' })
      expect(await count(row.id, row.psbtMethod)).toBe(asked + 1)
      expect(await satsOf(receiver)).toBe(0n)
    } finally {
      await setMode(row.id, 'approve')
      await page.keyboard.press('Escape')
    }
  })
})

describe('the page', () => {
  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
