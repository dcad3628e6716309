// Issue 47 on stacks, as a visitor, in real Chromium on the demo site from `npm start`: the demo's
// "Your own transaction" (sandbox/demo/siteTransactions/stacksTransaction.tsx) builds a SIP-010
// `transfer` of pUSD with @stacks/transactions (Clarity values, a deny-mode post condition) and has
// it signed through `useSigner('stacks')` by whichever connector holds the connection: the Stacks dev
// wallet (an extension in the page), the Leather persona, and the sandbox's /wallet page over
// WalletConnect, approved there as a visitor would. Each transfer is read back from the sandbox
// ledger's blockchain API, not from the page; a refusal in the wallet shows on the page and moves nothing.
import { Pc, postConditionToHex, privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { stacksLocalnet } from '../../../plugins/stacks/index.js'
import { devStacksKey } from '../../../sandbox/stacks/devStacks.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; tokens: { address: string }[] }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = { __porticoStacksDevWallet: { activity(): Activity[]; setMode(mode: 'approve' | 'reject'): void }; __porticoPersonas: Record<string, { activity(): Activity[] }> }

const network = 'Portico Stacks Localnet'
const devAddress = devStacksKey().address
const short = `${devAddress.slice(0, 4)}…${devAddress.slice(-4)}`
let sandbox: TestSandbox
let nodeUrl: string
let tokenId: string

/** The pUSD (base units) `address` holds, from the ledger's blockchain API. */
async function pusdOf(address: string): Promise<bigint> {
  const body = (await (await fetch(`${nodeUrl}/extended/v1/address/${address}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
  return BigInt(body.fungible_tokens[tokenId]?.balance ?? '0')
}
/** What the ledger's blockchain API says of a transaction. */
async function txOf(txid: string): Promise<{ tx_status: string; sender_address: string; contract_call?: { contract_id: string; function_name: string } }> {
  return (await (await fetch(`${nodeUrl}/extended/v1/tx/${txid}`)).json()) as never
}
const freshAddress = () => privateKeyToAddress(randomPrivateKey(), 'testnet')

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === stacksLocalnet.caipNetworkId)
  if (!chain) throw new Error('The sandbox has no Stacks chain')
  nodeUrl = chain.nodeUrl
  tokenId = chain.tokens[0]!.address
})
afterAll(async () => {
  await sandbox?.stop()
})

/** The demo's "Your own transaction" section on `page`. */
const section = (page: Page) => page.getByRole('region', { name: 'Your own transaction' })

/** Fills the demo's form and submits it; returns the status line. */
async function transfer(page: Page, recipient: string, amount: string) {
  const form = section(page)
  await form.getByLabel('Recipient').fill(recipient)
  await form.getByLabel('Amount (pUSD)').fill(amount)
  const button = form.getByRole('button', { name: 'Transfer pUSD (SIP-010 contract call)' })
  await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true)
  await button.click()
  return form.getByRole('status')
}
/** The txid in a "Confirmed in block N: 0x…" line. */
const txidIn = (line: string | null) => /: (0x[0-9a-f]{64})$/.exec(line ?? '')?.[1] ?? ''

describe.each([
  { wallet: 'the Stacks dev wallet (an extension in the page)', query: '', button: 'Portico Dev Wallet (Stacks)', activity: () => (window as unknown as WalletWindow).__porticoStacksDevWallet.activity() },
  { wallet: 'the Leather persona', query: '?personas=stacks/leather', button: 'Leather', activity: () => (window as unknown as WalletWindow).__porticoPersonas['stacks/leather']!.activity() },
])('the demo\'s own SIP-010 transfer through $wallet', ({ query, button, activity }) => {
  let visitor: SandboxPage
  let page: Page
  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const describePage = async () => `The page: ${(await page.locator('main').innerText({ timeout: 2_000 }).catch(() => '(unreadable)')).slice(0, 2_000)}\nWallet activity: ${JSON.stringify(await page.evaluate(activity).catch(() => 'unreadable'))}`

  beforeAll(async () => {
    visitor = await openSandboxPage()
    page = visitor.page
    page.setDefaultTimeout(20_000)
  })
  afterAll(async () => {
    await visitor?.close()
  })

  it('connects on the Stacks chain; the section appears with its SDK', async () => {
    await page.goto(`${sandbox.url}/${query}`)
    await header().getByRole('button', { name: /Portico Devnet A|Portico Stacks Localnet/ }).first().click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: button, exact: true }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    await explainFailure(section(page).getByRole('button', { name: 'Transfer pUSD (SIP-010 contract call)' }).waitFor(), describePage)
  })

  it('the wallet signs the transfer; the ledger runs it and the balances follow', async () => {
    const receiver = freshAddress()
    const before = await pusdOf(devAddress)
    const status = await transfer(page, receiver, '1.25')
    await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Confirmed in block \d+: 0x[0-9a-f]{64}$/), describePage)
    const txid = txidIn(await status.textContent())
    expect(await txOf(txid)).toMatchObject({ tx_status: 'success', sender_address: devAddress, contract_call: { contract_id: tokenId.split('::')[0], function_name: 'transfer' } })
    expect(await pusdOf(receiver)).toBe(1_250_000n)
    // Other files may use the dev account meanwhile (a shared sandbox): it holds at most what it had less this transfer.
    expect(await pusdOf(devAddress)).toBeLessThanOrEqual(before - 1_250_000n)
    expect((await page.evaluate(activity)).at(-1)).toEqual({ method: 'stx_callContract', outcome: 'approved' })
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 60_000)
})

describe('a refusal in the wallet', () => {
  it('shows on the page and moves nothing', async () => {
    const visitor = await openSandboxPage()
    const page = visitor.page
    page.setDefaultTimeout(20_000)
    try {
      await page.goto(sandbox.url)
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: /Portico Devnet A|Portico Stacks Localnet/ }).first().click()
      await page.getByRole('dialog').getByRole('button', { name: network }).click()
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet (Stacks)', exact: true }).click()
      await expect.poll(() => page.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short)
      await page.evaluate(() => (window as unknown as WalletWindow).__porticoStacksDevWallet.setMode('reject'))
      const receiver = freshAddress()
      const status = await transfer(page, receiver, '0.5')
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Rejected in the wallet')
      expect((await page.evaluate(() => (window as unknown as WalletWindow).__porticoStacksDevWallet.activity())).at(-1)).toEqual({ method: 'stx_callContract', outcome: 'rejected' })
      expect(await pusdOf(receiver)).toBe(0n)
      expect(visitor.pageErrors).toEqual([])
    } finally {
      await visitor.close()
    }
  }, 60_000)
})

describe('over WalletConnect, approved on the sandbox\'s /wallet page', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('the /wallet page shows the contract call and its post condition; approved there, the ledger runs it', async () => {
    const pair = await pairWithWalletPage({ browser, url: sandbox.url, network, chain: stacksLocalnet.caipNetworkId, method: 'stx_callContract' })
    const { context, demo, walletPage, errors, blocked, describe: pages } = pair
    try {
      await explainFailure(expect.poll(() => demo.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short), pages)
      await explainFailure(expect.poll(() => demo.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), pages)
      const receiver = freshAddress()
      const status = await explainFailure(transfer(demo, receiver, '2'), pages)
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'stx_callContract from Portico demo dApp' })
      await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
      const shown = (await request.textContent()) ?? ''
      expect(shown).toContain(`${tokenId.split('::')[0]} transfer`)
      expect(shown).toContain(devAddress)
      // The post condition as the wallet got it: "the dev account sends exactly 2 pUSD", in the wire format @stacks/transactions writes.
      const [contract, asset] = tokenId.split('::') as [`${string}.${string}`, string]
      expect(shown).toContain(postConditionToHex(Pc.principal(devAddress).willSendEq(2_000_000n).ft(contract, asset)).replace(/^0x/, ''))
      expect(await pusdOf(receiver)).toBe(0n)
      await request.getByRole('button', { name: 'Approve' }).click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Confirmed in block \d+: 0x[0-9a-f]{64}$/), pages)
      const txid = txidIn(await status.textContent())
      expect(await txOf(txid)).toMatchObject({ tx_status: 'success', sender_address: devAddress, contract_call: { function_name: 'transfer' } })
      expect(await pusdOf(receiver)).toBe(2_000_000n)
      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)
})
