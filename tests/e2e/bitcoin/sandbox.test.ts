// Issue 15 as a visitor: the demo site from `npm start` in real Chromium, the real Bitcoin Portico
// Dev Wallet (WBIP004 `btc_providers`), the regtest Esplora ledger and the Portico server.
// Balances are read back from the ledger's own Esplora API and from the server's blockchain API.
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = { __porticoBitcoinDevWallet: { activity(): Activity[] } }

const caip2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const short = `${devBitcoinAddress.slice(0, 4)}…${devBitcoinAddress.slice(-4)}`

let sandbox: TestSandbox
let esplora: string
let visitor: SandboxPage
let page: Page
let lastReceiver = ''

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
async function satsOf(address: string): Promise<bigint> {
  const info = (await (await fetch(`${esplora}/address/${address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
  return BigInt(info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum)
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === caip2)
  if (!chain) throw new Error(`The sandbox has no ${caip2} chain`)
  esplora = chain.nodeUrl
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
const panel = () => page.getByRole('region', { name: 'Portico Dev Wallet (Bitcoin)', exact: true })
const activity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoBitcoinDevWallet.activity())

async function fillSendForm(amount: string, receiver: string) {
  await chooseSendToken(dialog(), 'BTC')
  await dialog().getByLabel('Amount').fill(amount)
  await dialog().getByLabel('Receiver address').fill(receiver)
}

async function openAccount() {
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(short) }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
}

describe('Bitcoin on the demo site, end to end', () => {
  it('makes the regtest chain active from the network button, lists the wallet once and connects it', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    await connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*(?:\.\d+)? BTC/)
    expect((await activity()).some((a) => a.method === 'getAddresses' && a.outcome === 'approved')).toBe(true)
  })

  it('sends 0.001 BTC to a fresh address through the modal at the Fast speed; Esplora and the server API show it and the fee paid', async () => {
    const receiver = fresh()
    await openAccount()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
    await fillSendForm('0.001', receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    // Slow / Normal / Fast with their fees in BTC, USD and sats, Normal first; the fee line follows the choice.
    const speeds = dialog().getByRole('group', { name: 'Speed' })
    await expect.poll(() => speeds.getByRole('radio').count(), { timeout: 20_000 }).toBe(3)
    expect(await speeds.getByRole('radio', { name: /^Normal/ }).isChecked()).toBe(true)
    const fast = speeds.getByRole('radio', { name: /^Fast/ })
    const fastText = (await speeds.locator('label').filter({ hasText: 'Fast' }).textContent()) ?? ''
    expect(fastText).toMatch(/^Fast[\d,]+ sats≈ \$\d+\.\d\d$/)
    const fastSats = Number(/^Fast([\d,]+) sats/.exec(fastText)![1]!.replace(/,/g, ''))
    const fastBtc = (fastSats / 1e8).toFixed(8).replace(/0+$/, '')
    await fast.check()
    await expect.poll(() => dialog().locator('dl').textContent()).toContain(`Network feeup to ${fastBtc} BTC`)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    const toasts = sendSuccess(page)
    await expect.poll(() => toasts.textContent(), { timeout: 30_000 }).toContain('Sent')
    await toasts.getByRole('button', { name: 'Done' }).click()
    expect((await activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    expect(await satsOf(receiver)).toBe(100_000n)
    const [tx] = (await (await fetch(`${esplora}/address/${receiver}/txs`)).json()) as { fee: number }[]
    expect(tx?.fee).toBe(fastSats)
    lastReceiver = receiver
    const api = (await (await fetch(`${sandbox.url}/v1/account/${receiver}/balance?chainId=${caip2}&projectId=demo`)).json()) as { balances: { quantity: { numeric: string } }[] }
    expect(api.balances[0]?.quantity.numeric).toBe('0.001')
  })

  it('a rejection in the wallet is the send error; nothing moves', async () => {
    const receiver = fresh()
    await panel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await openAccount()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await fillSendForm('0.001', receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet')
      expect((await activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'rejected' })
      expect(await satsOf(receiver)).toBe(0n)
      await page.keyboard.press('Escape')
    } finally {
      await panel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
  })

  it('reload keeps the connection', async () => {
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
  })
  it('the Activity tab lists the send with its receiver (from the server\'s Esplora history)', async () => {
    await openAccount()
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const to = `to ${lastReceiver.slice(0, 4)}…${lastReceiver.slice(-4)}`
    await expect.poll(() => dialog().getByRole('tabpanel').textContent(), { timeout: 20_000 }).toContain(`Sent0.001 BTC${to}`)
    await dialog().getByRole('tab', { name: 'Tokens' }).click()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('sits beside eip155 and solana in one modal: Devnet A, then Solana, from the network button connect the same wallet there, and back to Bitcoin without asking the wallet', async () => {
    const asked = (await activity()).filter((a) => a.method === 'getAddresses').length
    await header().getByRole('button', { name: /Portico Bitcoin Regtest/ }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    // The Bitcoin wallet here is also the EVM "Portico Dev Wallet": the modal connects it on Devnet A without a list.
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect((await activity()).filter((a) => a.method === 'getAddresses').length).toBe(asked)
    // And Solana: the same wallet's Solana side, then back to Bitcoin again without asking.
    await header().getByRole('button', { name: /Portico Bitcoin Regtest/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    const list = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(async () => (await list.count()) + (await dialog().count() === 0 ? 1 : 0), { timeout: 20_000 }).toBeGreaterThan(0)
    if ((await list.count()) > 0) await list.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/Portico Solana Localnet.*\d[\d,]*\.\d{3} SOL/)
    await header().getByRole('button', { name: /Portico Solana Localnet/ }).click()
    await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect((await activity()).filter((a) => a.method === 'getAddresses').length).toBe(asked)
  })

  it('a rejected Bitcoin connection shows "Connection rejected", and "Try again" connects', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
    }
    await panel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await header().getByRole('button', { name: /Portico Devnet A/ }).click()
      await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
      await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
      await dialog().getByRole('button', { name: 'Switch Network' }).click()
      const list = page.getByRole('dialog', { name: 'Connect Wallet' })
      if ((await list.count()) > 0) await list.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
      await expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      expect((await activity()).at(-1)).toEqual({ method: 'getAddresses', outcome: 'rejected' })
    } finally {
      await panel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect((await activity()).at(-1)).toEqual({ method: 'getAddresses', outcome: 'approved' })
  })

  it('sign-in with ?siwx=required: the Bitcoin wallet signs (BIP-322) and the sandbox server verifies the session', async () => {
    await page.goto(`${sandbox.url}/?siwx=required`)
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    await expect.poll(() => signView.getByRole('button', { name: 'Sign', exact: true }).isEnabled(), { timeout: 20_000 }).toBe(true)
    const message = (await (await signInMessage(signView)).textContent()) ?? ''
    expect(message).toContain('wants you to sign in with your Bitcoin account:')
    expect(message).toContain(devBitcoinAddress)
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    expect((await activity()).at(-1)).toEqual({ method: 'signMessage', outcome: 'approved' })
    const response = await page.context().request.get(`${sandbox.url}/siwx/sessions`)
    const body = (await response.json()) as { signedIn: boolean; sessions: { data: { accountAddress: string; chainId: string } }[] }
    expect(body.signedIn).toBe(true)
    expect(body.sessions.map((s) => s.data)).toContainEqual(expect.objectContaining({ accountAddress: devBitcoinAddress, chainId: expect.stringContaining('0f9188f13cb7b2c71f2a335e3a4fc328') }))
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
