// Issue 47 on eip155, acceptance 2: the site's own transaction in real Chromium against `npm start`,
// as a visitor of the demo site approves it, over every connector: the demo's "Your own transaction"
// example (sandbox/demo/siteTransactions/eip155Transaction.tsx: `useSigner('eip155')`, viem's
// WalletClient, `writeContract` of pUSD's `transfer`) with the Portico Dev Wallet extension (on
// Devnet A, then Devnet B after the visitor switches), each EVM wallet persona (MetaMask, Rabby,
// Coinbase Wallet), WalletConnect with the sandbox's /wallet page, the emulated Ledger and the
// embedded wallet (approved on its frame's own screen). Each transfer is read back from anvil: the
// receipt, the call the transaction carried, and both balances.
import type { Page } from 'playwright-core'
import { createPublicClient, decodeFunctionData, erc20Abi, getAddress, http, type Address, type Hash, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { mailedCode } from '../../helpers/sandboxMail.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; ledgerAccounts: { eip155: Address[] }; auth: { walletOrigin: string } }

/** The sandbox's pUSD (6 decimals), at one address on both devnets. */
const pusd: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const devAccount0 = privateKeyToAccount(devWalletAccount.privateKey).address

let sandbox: TestSandbox
let info: SandboxJson
const chains: Record<string, PublicClient> = {}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  for (const id of ['eip155:31337', 'eip155:31338']) {
    const chain = info.chains.find((c) => c.caipNetworkId === id)
    if (!chain) throw new Error(`The sandbox has no ${id}`)
    chains[id] = createPublicClient({ transport: http(chain.nodeUrl), cacheTime: 0 })
  }
}, 240_000)

afterAll(async () => {
  await sandbox?.stop()
})

const section = (page: Page) => page.getByRole('region', { name: 'Your own transaction' })
const statusOf = async (page: Page) => ((await section(page).getByRole('status').textContent({ timeout: 2_000 }).catch(() => '(no status line)')) ?? '').trim()
const balanceOf = (chainId: string, owner: Address) => chains[chainId]!.readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** What the demo page shows, for a failure's message. */
const shownOn = (page: Page) => async () => {
  const dialog = page.getByRole('dialog')
  const open = (await dialog.count()) > 0 ? ((await dialog.first().innerText({ timeout: 2_000 }).catch(() => '')) ?? '').replace(/\s+/g, ' ').slice(0, 400) : '(none)'
  return `example status: ${await statusOf(page)} | dialog: ${open} | account: ${(await page.getByTestId('account-status').textContent().catch(() => '')) ?? ''}`
}

async function faucet(body: Record<string, string>): Promise<void> {
  const paid = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!paid.ok) throw new Error(`the faucet answered ${paid.status}: ${await paid.text()}`)
}

/**
 * Runs the demo's example as a visitor: a fresh recipient, 1.25 pUSD, "Transfer pUSD with viem";
 * `approve` is what the visitor does in the wallet. Then reads it back from the chain: the receipt,
 * the transfer the transaction carried, both balances, and the same figures on the demo's status line.
 */
async function transferThroughDemo(page: Page, { from, chainId = 'eip155:31337', approve = async () => undefined, describe = shownOn(page) }: { from: Address; chainId?: string; approve?: (to: Address) => Promise<void>; describe?: () => Promise<string> }): Promise<Hash> {
  const to = privateKeyToAccount(generatePrivateKey()).address
  const before = await balanceOf(chainId, from)
  await explainFailure(section(page).getByRole('button', { name: 'Transfer pUSD with viem' }).waitFor({ timeout: 30_000 }), describe)
  await section(page).getByRole('textbox', { name: 'Recipient' }).fill(to)
  await section(page).getByRole('textbox', { name: 'Amount (pUSD)' }).fill('1.25')
  await explainFailure(expect.poll(() => section(page).getByRole('button', { name: 'Transfer pUSD with viem' }).isEnabled(), { timeout: 20_000 }).toBe(true), describe)
  await section(page).getByRole('button', { name: 'Transfer pUSD with viem' }).click()
  await approve(to)
  await explainFailure(expect.poll(() => statusOf(page), { timeout: 60_000 }).toMatch(/^Transfer success in block \d+ \(0x[0-9a-f]{64}\)/), describe)
  const shown = await statusOf(page)
  const hash = /\((0x[0-9a-f]{64})\)/.exec(shown)![1] as Hash
  const chain = chains[chainId]!
  const receipt = await chain.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(getAddress(receipt.from)).toBe(from)
  expect(getAddress(receipt.to!)).toBe(pusd)
  const { input } = await chain.getTransaction({ hash })
  expect(decodeFunctionData({ abi: erc20Abi, data: input })).toEqual({ functionName: 'transfer', args: [to, 1_250_000n] })
  expect(await balanceOf(chainId, to)).toBe(1_250_000n)
  expect(await balanceOf(chainId, from)).toBe(before - 1_250_000n)
  expect(shown).toContain('the recipient 1.25')
  return hash
}

