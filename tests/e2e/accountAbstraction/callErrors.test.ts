// Acceptance 1 (the last walk below) of smart accounts (docs/guides/smart-accounts.md): the demo site in real Chromium with
// the Portico Dev Wallet sharing its ERC-4337 smart account (`?devAccountType=smartAccount`), the
// server's bundler route in front of alto, the sandbox's paymaster, anvil. The visitor connects,
// sees the account type and capabilities, approves and transfers 1 pUSD in one sponsored batch, and
// the receipt and balances come back from the server and the chain.
//
// Acceptance 3 of smart accounts (docs/guides/smart-accounts.md §6): each error the spec names for
// EIP-5792 and the bundler, produced by a visitor on the demo site in real Chromium and shown as the
// site shows it (the demo's "Batch calls" and "Look up" sections): no address for capabilities, a
// call status the WalletConnect wallet did not approve, a user-operation receipt the server's
// bundler route could not fetch, and the wallet's own EIP-5792 codes (5760, 5730) and a rejection.
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { describeClickTarget } from '../../helpers/describeClickTarget.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { startSandboxBundler } from '../../helpers/startOnDemand.js'

const pusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const devAccount1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)'])

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let browser: Browser | undefined
let nodeUrl: string

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  await startSandboxBundler(sandbox)
  visitor = await openSandboxPage({ contextOptions: { reducedMotion: 'reduce' } })
  page = visitor.page
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  nodeUrl = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl
})

afterAll(async () => {
  await visitor?.close()
  await browser?.close()
  await sandbox?.stop()
})

const lookups = () => page.getByRole('region', { name: 'Look up' })
const batch = () => page.getByRole('region', { name: 'Batch calls' })
const lookupResult = () => lookups().getByRole('status')
const account = () => page.getByRole('region', { name: 'Your account' })

/** Opens the demo with `query`; connects the dev wallet unless it reconnected by itself (an earlier test connected it). */
async function connectDevWallet(query = ''): Promise<void> {
  await page.goto(`${sandbox.url}/${query}`)
  const status = page.getByTestId('account-status')
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^(connected|disconnected)$/)
  if ((await status.textContent()) === 'disconnected') {
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
  }
  await expect.poll(() => batch().count(), { timeout: 20_000 }).toBe(1)
}

