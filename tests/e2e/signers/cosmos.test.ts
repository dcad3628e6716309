// Issue 47, cosmos: the demo's "Your own transaction" (sandbox/demo/siteTransactions/cosmosTransaction.tsx)
// builds a MsgSend with a memo with CosmJS and has it signed through useSigner('cosmos'), in real
// Chromium on the demo from `npm start`, over each connector a visitor uses: the extension dev
// wallet, the Keplr persona (Keplr's dialect), and WalletConnect with the sandbox's /wallet page,
// where the visitor approves the signature. The result is read back from the chain's own REST API
// (the receiver's balance, the transaction's memo and signer mode), not from the page. A refusal
// in the wallet shows as a 4001 and moves nothing.
import { randomBytes } from 'node:crypto'
import { bech32 } from '@scure/base'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[] }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = {
  __porticoCosmosDevWallet?: { activity(): Activity[]; setMode(mode: 'approve' | 'reject'): void }
  __porticoPersonas?: Record<string, { activity(): Activity[]; setMode(mode: 'approve' | 'reject'): void }>
}

const network = 'Portico Cosmos Localnet'
let sandbox: TestSandbox
let browser: Browser
let nodeUrl: string
let devAddress: string

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId.startsWith('cosmos:'))
  if (!chain) throw new Error('The sandbox has no Cosmos chain')
  nodeUrl = chain.nodeUrl
  devAddress = chain.accounts[0]!
})
afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

const freshAddress = () => bech32.encode('portico', bech32.toWords(randomBytes(20)))
const shortOf = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** Base units of uptc held by `address`, from the ledger's bank REST API. */
async function bankBalance(address: string): Promise<bigint> {
  const body = (await (await fetch(`${nodeUrl}/cosmos/bank/v1beta1/balances/${address}`)).json()) as { balances: { denom: string; amount: string }[] }
  return BigInt(body.balances.find((b) => b.denom === 'uptc')?.amount ?? '0')
}
/** The transaction as the chain holds it, from its REST API. */
async function onChain(hash: string) {
  const response = await fetch(`${nodeUrl}/cosmos/tx/v1beta1/txs/${hash}`)
  return (await response.json()) as {
    tx: { body: { memo: string; messages: { from_address: string; to_address: string; amount: { denom: string; amount: string }[] }[] }; auth_info: { signer_infos: { mode_info: { single: { mode: string } } }[] } }
    tx_response: { code: number; height: string }
  }
}

/** What the page showed, for a failure's message: the example's section, the open dialog, the header. */
const shownOn = (page: Page, extra: () => Promise<string> = async () => '') => async () =>
  [
    `Header: ${(await page.getByRole('navigation', { name: 'Wallet' }).textContent({ timeout: 1_000 }).catch(() => '?'))?.trim()}`,
    `Your own transaction: ${(await page.getByRole('region', { name: 'Your own transaction' }).textContent({ timeout: 1_000 }).catch(() => '(none)'))?.trim()}`,
    `Dialog: ${(await page.getByRole('dialog').first().textContent({ timeout: 1_000 }).catch(() => '(none)'))?.slice(0, 400)}`,
    await extra(),
  ].join('\n')

/**
 * Fills the demo's example and submits it; `approve` is what the visitor does in the wallet. Waits
 * for the example's status line and returns it.
 */
async function submitExample(page: Page, { to, amount, memo }: { to: string; amount: string; memo: string }, describe: () => Promise<string>, approve?: () => Promise<void>): Promise<string> {
  const section = page.getByRole('region', { name: 'Your own transaction' })
  const button = section.getByRole('button', { name: 'Sign and broadcast with CosmJS' })
  await explainFailure(expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true), describe)
  await section.getByLabel('Recipient').fill(to)
  await section.getByLabel(/^Amount/).fill(amount)
  await section.getByLabel('Memo').fill(memo)
  await button.click()
  await approve?.()
  const status = section.getByRole('status')
  await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^(Included in block|Rejected|Not sent)/), describe)
  return (await status.textContent()) ?? ''
}

/** Checks the chain holds the example's transaction as the site built it, and returns its hash. */
async function expectOnChain(status: string, { to, memo }: { to: string; memo: string }): Promise<string> {
  const hash = /^Included in block \d+: ([0-9A-F]{64})$/.exec(status)?.[1]
  expect(hash, status).toBeDefined()
  const { tx, tx_response } = await onChain(hash!)
  expect(tx_response.code).toBe(0)
  expect(tx.body.memo).toBe(memo)
  expect(tx.body.messages).toEqual([{ '@type': '/cosmos.bank.v1beta1.MsgSend', from_address: devAddress, to_address: to, amount: [{ denom: 'uptc', amount: '20000' }] }])
  expect(tx.auth_info.signer_infos[0]?.mode_info.single.mode).toBe('SIGN_MODE_DIRECT')
  expect(await bankBalance(to)).toBe(20_000n)
  return hash!
}

