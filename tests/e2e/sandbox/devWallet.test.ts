import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseEther, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devPrivateKeys, devWalletAccount } from '../../../sandbox/config.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { pageSettled } from '../../helpers/pageSettled.js'
import { startSandboxBundler } from '../../helpers/startOnDemand.js'
import { callDevWallet as callWallet } from '../walletconnect/wcE2e.js'

let sandbox: TestSandbox
let browser: Browser
let context: BrowserContext
let blocked: string[]
let page: Page
let info: SandboxInfo
let walletScript: string
const violations: string[] = []

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxInfo
  walletScript = await (await fetch(`${sandbox.url}/dev-wallet.js`)).text()
  ;({ context, blocked } = await newLoopbackContext(browser, { reducedMotion: 'reduce' }))
  // The wallet arrives as an extension's content script would: before any page script runs.
  await context.addInitScript({ content: walletScript })
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      (window.__cspViolations ??= []).push(e.violatedDirective + ' ' + e.blockedURI)
    })`,
  })
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

describe('Portico Dev Wallet in Chromium against the sandbox', () => {
  it('is listed once in the demo site\'s Portico modal through EIP-6963', async () => {
    const response = await page.goto(sandbox.url)
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'.*style-src 'self'/)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    // Asking again does not add a second entry (the page script and the "extension" are one wallet).
    // The wallet announces itself as the request is dispatched; the list it would grow is painted two frames later.
    const announced = await page.evaluate(() => {
      let count = 0
      window.addEventListener('eip6963:announceProvider', () => count++)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      return count
    })
    expect(announced).toBeGreaterThan(0)
    await pageSettled(page)
    expect(await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(info.chains.map((c) => c.caipNetworkId)).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:31338']))
  })

  it('shows no accounts before connecting, answers 4100 for signing, then connects on eth_requestAccounts', async () => {
    expect(await callWallet(page, 'eth_accounts')).toEqual({ result: [] })
    const early = await callWallet(page, 'personal_sign', ['0x68656c6c6f', devWalletAccount.address])
    expect(early.error?.code).toBe(4100)
    expect(await callWallet(page, 'eth_requestAccounts')).toEqual({ result: [devWalletAccount.address] })
    expect(await callWallet(page, 'eth_accounts')).toEqual({ result: [devWalletAccount.address] })
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })
    await expect.poll(() => panel.getByText('Connected: 0xf39F…2266').count()).toBe(1)
  })

  it('signs personal_sign with the real key (verified with viem)', async () => {
    const message = 'Sign in to the Portico sandbox'
    const hex = `0x${Buffer.from(message, 'utf8').toString('hex')}`
    const answer = await callWallet(page, 'personal_sign', [hex, devWalletAccount.address])
    expect(answer.error).toBeUndefined()
    expect(await verifyMessage({ address: devWalletAccount.address, message, signature: answer.result as Hex })).toBe(true)
  })

  it('sends a transaction that mines on anvil 31337, signed in the page', async () => {
    const chainA = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const client = createPublicClient({ transport: http(chainA.nodeUrl) })
    const to = devAddresses[7]!
    const before = await client.getBalance({ address: to })
    const answer = await callWallet(page, 'eth_sendTransaction', [
      { from: devWalletAccount.address, to, value: `0x${parseEther('0.25').toString(16)}` },
    ])
    expect(answer.error).toBeUndefined()
    const receipt = await client.waitForTransactionReceipt({ hash: answer.result as Hex, timeout: 20_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(devWalletAccount.address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.25'))
  })

  it('switches to 31338 (chainChanged) and answers 4902 for an unknown chain', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { __chainChanges: unknown[]; __porticoDevWallet: { provider: { on(e: string, f: (x: unknown) => void): void } } }
      w.__chainChanges = []
      w.__porticoDevWallet.provider.on('chainChanged', (id) => w.__chainChanges.push(id))
    })
    expect(await callWallet(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({ result: null })
    expect(await callWallet(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
    expect(await page.evaluate(() => (window as unknown as { __chainChanges: unknown[] }).__chainChanges)).toEqual(['0x7a6a'])
    // Reads now go to the second devnet through the server's RPC proxy.
    const blockB = await callWallet(page, 'eth_getBalance', [devWalletAccount.address, 'latest'])
    expect(typeof blockB.result).toBe('string')
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })
    await expect.poll(() => panel.getByText('Network: Portico Devnet B (31338)').count()).toBe(1)

    const unknown = await callWallet(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])
    expect(unknown.error?.code).toBe(4902)
    expect(await callWallet(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
    expect(await callWallet(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toEqual({ result: null })
  })

  it('rejects with 4001 while "Reject requests" is switched on in the panel', async () => {
    const toggle = page.getByRole('region', { name: 'Portico Dev Wallet', exact: true }).getByRole('switch', { name: 'Reject requests' })
    await toggle.check()
    expect(await toggle.isChecked()).toBe(true)
    const sign = await callWallet(page, 'personal_sign', ['0x6869', devWalletAccount.address])
    expect(sign.error).toEqual({ code: 4001, message: 'User rejected the request.' })
    const switched = await callWallet(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(switched.error?.code).toBe(4001)
    const send = await callWallet(page, 'eth_sendTransaction', [{ from: devWalletAccount.address, to: devAddresses[7], value: '0x1' }])
    expect(send.error?.code).toBe(4001)
    await toggle.uncheck()
    expect(await page.evaluate(() => window.__porticoDevWallet?.getMode())).toBe('approve')
    expect((await callWallet(page, 'personal_sign', ['0x6869', devWalletAccount.address])).error).toBeUndefined()
  })

  it('stays connected across a reload', async () => {
    await page.reload()
    expect(await callWallet(page, 'eth_accounts')).toEqual({ result: [devWalletAccount.address] })
    expect(await callWallet(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })
    await expect.poll(() => panel.getByText('Connected: 0xf39F…2266').count()).toBe(1)
  })

  it('runs under the strict CSP with no violation, and the violation check itself works', async () => {
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
    expect(reported).toEqual([])
    expect(violations).toEqual([])
    // Control: an inline style attribute and an inline script are blocked and reported.
    await page.evaluate(() => {
      const div = document.createElement('div')
      div.setAttribute('style', 'color: red')
      document.body.append(div)
      const script = document.createElement('script')
      script.textContent = 'window.__inlineRan = true'
      document.body.append(script)
    })
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^style-src/), expect.stringMatching(/^script-src/)]))
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined()
    violations.length = 0
  })

  it('revoking permissions disconnects, and so does the panel\'s "Disconnect site" button', async () => {
    expect(await callWallet(page, 'wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({ result: null })
    expect(await callWallet(page, 'eth_accounts')).toEqual({ result: [] })
    await page.reload()
    expect(await callWallet(page, 'eth_accounts')).toEqual({ result: [] })

    expect(await callWallet(page, 'eth_requestAccounts')).toEqual({ result: [devWalletAccount.address] })
    await page.evaluate(() => {
      const w = window as unknown as { __accountChanges: unknown[]; __porticoDevWallet: { provider: { on(e: string, f: (x: unknown) => void): void } } }
      w.__accountChanges = []
      w.__porticoDevWallet.provider.on('accountsChanged', (a) => w.__accountChanges.push(a))
    })
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })
    await panel.getByRole('button', { name: 'Disconnect site' }).click()
    expect(await page.evaluate(() => (window as unknown as { __accountChanges: unknown[] }).__accountChanges)).toEqual([[]])
    expect(await callWallet(page, 'eth_accounts')).toEqual({ result: [] })
    await expect.poll(() => panel.getByText('Not connected to this site').count()).toBe(1)
    expect(await panel.getByRole('button', { name: 'Disconnect site' }).count()).toBe(0)
  })

  it('also works when it comes only from the page\'s own <script src> under the strict CSP', async () => {
    // A fresh context without the injected copy: the wallet code itself runs under the page's CSP,
    // so any eval, inline script or inline style in it would be blocked and reported.
    const plain = await newLoopbackContext(browser, { reducedMotion: 'reduce' })
    try {
      await plain.context.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (e) => {
          (window.__cspViolations ??= []).push(e.violatedDirective + ' ' + e.blockedURI)
        })`,
      })
      const other = await plain.context.newPage()
      const errors: string[] = []
      other.on('pageerror', (error) => errors.push(error.message))
      other.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text())
      })
      await other.goto(sandbox.url)
      await other.getByRole('button', { name: 'Connect Wallet' }).click()
      await expect.poll(() => other.getByRole('dialog').getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
      await other.keyboard.press('Escape')
      expect(await callWallet(other, 'eth_requestAccounts')).toEqual({ result: [devWalletAccount.address] })
      const typed = JSON.stringify({
        domain: { name: 'Portico', version: '1', chainId: 31337 },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType: 'Note',
        message: { text: 'strict CSP' },
      })
      const signed = await callWallet(other, 'eth_signTypedData_v4', [devWalletAccount.address, typed])
      expect(signed.result).toMatch(/^0x[0-9a-f]{130}$/)
      await expect.poll(() => other.getByRole('region', { name: 'Portico Dev Wallet', exact: true }).getByRole('switch', { name: 'Reject requests' }).count()).toBe(1)
      expect(await other.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(plain.blocked).toEqual([])
    } finally {
      await plain.context.close()
    }
  })

  it('made no request beyond 127.0.0.1', () => {
    expect(blocked).toEqual([])
  })
})

