// Issue 53 (acceptance 4) on bip122, as a visitor of the demo site in real Chromium with the sandbox's
// emulated Ledger: on the Bitcoin regtest chain, "Ledger" asks for the Bitcoin Test app while the
// device shows the Ethereum one, then lists the BIP-84 accounts with their BTC; the second one
// connects, signs a message on the device (verified here with bitcoinjs-message), sends BTC through
// the Send view (the regtest chain takes it: the receiver's balance read back from its Esplora API);
// a refusal on the device is the refusal text; then, disconnected, it connects a taproot (BIP-86) account
// chosen in the account list and sends from it (key-path Schnorr signatures the regtest chain checks).
import { randomBytes } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p2wpkh } from '@scure/btc-signer'
import bitcoinMessage from 'bitcoinjs-message'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { ledgerBitcoinTaprootAddresses } from '../../../sandbox/ledgerDevice/ledgerBitcoinAccounts.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { chooseLedgerAccount } from '../../helpers/chooseLedgerAccount.js'
import { pressSendDone, sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; ledgerAccounts: { bip122: string[] } }

const caip2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const message = 'Hello from the Portico demo'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let accounts: string[]
let esplora: string

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  accounts = info.ledgerAccounts.bip122
  const chain = info.chains.find((c) => c.caipNetworkId === caip2)
  if (!chain) throw new Error(`The sandbox has no ${caip2} chain`)
  esplora = chain.nodeUrl
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
const ledger = <T,>(call: string) => page.evaluate(`window.__porticoLedger.${call}`) as Promise<T>
const fresh = () => p2wpkh(secp256k1.getPublicKey(randomBytes(32), true), regtestNetwork).address!
async function satsOf(address: string): Promise<number> {
  const info = (await (await fetch(`${esplora}/address/${address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
  return info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum
}

describe('Ledger on Bitcoin, end to end', () => {
  it('asks for the Bitcoin Test app, lists the BIP-84 accounts and connects the second', async () => {
    expect(accounts).toHaveLength(5)
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await chooseLedgerAccount(page, { app: 'Bitcoin Test', address: accounts[1] as string, path: "m/84'/1'/1'/0/0", symbol: 'BTC' })
  }, 120_000)

  it('signs a message on the device that bitcoinjs-message verifies for the account', async () => {
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    const status = page.getByRole('status').filter({ hasText: /Signature: / })
    await status.waitFor()
    const signature = Buffer.from(((await status.textContent()) ?? '').replace('Signature: ', '').trim(), 'base64')
    expect(bitcoinMessage.verify(message, accounts[1] as string, signature, undefined, true)).toBe(true)
    expect(bitcoinMessage.verify(message, accounts[0] as string, signature, undefined, true)).toBe(false)
    expect((await ledger<{ app: string; action: string; outcome: string }[]>('activity()')).at(-1)).toMatchObject({ app: 'Bitcoin Test', action: 'signMessage', outcome: 'approved' })
  }, 60_000)

  it('sends BTC through the Send view, signed on the device; the regtest chain takes it', async () => {
    const receiver = fresh()
    const short = `${(accounts[1] as string).slice(0, 4)}…${(accounts[1] as string).slice(-4)}`
    await header().getByRole('button', { name: new RegExp(short) }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
    await chooseSendToken(dialog(), 'BTC')
    await dialog().getByLabel('Amount').fill('0.0025')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    const toasts = sendSuccess(page)
    await expect.poll(() => toasts.textContent(), { timeout: 30_000 }).toContain('Sent')
    await toasts.getByRole('button', { name: 'Done' }).click()
    expect(await satsOf(receiver)).toBe(250_000)
    expect((await ledger<{ app: string; action: string; outcome: string }[]>('activity()')).at(-1)).toMatchObject({ app: 'Bitcoin Test', action: 'signPsbt', outcome: 'approved' })
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }, 90_000)

  it('a refusal on the device shows the refusal text', async () => {
    await ledger("setMode('reject')")
    try {
      await page.getByRole('button', { name: `Sign "${message}"` }).click()
      await expect.poll(() => page.getByRole('status').filter({ hasText: /Not signed/ }).textContent(), { timeout: 20_000 }).toBe('Not signed: The request was rejected on your Ledger')
    } finally {
      await ledger("setMode('approve')")
    }
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 60_000)

  it('connects a taproot account chosen in the account list and sends from it; the regtest chain takes it', async () => {
    const taproot = ledgerBitcoinTaprootAddresses[1] as string
    const segwitShort = `${(accounts[1] as string).slice(0, 4)}…${(accounts[1] as string).slice(-4)}`
    await header().getByRole('button', { name: new RegExp(segwitShort) }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
    }
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await dialog().getByRole('button', { name: 'Connect', exact: true }).click()
    // The Bitcoin Test app is still open: the account list comes, native segwit first; the visitor picks Taproot.
    const scheme = dialog().getByLabel('Derivation path')
    await scheme.waitFor({ timeout: 30_000 })
    expect(await scheme.locator('option').allTextContents()).toEqual(["Ledger Live — m/84'/1'/i'/0/0", "Taproot — m/86'/1'/i'/0/0", 'Custom'])
    await scheme.selectOption('taproot')
    const row = new RegExp(`^Account 2 ${taproot} m/86'/1'/1'/0/0 balance \\d+(\\.\\d+)? BTC$`)
    await expect.poll(() => dialog().getByRole('button', { name: row }).count(), { timeout: 30_000 }).toBe(1)
    await dialog().getByRole('button', { name: row }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => page.locator('main').innerText()).toContain(taproot)

    const receiver = fresh()
    await header().getByRole('button', { name: new RegExp(`${taproot.slice(0, 4)}…${taproot.slice(-4)}`) }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
    await chooseSendToken(dialog(), 'BTC')
    await dialog().getByLabel('Amount').fill('0.004')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await pressSendDone(page)
    expect(await satsOf(receiver)).toBe(400_000)
    expect((await ledger<{ app: string; action: string; path: string; outcome: string }[]>('activity()')).at(-1)).toMatchObject({ app: 'Bitcoin Test', action: 'signPsbt', path: "m/86'/1'/1'/0/0", outcome: 'approved' })
    // The chain's record of the spend: one input from the taproot account, its witness one 64-byte Schnorr signature.
    const txs = (await (await fetch(`${esplora}/address/${taproot}/txs`)).json()) as { vin: { prevout: { scriptpubkey_address: string }; witness: string[] }[]; vout: { scriptpubkey_address: string; value: number }[] }[]
    const spend = txs.find((tx) => tx.vout.some((o) => o.scriptpubkey_address === receiver))
    expect(spend?.vin.every((input) => input.prevout.scriptpubkey_address === taproot && input.witness.length === 1 && input.witness[0]!.length === 128)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    // A taproot account signs no messages (BIP-137 has no taproot form): the site is told so, the device is not asked.
    const asked = (await ledger<unknown[]>('activity()')).length
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Not signed/ }).textContent(), { timeout: 20_000 }).toContain('taproot account signs no messages')
    expect(await ledger<unknown[]>('activity()')).toHaveLength(asked)
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 120_000)
})