async function chooseCosmosAndConnect(page: Page, walletName: string, describe: () => Promise<string>) {
  const header = page.getByRole('navigation', { name: 'Wallet' })
  const dialog = page.getByRole('dialog')
  await header.getByRole('button', { name: /Portico Devnet A|Portico Cosmos Localnet/ }).first().click()
  await dialog.getByRole('button', { name: network }).click()
  await explainFailure(expect.poll(() => dialog.count()).toBe(0), describe)
  await header.getByRole('button', { name: 'Connect Wallet' }).click()
  const wallet = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: walletName, exact: true })
  await explainFailure(expect.poll(() => wallet.count()).toBe(1), describe)
  await wallet.click()
  await explainFailure(expect.poll(() => dialog.count()).toBe(0), describe)
  await explainFailure(expect.poll(() => header.textContent()).toContain(shortOf(devAddress)), describe)
}

describe("the demo's CosmJS transaction through useSigner('cosmos')", () => {
  it('over the extension dev wallet: signed, accepted by the ledger, read back; a refusal in the wallet is a 4001 and moves nothing', async () => {
    const visitor: SandboxPage = await openSandboxPage()
    const { page } = visitor
    page.setDefaultTimeout(20_000)
    const activity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoCosmosDevWallet?.activity() ?? [])
    const describe = shownOn(page, async () => `The dev wallet answered: ${JSON.stringify((await activity().catch(() => [])).slice(-6))}`)
    try {
      await page.goto(sandbox.url)
      await chooseCosmosAndConnect(page, 'Portico Dev Wallet (Cosmos)', describe)
      const to = freshAddress()
      const memo = `dev wallet ${to.slice(-6)}`
      const status = await submitExample(page, { to, amount: '0.02', memo }, describe)
      await expectOnChain(status, { to, memo })
      expect((await activity()).filter((a) => a.method.startsWith('sign')).at(-1)).toEqual({ method: 'signDirect', outcome: 'approved' })

      await page.evaluate(() => (window as unknown as WalletWindow).__porticoCosmosDevWallet?.setMode('reject'))
      const refused = freshAddress()
      expect(await submitExample(page, { to: refused, amount: '0.02', memo: 'no' }, describe)).toBe('Rejected in the wallet (code 4001)')
      expect((await activity()).at(-1)).toEqual({ method: 'signDirect', outcome: 'rejected' })
      expect(await bankBalance(refused)).toBe(0n)
      await page.evaluate(() => (window as unknown as WalletWindow).__porticoCosmosDevWallet?.setMode('approve'))

      expect(await visitor.cspViolations()).toEqual([])
      expect(visitor.pageErrors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.close()
    }
  }, 120_000)

  it("over the Keplr persona (window.keplr in Keplr's dialect, docs/wallets/keplr.md): signed with Keplr's signDirect, accepted by the ledger", async () => {
    const visitor: SandboxPage = await openSandboxPage()
    const { page } = visitor
    page.setDefaultTimeout(20_000)
    const activity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoPersonas?.['cosmos/keplr']?.activity() ?? [])
    const describe = shownOn(page, async () => `Keplr answered: ${JSON.stringify((await activity().catch(() => [])).slice(-6))}`)
    try {
      await page.goto(`${sandbox.url}/?personas=cosmos/keplr`)
      await explainFailure(expect.poll(() => page.evaluate(() => (window as unknown as WalletWindow).__porticoPersonas?.['cosmos/keplr'] !== undefined)).toBe(true), describe)
      await chooseCosmosAndConnect(page, 'Keplr', describe)
      const to = freshAddress()
      const memo = `keplr ${to.slice(-6)}`
      const status = await submitExample(page, { to, amount: '0.02', memo }, describe)
      await expectOnChain(status, { to, memo })
      expect((await activity()).filter((a) => a.method.startsWith('sign')).at(-1)).toEqual({ method: 'signDirect', outcome: 'approved' })
      expect(await visitor.cspViolations()).toEqual([])
      expect(visitor.pageErrors).toEqual([])
      expect(visitor.blocked).toEqual([])
    } finally {
      await visitor.close()
    }
  }, 120_000)

  it('over WalletConnect: the /wallet page shows the cosmos_signDirect request, the visitor approves it there, the ledger accepts the transaction', async () => {
    const pair = await pairWithWalletPage({ browser, url: sandbox.url, network, chain: 'cosmos:portico-local-1', method: 'cosmos_signDirect' })
    const { context, demo, walletPage, errors, blocked } = pair
    const describe = shownOn(demo, pair.describe)
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(shortOf(devAddress)), describe)
      await explainFailure(expect.poll(() => demo.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), describe)
      const to = freshAddress()
      const memo = `walletconnect ${to.slice(-6)}`
      const status = await submitExample(demo, { to, amount: '0.02', memo }, describe, async () => {
        // cosmos_getAccounts is answered at once; the signature waits for the visitor on /wallet.
        const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'cosmos_signDirect from Portico demo dApp' })
        await explainFailure(request.waitFor({ timeout: 30_000 }), describe)
        expect(await request.textContent()).toContain(memo)
        await request.getByRole('button', { name: 'Approve' }).click()
      })
      await expectOnChain(status, { to, memo })
      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)
})