// Dev account 4's smart account: no other test uses it, so it starts counterfactual even in a shared
// sandbox (a second run of this file against one `npm start` finds it deployed by the first).
describe("the dev wallet's smart account in Chromium", () => {
  const owner = privateKeyToAccount(devPrivateKeys[4])
  const recipient = privateKeyToAccount(devPrivateKeys[5]).address
  let smart: Page
  beforeAll(async () => {
    await startSandboxBundler(sandbox)
    // A context of its own: the dev wallet's connection to the demo above is not this account's.
    const own = await newLoopbackContext(browser, { reducedMotion: 'reduce' }, blocked)
    await own.context.addInitScript({ content: walletScript })
    smart = await own.context.newPage()
    smart.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`))
    smart.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
    })
  })
  afterAll(async () => {
    await smart?.context().close()
  })

  it('opens on the smart account with ?devAccountType=smartAccount, sends a sponsored batch and shows it deployed', async () => {
    await smart.goto(`${sandbox.url}/?devAccount=4&devAccountType=smartAccount`)
    const panel = smart.locator('[data-portico-dev-wallet]')
    const accountType = panel.getByText(/Account type: Smart account · (not deployed yet|deployed)/)
    await expect.poll(() => accountType.count(), { timeout: 20_000 }).toBe(1)
    const accounts = (await callWallet(smart, 'eth_requestAccounts', undefined, true)).result as string[]
    expect(accounts).toHaveLength(2)
    expect(accounts[1]).toBe(owner.address)
    const smartAccount = accounts[0] as `0x${string}`

    const devnetA = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const reads = createPublicClient({ transport: http(devnetA.nodeUrl) })
    // The panel says what the chain holds: no code at the address yet on a fresh sandbox.
    const deployedBefore = (await reads.getCode({ address: smartAccount })) !== undefined
    expect(await accountType.textContent()).toMatch(deployedBefore ? /· deployed/ : /· not deployed yet/)
    const pUsd = devnetA.tokens[0]!.address as `0x${string}`
    const paid = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `eip155:31337:${smartAccount}`, amount: '3000000', token: pUsd }) })
    expect(paid.status).toBe(200)
    const before = await reads.readContract({ address: pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })

    const capabilities = (await callWallet(smart, 'wallet_getCapabilities', [smartAccount, ['0x7a69']], true)).result
    expect(capabilities).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
    const transfer = (amount: bigint) => `0xa9059cbb${recipient.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
    const sent = await callWallet(smart, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: smartAccount,
        atomicRequired: true,
        calls: [{ to: pUsd, data: transfer(1_000_000n) }, { to: pUsd, data: transfer(500_000n) }],
        capabilities: { paymasterService: { url: devnetA.accountAbstraction!.paymasterUrl } },
      },
    ], true)
    expect(sent.error).toBeUndefined()
    const id = (sent.result as { id: string }).id
    await expect.poll(async () => ((await callWallet(smart, 'wallet_getCallsStatus', [id], true)).result as { status: number }).status, { timeout: 20_000, interval: 200 }).toBe(200)
    expect(await reads.readContract({ address: pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })).toBe(before + 1_500_000n)
    expect(await reads.getBalance({ address: smartAccount })).toBe(0n)

    expect((await callWallet(smart, 'wallet_showCallsStatus', [id], true)).result).toBeNull()
    await expect.poll(() => panel.getByText(/Batch 0x[0-9a-f]{8}… \(one user operation\): confirmed/).count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => panel.getByText(/Account type: Smart account · deployed/).count(), { timeout: 20_000 }).toBe(1)
    expect((await callWallet(smart, 'wallet_getCallsStatus', ['0xunknown'], true)).error?.code).toBe(5730)

    // The panel's switch goes back to the EOA: the site sees only the key's address.
    await panel.getByRole('switch', { name: 'Smart account' }).click()
    await expect.poll(async () => (await callWallet(smart, 'eth_accounts', undefined, true)).result).toEqual([owner.address])
    expect((await callWallet(smart, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: owner.address, atomicRequired: true, calls: [{ to: pUsd, data: transfer(1n) }] }], true)).error?.code).toBe(5760)
    expect(violations).toEqual([])
  }, 90_000)
})
