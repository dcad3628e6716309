// Issue 53 on Cosmos, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger (its Cosmos app, answered by the real @zondax/ledger-cosmos-js): picking "Ledger" on the
// Cosmos chain asks for the Cosmos app, lists the m/44'/118'/0'/0/i accounts with their PTC; the
// second one connects, signs a message on the device (ADR-036, verified here with CosmJS), sends PTC
// through the Send view as amino JSON (the sandbox's Cosmos ledger checks the signature and the
// receiver has them), and a Reject on the device shows the refusal (the
// demo's status for a message, the modal's alert for a send).
import { randomBytes } from 'node:crypto'
import { bech32 } from '@scure/base'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseLedgerAccount } from '../../helpers/chooseLedgerAccount.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'
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
const uptcOf = async (address: string) =>
  BigInt(((await (await fetch(`${nodeUrl}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uptc`)).json()) as { balance?: { amount?: string } }).balance?.amount ?? '0')

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { ledgerAccounts: { cosmos: string[] }; chains: { caipNetworkId: string; nodeUrl: string }[] }
  second = info.ledgerAccounts.cosmos[1] as string
  nodeUrl = info.chains.find((c) => c.caipNetworkId.startsWith('cosmos:'))!.nodeUrl
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('Ledger on Cosmos, end to end', () => {
  it('asks for the Cosmos app and connects the second account', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: /Portico Cosmos Localnet/ }).first().click()
    await expect.poll(() => header().textContent()).toMatch(/Cosmos/)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await chooseLedgerAccount(page, { app: 'Cosmos', address: second, path: "m/44'/118'/0'/0/1", symbol: 'PTC' })
  }, 120_000)

  it('signs a message on the device (ADR-036) that CosmJS verifies for the second account', async () => {
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    const status = page.getByRole('status').filter({ hasText: /Signature: / })
    await status.waitFor()
    const signature = ((await status.textContent()) ?? '').replace('Signature: ', '').trim()
    expect(await verifyAdr36WithCosmjs(message, signature, second)).toBe(true)
    expect(await verifyAdr36WithCosmjs(`${message}!`, signature, second)).toBe(false)
    const activity = (await ledger('activity()')) as { app: string; action: string; outcome: string; screen: string }[]
    expect(activity.at(-1)).toMatchObject({ app: 'Cosmos', action: 'signMessage', outcome: 'approved', screen: `Sign message · ${message} · Signer ${second} · From ${second}` })
  }, 60_000)

  it('sends 0.1 PTC through the Send view as amino JSON; the sandbox chain takes it and the receiver has it', async () => {
    const receiver = bech32.encode('portico', bech32.toWords(randomBytes(20)))
    const before = await uptcOf(second)
    await header().getByRole('button', { name: new RegExp(`${second.slice(0, 4)}…${second.slice(-4)}`) }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'PTC')
    await dialog().getByLabel('Amount').fill('0.1')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => uptcOf(receiver), { timeout: 30_000 }).toBe(100_000n)
    expect(await uptcOf(second)).toBeLessThan(before - 100_000n)
    const activity = (await ledger('activity()')) as { app: string; action: string; outcome: string; screen: string }[]
    expect(activity.filter((a) => a.app === 'Cosmos' && a.action === 'signTransaction' && a.outcome === 'approved' && a.screen.startsWith(`Send 100000 uptc to ${receiver}`)).length).toBe(1)
    await pressSendDone(page)
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
    await page.keyboard.press('Escape')
  }, 90_000)

  it('a refusal on the device shows the refusal, for a message and in the modal for a send; nothing moves', async () => {
    await ledger("setMode('reject')")
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Not signed/ }).textContent(), { timeout: 20_000 }).toBe('Not signed: The request was rejected on your Ledger')
    const receiver = bech32.encode('portico', bech32.toWords(randomBytes(20)))
    await header().getByRole('button', { name: new RegExp(`${second.slice(0, 4)}…${second.slice(-4)}`) }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'PTC')
    await dialog().getByLabel('Amount').fill('0.1')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    // The Send view words every wallet's refusal (4001) alike.
    await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toContain('The request was rejected in the wallet')
    const activity = (await ledger('activity()')) as { app: string; action: string; outcome: string; screen: string }[]
    expect(activity.at(-1)).toMatchObject({ app: 'Cosmos', action: 'signTransaction', outcome: 'rejected' })
    expect(activity.at(-1)!.screen.startsWith(`Send 100000 uptc to ${receiver}`)).toBe(true)
    expect(await uptcOf(receiver)).toBe(0n)
    await page.keyboard.press('Escape')
    await ledger("setMode('approve')")
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 60_000)
})
