// Acceptance 1 of smart accounts (docs/guides/smart-accounts.md): the demo site in real Chromium with
// the Portico Dev Wallet sharing its ERC-4337 smart account (`?devAccountType=smartAccount`), the
// server's bundler route in front of alto, the sandbox's paymaster, anvil. The visitor connects,
// sees the account type and capabilities, approves and transfers 1 pUSD in one sponsored batch, and
// the receipt and balances come back from the server and the chain.
import { createPublicClient, http, parseAbi } from 'viem'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { startSandboxBundler } from '../../helpers/startOnDemand.js'

const pusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const devAccount1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)'])

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let nodeUrl: string

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  await startSandboxBundler(sandbox)
  visitor = await openSandboxPage()
  page = visitor.page
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  nodeUrl = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const batch = () => page.getByRole('region', { name: 'Batch calls' })
const account = () => page.getByRole('region', { name: 'Your account' })

describe('batch calls from the dev wallet smart account, end to end', () => {
  it('approves and transfers 1 pUSD in one sponsored user operation; receipt via the server, balances on chain', async () => {
    await page.goto(`${sandbox.url}/?devAccountType=smartAccount`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)

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
