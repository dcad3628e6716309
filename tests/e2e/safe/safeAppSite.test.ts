// The Safe{Wallet} sandbox (docs/guides/smart-accounts.md §5) in real Chromium: /sandbox/safe frames
// the demo from another origin; the demo's eip155 plugin finds the Safe over the Safe Apps protocol
// and connects it with no click; a send through the modal becomes a pending Safe transaction that
// two owners sign and one executes on anvil; the demo follows it to the real receipt.//
// Issue 44, acceptance 1: a plain Safe App site (tests/e2e/safe/site: eip155 + safe + the Connect
// button, not the demo) framed by the sandbox's Safe{Wallet} host. Its first bytes hold no kernel;
// the safe plugin's start-time probe sees the frame and loads it, the eip155 plugin finds the Safe
// and connects it with no click, and the site's own send becomes a Safe transaction the owner signs
// and executes on anvil (the Safe's nonce up by one, the amount read back from the chain).
import type { FrameLocator, Page } from 'playwright-core'
import { type Address, createPublicClient, http, parseAbi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSafes } from '../../../sandbox/config.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { serveTestSite, type TestSite } from '../../helpers/serveTestSite.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let site: TestSite
let rpc: ReturnType<typeof createPublicClient>
let nodeUrl = ''
const oneOfOne = sandboxSafes.safes.find((s) => s.threshold === 1)!
const twoOfThree = sandboxSafes.safes.find((s) => s.threshold === 2)!
const owner = devAddresses[oneOfOne.ownerIndexes[0]!]!
const safeAbi = parseAbi(['function nonce() view returns (uint256)'])
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  nodeUrl = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!.nodeUrl
  rpc = createPublicClient({ transport: http(nodeUrl), cacheTime: 0 })
  // The site's own strict CSP: only the Safe host may frame it.
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*; frame-ancestors ${sandbox.url}`
  site = await serveTestSite({ entry: 'tests/e2e/safe/site/main.tsx', title: 'My Safe App', csp })
  visitor = await openSandboxPage({ contextOptions: { reducedMotion: 'reduce' } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await site?.close()
  await sandbox?.stop()
})

const app = (): FrameLocator => page.frameLocator('#safe-app')
const appHeader = () => app().getByRole('navigation', { name: 'Wallet' })
const appDialog = () => app().getByRole('dialog')

describe('a plain Safe App site in the Safe{Wallet} host (issue 44)', () => {
  it('connects the Safe with no click, and its own send executes as a Safe transaction', async () => {
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address
    const siteUrl = `${site.origin}/?api=${encodeURIComponent(sandbox.url)}&rpc=${encodeURIComponent(nodeUrl)}&to=${receiver}`
    await page.goto(`${sandbox.url}/sandbox/safe?safe=${oneOfOne.address}&chainId=eip155:31337&app=${encodeURIComponent(siteUrl)}`)
    await expect.poll(() => page.locator('#safe-address').textContent()).toBe(oneOfOne.address)
    expect(await page.locator('#safe-error').isHidden()).toBe(true)

    // No click anywhere: the site's button turns into the Safe's account.
    await expect.poll(() => app().getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short(oneOfOne.address))
    // The kernel came because the probe asked for it (the page's first bytes do not hold it).
    expect(site.served.some((path) => /createPorticoKernel/.test(path))).toBe(true)

    const nonceBefore = await rpc.readContract({ address: oneOfOne.address as Address, abi: safeAbi, functionName: 'nonce' })
    await app().getByRole('button', { name: 'Send 0.01 ETH' }).click()
    // The hash a Safe send returns is the safeTxHash, held by the host until the owner acts.
    await expect.poll(() => app().locator('output[aria-label="Send result"]').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const safeTxHash = await app().locator('output[aria-label="Send result"]').textContent()
    const item = page.locator('#queue li').last()
    await expect.poll(() => item.locator('.status').textContent()).toMatch(/AWAITING_CONFIRMATIONS · 0 of 1 signatures/)
    expect(await item.textContent()).toContain(`0.01 ETH → ${receiver.slice(0, 6)}`)
    expect(await item.textContent()).toContain(safeTxHash!.slice(0, 10))
    await item.getByRole('button', { name: `Sign as ${owner}` }).click()
    await item.getByRole('button', { name: 'Execute' }).click()
    await expect.poll(() => item.locator('.status').textContent(), { timeout: 20_000 }).toMatch(/SUCCESS · 1 of 1 signatures · 0x[0-9a-f]{64}/)

    // On chain: the Safe's nonce moved by one and the receiver holds the amount.
    expect(await rpc.readContract({ address: oneOfOne.address as Address, abi: safeAbi, functionName: 'nonce' })).toBe(nonceBefore + 1n)
    expect(await rpc.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    expect(visitor.pageErrors).toEqual([])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})

describe('the Safe host page and the Safe connector', () => {
  it('/sandbox.json lists Safe 1.5.0 and both Safes on both devnets, at the pinned addresses, deployed on each', async () => {
    const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as {
      chains: { caipNetworkId: string; nodeUrl: string; safe?: { singleton: string; multiSendCallOnly: string; safes: { address: string; owners: string[]; threshold: number }[] } }[]
    }
    for (const id of ['eip155:31337', 'eip155:31338']) {
      const chain = info.chains.find((c) => c.caipNetworkId === id)!
      expect(chain.safe).toMatchObject({ singleton: sandboxSafes.singleton, multiSendCallOnly: sandboxSafes.multiSendCallOnly })
      expect(chain.safe!.safes).toEqual(sandboxSafes.safes.map((s) => ({ address: s.address, owners: s.ownerIndexes.map((i) => devAddresses[i]), threshold: s.threshold })))
      const node = createPublicClient({ transport: http(chain.nodeUrl) })
      expect(await node.getCode({ address: twoOfThree.address })).toMatch(/^0x[0-9a-f]{40,}$/)
    }
  })

  it('1-of-1: the demo inside connects the Safe with no click', async () => {
    await page.goto(`${sandbox.url}/sandbox/safe?safe=${oneOfOne.address}&chainId=eip155:31337`)
    await expect.poll(() => page.locator('#safe-address').textContent()).toBe(oneOfOne.address)
    expect(await page.locator('#safe-threshold').textContent()).toBe('1 of 1')
    await expect.poll(() => page.locator('#safe-balances').textContent()).toMatch(/ETH · [\d.]+ pUSD/)
    await expect.poll(() => appHeader().textContent(), { timeout: 20_000 }).toContain(short(oneOfOne.address))
  })

  it('2-of-3: a send through the modal waits for two owners, executes on chain, and the demo reports it confirmed', async () => {
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address
    await page.goto(`${sandbox.url}/sandbox/safe`)
    await expect.poll(() => page.locator('#safe-address').textContent()).toBe(twoOfThree.address)
    await expect.poll(() => appHeader().textContent(), { timeout: 20_000 }).toContain(short(twoOfThree.address))

    // The modal's send form, in the framed demo.
    await appHeader().getByRole('button', { name: new RegExp(short(twoOfThree.address)) }).click()
    await expect.poll(() => appDialog().getAttribute('data-view')).toBe('Account')
    await appDialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(appDialog(), 'ETH')
    await appDialog().getByLabel('Amount').fill('0.01')
    await appDialog().getByLabel('Receiver address').fill(receiver)
    await appDialog().getByRole('button', { name: 'Preview Send' }).click()
    await appDialog().getByRole('button', { name: 'Send', exact: true }).click()

    // The host holds it as a pending Safe transaction.
    const item = page.locator('#queue li').last()
    await expect.poll(() => item.locator('.status').textContent()).toMatch(/AWAITING_CONFIRMATIONS · 0 of 2 signatures/)
    expect(await item.textContent()).toContain(`0.01 ETH → ${receiver.slice(0, 6)}`)
    expect(await item.getByRole('button', { name: 'Execute' }).count()).toBe(0)
    await item.getByRole('button', { name: `Sign as ${devAddresses[0]}` }).click()
    await expect.poll(() => item.locator('.status').textContent()).toMatch(/1 of 2 signatures/)
    expect(await item.getByRole('button', { name: 'Execute' }).count()).toBe(0)
    await item.getByRole('button', { name: `Sign as ${devAddresses[2]}` }).click()
    await expect.poll(() => item.locator('.status').textContent()).toMatch(/AWAITING_EXECUTION · 2 of 2 signatures/)
    await item.getByRole('button', { name: 'Execute' }).click()
    await expect.poll(() => item.locator('.status').textContent(), { timeout: 20_000 }).toMatch(/SUCCESS · 2 of 2 signatures · 0x[0-9a-f]{64}/)

    // On chain, and on the demo's success screen.
    expect(await rpc.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    await expect.poll(() => sendSuccess(app()).textContent(), { timeout: 20_000 }).toMatch(/Sent/)
    // The screen links to the owners' execution on chain, not to the Safe's own hash.
    const executed = /0x[0-9a-f]{64}$/.exec((await item.locator('.status').textContent()) ?? '')?.[0]
    expect(executed).toBeDefined()
    expect(await sendSuccess(app()).getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toMatch(new RegExp(`/tx/${executed}$`))
    await sendSuccess(app()).getByRole('button', { name: 'Done' }).click()
    expect(visitor.pageErrors).toEqual([])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
