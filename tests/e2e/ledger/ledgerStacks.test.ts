// Issue 53 on Stacks, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger (its Stacks app, answered by the real @zondax/ledger-stacks): picking "Ledger" on the Stacks
// chain asks for the Stacks app, lists the m/44'/5757'/0'/0/i accounts with their STX; the second one
// connects, signs a message on the device (verified here with @stacks/encryption), sends STX through
// the Send view (the sandbox's Stacks ledger checks the signature and the receiver has them), and a
// Reject on the device shows the refusal.
import { hashMessage, verifyMessageSignatureRsv } from '@stacks/encryption'
import { getAddressFromPublicKey, privateKeyToAddress, publicKeyFromSignatureRsv, randomPrivateKey } from '@stacks/transactions'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseLedgerAccount } from '../../helpers/chooseLedgerAccount.js'
import { pressSendDone } from '../../helpers/sendSuccess.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let second: string
let nodeUrl: string
const message = 'Hello from the Portico demo'
const dialog = () => page.getByRole('dialog')
const header = () => page.getByRole('navigation', { name: 'Wallet' })
const ledger = (script: string) => page.evaluate(`window.__porticoLedger.${script}`)
const ustxOf = async (address: string) => BigInt(((await (await fetch(`${nodeUrl}/v2/accounts/${address}?proof=0`)).json()) as { balance: string }).balance)

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { ledgerAccounts: { stacks: string[] }; chains: { caipNetworkId: string; nodeUrl: string }[] }
  second = info.ledgerAccounts.stacks[1] as string
  nodeUrl = info.chains.find((c) => c.caipNetworkId.startsWith('stacks:'))!.nodeUrl
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('Ledger on Stacks, end to end', () => {
  it('asks for the Stacks app and connects the second account', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: /Portico Stacks Localnet/ }).first().click()
    await expect.poll(() => header().textContent()).toMatch(/Stacks/)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await chooseLedgerAccount(page, { app: 'Stacks', address: second, path: "m/44'/5757'/0'/0/1", symbol: 'STX' })
  }, 120_000)

  it('signs a message on the device that @stacks/encryption verifies for the second account', async () => {
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    const status = page.getByRole('status').filter({ hasText: /Signature: / })
    await status.waitFor()
    const signature = ((await status.textContent()) ?? '').replace('Signature: ', '').trim()
    const publicKey = publicKeyFromSignatureRsv(bytesToHex(hashMessage(message)), signature)
    expect(getAddressFromPublicKey(publicKey, 'testnet')).toBe(second)
    expect(verifyMessageSignatureRsv({ message, signature, publicKey })).toBe(true)
    expect(verifyMessageSignatureRsv({ message: `${message}!`, signature, publicKey })).toBe(false)
  }, 60_000)

  it('sends 0.1 STX through the Send view; the sandbox chain takes it and the receiver has it', async () => {
    const receiver = privateKeyToAddress(randomPrivateKey(), 'testnet')
    await header().getByRole('button', { name: new RegExp(`${second.slice(0, 4)}…${second.slice(-4)}`) }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'STX')
    await dialog().getByLabel('Amount').fill('0.1')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => ustxOf(receiver), { timeout: 30_000 }).toBe(100_000n)
    const activity = (await ledger('activity()')) as { app: string; action: string; outcome: string; screen: string }[]
    expect(activity.filter((a) => a.app === 'Stacks' && a.action === 'signTransaction' && a.outcome === 'approved' && a.screen.includes(receiver)).length).toBe(1)
    await pressSendDone(page)
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
    await page.keyboard.press('Escape')
  }, 90_000)

  it('a refusal on the device shows the refusal text', async () => {
    await ledger("setMode('reject')")
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Not signed/ }).textContent(), { timeout: 20_000 }).toBe('Not signed: The request was rejected on your Ledger')
    await ledger("setMode('approve')")
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 60_000)
})
