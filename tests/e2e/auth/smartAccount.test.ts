// Issue 48's acceptance 4, as a visitor of the demo site from `npm start` in real Chromium: the
// embedded wallet logged in by email starts on its smart account (`?accountType=smartAccount`,
// the spec's eip155 default), a SimpleAccount of the sandbox's ERC-4337 factory whose address the
// factory gives for the wallet's EOA; it sends 0.01 ETH as a user operation through the server's
// bundler route after the frame's approval screen showed the call (amount, recipient, network, the
// bundler's fee, "user operation"), and the receiver's balance and the account's code are read
// back from anvil. The Account view's switch then makes the EOA the active account, which sends
// 0.01 ETH as a plain transaction, and switches back; the demo's EIP-5792 batch (approve and
// transfer 1 pUSD) goes as one user operation after the frame listed both calls.
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, getAddress, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandboxBundler } from '../../helpers/startOnDemand.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { approvalScreen, demoText, emailLogin, expectClean, faucet, openVisitor, pressInFrame, sandboxInfo, sendFromAccount, step, type SandboxInfo } from '../kit/authE2e.js'

const ownerAbi = [{ type: 'function', name: 'owner', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }] as const
const factoryAbi = [{ type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] }] as const

let sandbox: TestSandbox
let info: SandboxInfo
let visitor: SandboxPage
let page: Page
let rpc: ReturnType<typeof createPublicClient>
let factory: Address
const email = `smart-${Date.now().toString(36)}@example.com`
let smartAccount: Address
let eoa: Address

const dialog = () => page.getByRole('dialog')
const shownAddress = async () => /Address (0x[0-9a-fA-F]{40})/.exec(await demoText(page))?.[1]
const shownAccountType = async () => /Account type (EOA|Smart account · [a-z ]+?)(?= [A-Z]|$)/.exec(await demoText(page))?.[1]
const accountButton = () => page.getByRole('button', { name: new RegExp(email.slice(0, 20)) })
const fund = (address: Address) => faucet(sandbox.url, `eip155:31337:${address}`, '1')
const sendFromAccountView = (receiver: Address) => sendFromAccount(page, accountButton(), rpc, receiver)

/** Opens the Account view and clicks the calls plugin's account-type switch. */
async function switchTo(label: 'Switch to EOA' | 'Switch to smart account'): Promise<void> {
  if ((await dialog().count()) === 0) await accountButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  await dialog().getByRole('button', { name: label }).click()
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  // alto starts on its first request: started here, so the first user operation is not timed against its start.
  await startSandboxBundler(sandbox)
  info = await sandboxInfo(sandbox.url)
  const chain = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
  factory = chain.accountAbstraction!.factory
  rpc = createPublicClient({ transport: http(chain.nodeUrl), cacheTime: 0 })
  visitor = await openVisitor()
  page = visitor.page
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe("the embedded wallet's smart account", () => {
  it('logs in by email on the smart account: the address the factory gives for the EOA, not deployed yet', async () => {
    await page.goto(`${sandbox.url}/?accountType=smartAccount`)
    await emailLogin(page, sandbox.url, email)
    await expect.poll(() => demoText(page), { timeout: 20_000 }).toContain('Status connected')
    await expect.poll(() => shownAccountType(), { timeout: 20_000 }).toBe('Smart account · not deployed yet')
    smartAccount = getAddress((await shownAddress())!)
    expect(await rpc.getCode({ address: smartAccount })).toBeUndefined()
  }, 90_000)

  it('sends 0.01 ETH as a user operation after the frame showed the call; anvil has the receiver\'s balance and the deployed account', async () => {
    await fund(smartAccount)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const screen = await sendFromAccountView(receiver)
    expect(screen).toContain('Send 0.01 ETH')
    expect(screen).toContain(`Smart account ${smartAccount}`)
    expect(screen).toContain(receiver)
    expect(screen).toContain('Portico Devnet A')
    expect(screen).toMatch(/user operation that also creates your smart account/)
    expect(screen).toMatch(/Estimated fee up to [0-9.]+ ETH/)
    // The account now has code: the factory deployed it for its first user operation.
    await expect.poll(async () => ((await rpc.getCode({ address: smartAccount })) ?? '0x').length, { timeout: 20_000 }).toBeGreaterThan(2)
    // Its owner is the wallet's EOA (the factory's getAddress of that owner is the smart account).
    eoa = await rpc.readContract({ address: smartAccount, abi: ownerAbi, functionName: 'owner' })
    expect(await rpc.readContract({ address: factory, abi: factoryAbi, functionName: 'getAddress', args: [eoa, 0n] })).toBe(smartAccount)
    await page.keyboard.press('Escape')
  }, 150_000)

  it('switches to the EOA (the smart account\'s owner), which sends 0.01 ETH as a plain transaction', async () => {
    await fund(eoa)
    await switchTo('Switch to EOA')
    await expect.poll(() => shownAccountType(), { timeout: 20_000 }).toBe('EOA')
    expect(getAddress((await shownAddress())!)).toBe(eoa)
    await page.keyboard.press('Escape')
    const nonce = await rpc.getTransactionCount({ address: eoa })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const screen = await sendFromAccountView(receiver)
    expect(screen).not.toContain('Smart account')
    expect(screen).not.toContain('user operation')
    expect(await rpc.getTransactionCount({ address: eoa })).toBe(nonce + 1)
  }, 150_000)

  it('switches back to the smart account', async () => {
    await switchTo('Switch to smart account')
    await expect.poll(() => shownAccountType(), { timeout: 20_000 }).toBe('Smart account · deployed')
    expect(getAddress((await shownAddress())!)).toBe(smartAccount)
    // The site's getCapabilities (portico/calls) reads wallet_getCapabilities from the frame.
    await expect.poll(() => page.getByTestId('batch-capabilities').innerText(), { timeout: 20_000 }).toBe('{"atomic":{"status":"supported"}}')
  }, 60_000)

  it('sends the demo\'s EIP-5792 batch (approve and transfer 1 pUSD) as one user operation after the frame listed both calls', async () => {
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    const chain = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const pusd = chain.tokens!.find((t) => t.symbol === 'pUSD')!.address
    await faucet(sandbox.url, `eip155:31337:${smartAccount}`, '2000000', pusd)
    const balanceOf = (owner: Address) => rpc.readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await balanceOf(receiver)
    await page.getByRole('button', { name: 'Approve and transfer 1 pUSD' }).click()
    const screen = await approvalScreen(page)
    expect(screen).toContain('Send 2 calls')
    expect(screen).toContain(`Call 1 Allow ${receiver} to spend 1 pUSD`)
    expect(screen).toContain(`Call 2 Send 1 pUSD to ${receiver}`)
    expect(screen).toContain('One user operation of your smart account: all calls or none')
    await pressInFrame(page, 'Approve the transaction')
    await step(page, expect.poll(() => demoText(page), { timeout: 60_000 }).toMatch(/Batch success \(1 receipt, atomic\)/))
    expect(await balanceOf(receiver)).toBe(before + 1_000_000n)
    expect(await balanceOf(smartAccount)).toBe(1_000_000n)
    await expectClean(visitor)
  }, 120_000)
})
