// Issue 53 (acceptance 4) on Sui, as a visitor of the demo site in real Chromium with the sandbox's
// emulated Ledger behind navigator.hid, driven by the real @mysten/ledgerjs-hw-app-sui the plugin
// loads on demand: picking "Ledger" on the Sui network asks for the Sui app while the device shows
// the Ethereum one, lists the Ledger Live accounts (m/44'/784'/i'/0'/0') with their SUI, connects
// the second; a message signed on the device verifies with @mysten/sui for that account only; 0.01
// SUI sent through the modal's Send view is executed by the sandbox's Sui node (read back through
// @mysten/sui's GraphQL client); Reject on the device shows the refusal text and moves nothing.
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseLedgerAccount } from '../../helpers/chooseLedgerAccount.js'
import { pressSendDone } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; ledgerAccounts: { sui: string[] } }

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let graphql: SuiGraphQLClient
let accounts: string[]
const message = 'Hello from the Portico demo'

const dialog = () => page.getByRole('dialog')
const header = () => page.getByRole('navigation', { name: 'Wallet' })
const ledger = (script: string) => page.evaluate(`window.__porticoLedger.${script}`)
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
/** MIST held by `owner`, read from the sandbox's Sui node by @mysten/sui. */
const balanceOf = async (owner: string) => BigInt((await graphql.core.getBalance({ address: owner, coinType: '0x2::sui::SUI' })).balance.balance)

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  accounts = info.ledgerAccounts.sui
  const chain = info.chains.find((c) => c.caipNetworkId === 'sui:localnet')
  if (!chain) throw new Error('The sandbox has no sui:localnet chain')
  graphql = new SuiGraphQLClient({ url: `${chain.nodeUrl.replace(/\/+$/, '')}/graphql`, network: 'localnet' })
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('Ledger on Sui, end to end', () => {
  it('asks for the Sui app, lists the Ledger Live accounts with their SUI and connects the second', async () => {
    expect(accounts).toHaveLength(5)
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Sui Localnet' }).click()
    await expect.poll(() => header().textContent()).toMatch(/Sui/)
    await expect.poll(() => dialog().count()).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await chooseLedgerAccount(page, { app: 'Sui', address: accounts[1] as string, path: "m/44'/784'/1'/0'/0'", symbol: 'SUI' })
  }, 120_000)

  it('signs a message on the device; @mysten/sui verifies it for the second account only', async () => {
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    const status = page.getByRole('status').filter({ hasText: /Signature: / })
    await status.waitFor()
    const signature = ((await status.textContent()) ?? '').replace('Signature: ', '').trim()
    const bytes = new TextEncoder().encode(message)
    expect((await verifyPersonalMessageSignature(bytes, signature, { address: accounts[1] as string })).toSuiAddress()).toBe(accounts[1])
    await expect(verifyPersonalMessageSignature(bytes, signature, { address: accounts[0] as string })).rejects.toThrow()
    await expect(verifyPersonalMessageSignature(new TextEncoder().encode(`${message}!`), signature, { address: accounts[1] as string })).rejects.toThrow()
  }, 60_000)

  it('sends 0.01 SUI through the Send view; the sandbox chain executes it', async () => {
    const receiver = new Ed25519Keypair().toSuiAddress()
    await header().getByRole('button', { name: new RegExp(short(accounts[1] as string)) }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'SUI')
    await dialog().getByLabel('Amount').fill('0.01')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => balanceOf(receiver), { timeout: 30_000 }).toBe(10_000_000n)
    const activity = (await ledger('activity()')) as { app: string; action: string; screen: string; outcome: string }[]
    expect(activity.filter((a) => a.app === 'Sui' && a.action === 'signTransaction' && a.outcome === 'approved').map((a) => a.screen)).toEqual([expect.stringMatching(new RegExp(`^Transfer SUI · To ${short(receiver)} · Amount 0\\.01 SUI · Max gas `))])
    await pressSendDone(page)
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }, 90_000)

  it('Reject on the device shows the refusal text', async () => {
    await ledger("setMode('reject')")
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Not signed/ }).textContent(), { timeout: 20_000 }).toBe('Not signed: The request was rejected on your Ledger')
    await ledger("setMode('approve')")
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 60_000)
})