/** Opens the modal from the header and connects the wallet named `name`. */
async function connectWith(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('button', { name, exact: true }).click()
  await explainFailure(expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 30_000 }).toBe('connected'), shownOn(page))
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
}

/** A visitor's browser for one connector; checks nothing went wrong on the page when done. */
async function asVisitor(act: (visitor: SandboxPage) => Promise<void>): Promise<void> {
  const visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 900 } } })
  try {
    visitor.page.setDefaultTimeout(20_000)
    await act(visitor)
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
    expect(await visitor.cspViolations()).toEqual([])
  } finally {
    await visitor.close()
  }
}

describe("the site's own transaction on eip155, in Chromium (issue 47)", () => {
  it('the Portico Dev Wallet extension: writeContract through the signer on Devnet A; a rejection says so; after the visitor switches to Devnet B the same example transfers there', async () => {
    await asVisitor(async ({ page }) => {
      await page.goto(sandbox.url)
      await connectWith(page, 'Portico Dev Wallet')
      const activity = () => page.evaluate(() => window.__porticoDevWallet!.activity())
      await transferThroughDemo(page, { from: devAccount0 })
      expect(await activity()).toContainEqual({ method: 'eth_sendTransaction', outcome: 'approved' })

      // The visitor says no in the wallet: the example says so and nothing reaches the chain.
      const nonce = await chains['eip155:31337']!.getTransactionCount({ address: devAccount0 })
      await page.evaluate(() => window.__porticoDevWallet!.setMode('reject'))
      try {
        await section(page).getByRole('button', { name: 'Transfer pUSD with viem' }).click()
        await explainFailure(expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('Not sent: User rejected the request.'), shownOn(page))
      } finally {
        await page.evaluate(() => window.__porticoDevWallet!.setMode('approve'))
      }
      expect(await activity()).toContainEqual({ method: 'eth_sendTransaction', outcome: 'rejected' })
      expect(await chains['eip155:31337']!.getTransactionCount({ address: devAccount0 })).toBe(nonce)

      // The visitor moves to Devnet B in the modal: the same signer signs there.
      const header = page.getByRole('navigation', { name: 'Wallet' })
      await header.getByRole('button', { name: /Portico Devnet A/ }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Portico Devnet B' }).click()
      await explainFailure(expect.poll(() => header.getByRole('button', { name: /Portico Devnet B/ }).count(), { timeout: 20_000 }).toBe(1), shownOn(page))
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
      await transferThroughDemo(page, { from: devAccount0, chainId: 'eip155:31338' })
      expect(await statusOf(page)).toContain('pUSD on Portico Devnet B')
    })
  }, 240_000)

  for (const persona of listPersonas().filter((p) => p.namespace === 'eip155')) {
    it(`${persona.name} (${persona.id}, the wallet's documented dialect): the same transfer, approved by the wallet`, async () => {
      await asVisitor(async ({ page }) => {
        await page.goto(`${sandbox.url}/?personas=${persona.id}`)
        await page.waitForFunction((id) => Boolean(window.__porticoEip155Personas?.[id]), persona.id)
        await connectWith(page, persona.name)
        await transferThroughDemo(page, { from: devAccount0 })
        expect(await page.evaluate((id) => window.__porticoPersonas![id]!.activity(), persona.id)).toContainEqual({ method: 'eth_sendTransaction', outcome: 'approved' })
      })
    }, 180_000)
  }

  it('WalletConnect: the sandbox\'s /wallet page shows the eth_sendTransaction and the visitor approves it there', async () => {
    const browser = await launchChromium()
    try {
      const pair = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Devnet B', chain: 'eip155:31338', method: 'eth_sendTransaction' })
      const { demo, walletPage } = pair
      await explainFailure(expect.poll(() => demo.getByTestId('account-status').textContent(), { timeout: 30_000 }).toBe('connected'), pair.describe)
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'eth_sendTransaction from Portico demo dApp' })
      // Paired on Devnet B (the helper picks it before connecting): the transfer goes there.
      await transferThroughDemo(demo, {
        from: devAccount0,
        chainId: 'eip155:31338',
        describe: pair.describe,
        approve: async (to) => {
          await explainFailure(request.waitFor({ timeout: 30_000 }), pair.describe)
          // What the wallet shows before the visitor approves: the token contract, and the call's data naming the recipient.
          expect(await request.textContent()).toContain(pusd)
          expect(await request.textContent()).toContain(to.slice(2).toLowerCase())
          await request.getByRole('button', { name: 'Approve' }).click()
        },
      })
      await expect.poll(() => walletPage.getByRole('status').first().textContent()).toBe('Approved eth_sendTransaction.')
      expect(pair.errors).toEqual([])
      expect(pair.blocked).toEqual([])
      await pair.context.close()
    } finally {
      await browser.close()
    }
  }, 240_000)

  it('the emulated Ledger: the device signs the contract call (blind signing on) and the site broadcasts it', async () => {
    const third = info.ledgerAccounts.eip155[2]!
    // The sandbox funds the Ledger's first accounts with ETH; the pUSD to send comes from the faucet.
    await faucet({ caipAddress: `eip155:31337:${third}`, amount: '5000000', token: pusd })
    await asVisitor(async ({ page }) => {
      await page.goto(sandbox.url)
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Ledger', exact: true }).click()
      await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
      const accountRow = dialog.getByRole('list', { name: 'Accounts on your Ledger' }).getByRole('button', { name: new RegExp(`^Account 3 ${third} `) })
      await explainFailure(accountRow.waitFor({ timeout: 30_000 }), shownOn(page))
      await accountRow.click()
      await explainFailure(expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 30_000 }).toBe('connected'), shownOn(page))
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
      const signed = () => page.evaluate(() => (window as unknown as { __porticoLedger: { activity(): { action: string; outcome: string }[] } }).__porticoLedger.activity().filter((a) => a.action === 'signTransaction' && a.outcome === 'approved').length)
      const before = await signed()
      await transferThroughDemo(page, { from: third })
      expect(await signed()).toBe(before + 1)
    })
  }, 240_000)

  it('the embedded wallet: its frame shows "Send 1.25 pUSD" to the recipient, and the visitor approves on that screen', async () => {
    const email = `signer-${Date.now().toString(36)}@example.com`
    await asVisitor(async ({ page }) => {
      await page.goto(sandbox.url)
      await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
      await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor()
      await dialog.getByRole('textbox', { name: 'Code' }).fill((await mailedCode(sandbox.url, email)).code)
      const verify = dialog.getByRole('button', { name: 'Verify' })
      if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
      await explainFailure(expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 30_000 }).toBe('connected'), shownOn(page))
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
      const address = getAddress(((await page.getByTestId('account-status').locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim())
      await faucet({ caipAddress: `eip155:31337:${address}`, amount: '1' })
      await faucet({ caipAddress: `eip155:31337:${address}`, amount: '5000000', token: pusd })
      const frame = page.frameLocator('iframe[title="Portico wallet"]')
      const screen = async () => ((await frame.locator('main#portico-approval').innerText().catch(() => '(no approval screen)')) ?? '').replace(/\s+/g, ' ')
      await transferThroughDemo(page, {
        from: address,
        describe: async () => `${await shownOn(page)()} | frame: ${await screen()}`,
        approve: async (to) => {
          await explainFailure(expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent().catch(() => null), { timeout: 30_000 }).toBe('Send 1.25 pUSD'), async () => `frame: ${await screen()}`)
          expect(await screen()).toContain(`Recipient ${to}`)
          expect(await screen()).toContain('Network Portico Devnet A (eip155:31337)')
          // The visitor's own click on the frame's screen, again until it goes (the frame turns clicks away in its first 600 ms on screen).
          await explainFailure(
            expect
              .poll(
                async () => {
                  if ((await frame.locator('#portico-approval').count()) === 0) return 'gone'
                  await frame.getByRole('button', { name: 'Approve the transaction' }).click({ timeout: 2_000 }).catch(() => undefined)
                  return (await frame.locator('#portico-approval').count()) === 0 ? 'gone' : 'shown'
                },
                { timeout: 30_000, interval: 250 },
              )
              .toBe('gone'),
            async () => `frame: ${await screen()}`,
          )
        },
      })
    })
  }, 240_000)
})
