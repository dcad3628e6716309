import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devPrivateKeys } from '../../../sandbox/config.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { startSandboxBundler } from '../../helpers/startOnDemand.js'

type WalletAnswer = { result?: unknown; error?: { code: number; message: string } }

/** Calls the dev wallet as a dapp would (its EIP-1193 provider); errors come back as `{ code, message }`. */
function callWallet(page: Page, method: string, params?: unknown): Promise<WalletAnswer> {
  return page.evaluate(
    async ({ method, params }) => {
      const wallet = (window as unknown as { __porticoDevWallet: { provider: { request(a: unknown): Promise<unknown> } } }).__porticoDevWallet
      try {
        return { result: await wallet.provider.request(params === undefined ? { method } : { method, params }) }
      } catch (error) {
        const e = error as { code: number; message: string }
        return { error: { code: e.code, message: e.message } }
      }
    },
    { method, params },
  )
}

// Dev account 4's smart account: no other test uses it, so it starts counterfactual even in a shared sandbox.
const owner = privateKeyToAccount(devPrivateKeys[4])
const recipient = privateKeyToAccount(devPrivateKeys[5]).address

let sandbox: TestSandbox
let browser: Browser
let context: BrowserContext
let page: Page
let info: SandboxInfo
const violations: string[] = []

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  await startSandboxBundler(sandbox)
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxInfo
  const walletScript = await (await fetch(`${sandbox.url}/dev-wallet.js`)).text()
  ;({ context } = await newLoopbackContext(browser))
  await context.addInitScript({ content: walletScript })
  page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`))
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await sandbox?.stop()
})

describe("the dev wallet's smart account in Chromium", () => {
  it('opens on the smart account with ?devAccountType=smartAccount, sends a sponsored batch and shows it deployed', async () => {
    await page.goto(`${sandbox.url}/?devAccount=4&devAccountType=smartAccount`)
    const panel = page.locator('[data-portico-dev-wallet]')
    await expect.poll(() => panel.getByText(/Account type: Smart account · not deployed yet/).count(), { timeout: 20_000 }).toBe(1)
    const accounts = (await callWallet(page, 'eth_requestAccounts')).result as string[]
    expect(accounts).toHaveLength(2)
    expect(accounts[1]).toBe(owner.address)
    const smartAccount = accounts[0] as `0x${string}`

    const devnetA = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const pUsd = devnetA.tokens[0]!.address as `0x${string}`
    const paid = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `eip155:31337:${smartAccount}`, amount: '3000000', token: pUsd }) })
    expect(paid.status).toBe(200)
    const reads = createPublicClient({ transport: http(devnetA.nodeUrl) })
    const before = await reads.readContract({ address: pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })

    const capabilities = (await callWallet(page, 'wallet_getCapabilities', [smartAccount, ['0x7a69']])).result
    expect(capabilities).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
    const transfer = (amount: bigint) => `0xa9059cbb${recipient.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
    const sent = await callWallet(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: smartAccount,
        atomicRequired: true,
        calls: [{ to: pUsd, data: transfer(1_000_000n) }, { to: pUsd, data: transfer(500_000n) }],
        capabilities: { paymasterService: { url: devnetA.accountAbstraction!.paymasterUrl } },
      },
    ])
    expect(sent.error).toBeUndefined()
    const id = (sent.result as { id: string }).id
    await expect.poll(async () => ((await callWallet(page, 'wallet_getCallsStatus', [id])).result as { status: number }).status, { timeout: 20_000, interval: 200 }).toBe(200)
    expect(await reads.readContract({ address: pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })).toBe(before + 1_500_000n)
    expect(await reads.getBalance({ address: smartAccount })).toBe(0n)

    expect((await callWallet(page, 'wallet_showCallsStatus', [id])).result).toBeNull()
    await expect.poll(() => panel.getByText(/Batch 0x[0-9a-f]{8}… \(one user operation\): confirmed/).count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => panel.getByText(/Account type: Smart account · deployed/).count(), { timeout: 20_000 }).toBe(1)
    expect((await callWallet(page, 'wallet_getCallsStatus', ['0xunknown'])).error?.code).toBe(5730)

    // The panel's switch goes back to the EOA: the site sees only the key's address.
    await panel.getByRole('switch', { name: 'Smart account' }).click()
    await expect.poll(async () => (await callWallet(page, 'eth_accounts')).result).toEqual([owner.address])
    expect((await callWallet(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: owner.address, atomicRequired: true, calls: [{ to: pUsd, data: transfer(1n) }] }])).error?.code).toBe(5760)
    expect(violations).toEqual([])
  }, 90_000)
})