describe('the spec’s EIP-5792 and bundler errors, as a visitor sees them', () => {
  it("'Missing address parameter in wallet_getCapabilities request' when nothing is connected and no address is given", async () => {
    await page.goto(sandbox.url)
    await lookups().getByRole('button', { name: 'Get capabilities' }).click()
    await expect.poll(() => lookupResult().textContent()).toBe('Capabilities failed: Missing address parameter in wallet_getCapabilities request')
  })

  it("'Failed to fetch user operation receipt' when the server's bundler route cannot answer (a bundler it does not have)", async () => {
    await page.goto(sandbox.url)
    await lookups().getByRole('textbox', { name: 'Batch id or user operation hash' }).fill(`0x${'ab'.repeat(32)}`)
    await lookups().getByRole('textbox', { name: 'Bundler' }).fill('not-configured')
    await lookups().getByRole('button', { name: 'Get user operation receipt' }).click()
    await expect.poll(() => lookupResult().textContent()).toBe('User operation receipt failed: Failed to fetch user operation receipt')
    // The same hash with the sandbox's bundler is simply not included: the failure above was the route's.
    await lookups().getByRole('textbox', { name: 'Bundler' }).fill('alto')
    await lookups().getByRole('button', { name: 'Get user operation receipt' }).click()
    await expect.poll(() => lookupResult().textContent()).toBe('User operation receipt: not included yet')
  })

  it('5760 from an EOA asked for an atomic batch, 5730 for a batch id the wallet never saw', async () => {
    await connectDevWallet()
    await expect.poll(() => batch().getByTestId('batch-account-type').textContent(), { timeout: 20_000 }).toBe('EOA')
    await batch().getByRole('button', { name: 'Approve and transfer 1 pUSD' }).click()
    await expect.poll(() => batch().getByRole('status').textContent(), { timeout: 20_000 }).toBe('Not sent: The EOA cannot send these calls atomically; switch the Portico Dev Wallet to its smart account.')
    expect(await batch().getByRole('status').textContent()).not.toMatch(/Waiting/)

    await lookups().getByRole('textbox', { name: 'Batch id or user operation hash' }).fill(`0x${'cd'.repeat(32)}`)
    await lookups().getByRole('button', { name: 'Get call status' }).click()
    await expect.poll(() => lookupResult().textContent(), { timeout: 20_000 }).toBe(`Call status failed: The Portico Dev Wallet sent no batch with id 0x${'cd'.repeat(32)}. (code 5730)`)
  })

  it('a rejection in the wallet shows as the visitor saying no, and nothing is sent', async () => {
    await connectDevWallet('?devAccountType=smartAccount')
    await expect.poll(() => batch().getByTestId('batch-account-type').textContent(), { timeout: 20_000 }).toMatch(/^Smart account/)
    await page.evaluate(() => window.__porticoDevWallet?.setMode('reject'))
    try {
      await batch().getByRole('button', { name: 'Approve and transfer 1 pUSD' }).click()
      await expect.poll(() => batch().getByRole('status').textContent(), { timeout: 20_000 }).toBe('Not sent: User rejected the request.')
      expect(await batch().getByTestId('batch-receipt').textContent()).toBe('')
    } finally {
      await page.evaluate(() => window.__porticoDevWallet?.setMode('approve'))
    }
  })

  it("'Fetching call status not approved by the wallet' over WalletConnect, whose wallet did not approve wallet_getCallsStatus", async () => {
    browser = await launchChromium()
    const pair = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Devnet B', chain: 'eip155:31338', method: 'personal_sign' })
    try {
      const demo = pair.demo
      await expect.poll(() => demo.getByTestId('account-status').textContent(), { timeout: 20_000 }).toBe('connected')
      const region = demo.getByRole('region', { name: 'Look up' })
      await region.getByRole('textbox', { name: 'Batch id or user operation hash' }).fill(`0x${'ef'.repeat(32)}`)
      // Once this click waited 20 s for the button to be visible, enabled and stable; if it does
      // again, the error says whether the demo page answered, painted frames and kept the button still.
      const button = region.getByRole('button', { name: 'Get call status' })
      await explainFailure(button.click(), async () => `${await describeClickTarget(button)}\n${await pair.describe()}`)
      await expect.poll(() => region.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Call status failed: Fetching call status not approved by the wallet')
      expect(pair.errors).toEqual([])
      expect(pair.blocked).toEqual([])
    } finally {
      await pair.context.close()
    }
  }, 90_000)
})

describe('batch calls from the dev wallet smart account, end to end', () => {
  it('approves and transfers 1 pUSD in one sponsored user operation; receipt via the server, balances on chain', async () => {
    await connectDevWallet('?devAccountType=smartAccount')

    // The connected account is the smart account (eth_accounts is [smartAccount, eoa]).
    await expect.poll(() => batch().getByTestId('batch-account-type').textContent(), { timeout: 20_000 }).toMatch(/^Smart account · (deployed|not deployed yet)$/)
    await expect.poll(() => batch().getByTestId('batch-capabilities').textContent(), { timeout: 20_000 }).toContain('"atomic":{"status":"supported"}')
    expect(await batch().getByTestId('batch-capabilities').textContent()).toContain('"paymasterService":{"supported":true}')
    const smartAccount = ((await account().locator('dd.mono').first().textContent()) ?? '').trim()
    expect(smartAccount).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(smartAccount.toLowerCase()).not.toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')

    // Give the smart account 10 pUSD from the faucet.
    const fund = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `eip155:31337:${smartAccount}`, amount: '10000000', token: pusd }) })
    expect(fund.ok).toBe(true)
    const client = createPublicClient({ transport: http(nodeUrl) })
    const read = (owner: string) => client.readContract({ address: pusd, abi: erc20, functionName: 'balanceOf', args: [owner as `0x${string}`] })
    await expect.poll(() => read(smartAccount), { timeout: 20_000 }).toBeGreaterThanOrEqual(10_000_000n)
    const senderBefore = await read(smartAccount)
    const receiverBefore = await read(devAccount1)
    const ethBefore = await client.getBalance({ address: smartAccount as `0x${string}` })

    await batch().getByRole('button', { name: 'Approve and transfer 1 pUSD' }).click()
    const status = batch().getByRole('status')
    await expect.poll(() => status.textContent(), { timeout: 90_000 }).toMatch(/^Batch success \(1 receipt, atomic\)$|^Not sent: /)
    expect(await status.textContent()).toBe('Batch success (1 receipt, atomic)')
    await expect.poll(() => batch().getByTestId('batch-receipt').textContent(), { timeout: 30_000 }).toMatch(/^User operation receipt \(via the server\): success, tx 0x[0-9a-f]{64}$/)
    await expect.poll(() => batch().getByTestId('batch-balances').textContent(), { timeout: 30_000 }).toMatch(/^pUSD balances on chain: sender [\d.]+, receiver [\d.]+$/)

    // On chain: 1 pUSD moved, the allowance stands, the paymaster paid the gas, and the account is deployed.
    expect(senderBefore - (await read(smartAccount))).toBe(1_000_000n)
    expect((await read(devAccount1)) - receiverBefore).toBe(1_000_000n)
    expect(await client.readContract({ address: pusd, abi: erc20, functionName: 'allowance', args: [smartAccount as `0x${string}`, devAccount1] })).toBe(1_000_000n)
    expect(await client.getBalance({ address: smartAccount as `0x${string}` })).toBe(ethBefore)
    expect((await client.getCode({ address: smartAccount as `0x${string}` }))?.length ?? 0).toBeGreaterThan(2)
    await expect.poll(() => batch().getByTestId('batch-account-type').textContent(), { timeout: 20_000 }).toBe('Smart account · deployed')

    // The wallet shows the batch on request.
    await batch().getByRole('button', { name: 'Show in wallet' }).click()
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Shown in the wallet: batch 0x[0-9a-f]{64}$/)
  }, 180_000)
})
