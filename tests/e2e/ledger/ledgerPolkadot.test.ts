// Issue 53 on Polkadot, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger (its generic Polkadot app, answered by the real @zondax/ledger-substrate): picking "Ledger"
// on the Substrate network asks for the Polkadot app, lists the m/44'/354'/0'/0'/i' accounts with
// their ROC; the second one connects and signs a message on the device (verified here with
// @polkadot/util-crypto's signatureVerify). A send through the Send view is refused with the reason
// before the device is asked: the sandbox chain's runtime predates CheckMetadataHash (RFC-0078),
// which the generic app needs to sign any transaction (docs/guides/hardware-wallets.md §2; the
// signing itself is proven on Polkadot's metadata in tests/plugins/ledger/polkadotWithEmulator.test.ts).
// A Reject on the device shows the refusal.
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerPolkadotAddresses } from '../../../sandbox/ledgerDevice/ledgerPolkadotApp.js'
import { chooseLedgerAccount } from '../../helpers/chooseLedgerAccount.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandboxPolkadot } from '../../helpers/startOnDemand.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

const chainId = `polkadot:${'45'.repeat(16)}`
const message = 'Hello from the Portico demo'
const second = ledgerPolkadotAddresses[1]
let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let api: ApiPromise
const dialog = () => page.getByRole('dialog')
const header = () => page.getByRole('navigation', { name: 'Wallet' })
const ledger = (script: string) => page.evaluate(`window.__porticoLedger.${script}`)
const free = async (owner: string) => (await api.query.system.account(owner)).data.free.toBigInt()

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  await startSandboxPolkadot(sandbox)
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  const chain = info.chains.find((c) => c.caipNetworkId === chainId)
  if (!chain) throw new Error(`The sandbox has no ${chainId} chain`)
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new HttpProvider(chain.nodeUrl), noInitWarn: true })
  visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 } } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
}, 240_000)

afterAll(async () => {
  await api?.disconnect()
  await visitor?.close()
  await sandbox?.stop()
})

describe('Ledger on Polkadot, end to end', () => {
  it('asks for the Polkadot app and connects the second account, with its ROC', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: /Portico Substrate Devnet/ }).first().click()
    await expect.poll(() => header().textContent()).toMatch(/Substrate/)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await chooseLedgerAccount(page, { app: 'Polkadot', address: second, path: "m/44'/354'/0'/0'/1'", symbol: 'ROC' })
  }, 120_000)

  it('signs <Bytes>message</Bytes> on the device; signatureVerify accepts it as ed25519 for the second account only', async () => {
    await page.getByRole('button', { name: `Sign "${message}"` }).click()
    const status = page.getByRole('status').filter({ hasText: /Signature: / })
    await status.waitFor()
    const signature = ((await status.textContent()) ?? '').replace('Signature: ', '').trim()
    expect(signature).toMatch(/^0x00[0-9a-f]{128}$/)
    expect(signatureVerify(`<Bytes>${message}</Bytes>`, signature, second)).toMatchObject({ isValid: true, crypto: 'ed25519' })
    expect(signatureVerify(`<Bytes>${message}!</Bytes>`, signature, second).isValid).toBe(false)
    expect(signatureVerify(`<Bytes>${message}</Bytes>`, signature, ledgerPolkadotAddresses[2]).isValid).toBe(false)
    const activity = (await ledger('activity()')) as { app: string; action: string; outcome: string; screen: string }[]
    expect(activity.filter((a) => a.app === 'Polkadot' && a.action === 'signMessage' && a.outcome === 'approved' && a.screen === `Sign message · ${message}`).length).toBe(1)
  }, 60_000)

  it('a send through the Send view is refused with the reason (no CheckMetadataHash on this runtime) before the device is asked; nothing moves', async () => {
    const receiver = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(`//ledger-receiver${Math.random()}`).address
    const before = await free(second)
    const asked = ((await ledger('activity()')) as unknown[]).length
    await header().getByRole('button', { name: new RegExp(`${second.slice(0, 4)}…${second.slice(-4)}`) }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'ROC')
    await dialog().getByLabel('Amount').fill('1.5')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await expect.poll(() => dialog().locator('dl').textContent(), { timeout: 30_000 }).toMatch(/Network feeup to \d/)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 30_000 }).toContain('The Ledger Polkadot app signs only where the runtime checks a metadata hash (CheckMetadataHash, RFC-0078)')
    expect(((await ledger('activity()')) as unknown[]).length).toBe(asked)
    expect(await free(receiver)).toBe(0n)
    expect(await free(second)).toBe(before)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
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
