// Issue 47 on sui, as a visitor: the demo's "Your own transaction" builds a programmable transaction
// with @mysten/sui (two coins split off the gas coin, one sent to each of two fresh addresses) and
// has it signed and executed through useSigner('sui'), in real Chromium, by the Sui Portico Dev
// Wallet (Wallet Standard), by the Slush persona, and by the sandbox's /wallet page over
// WalletConnect (the real relay and sign-client), each approved or refused as a visitor would. The
// outcome is read back from the sandbox's Sui ledger through @mysten/sui's GraphQL client, not from the UI.
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[] }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = { __porticoSuiDevWallet?: { activity(): Activity[] }; __porticoPersonas?: Record<string, { activity(): Activity[] }> }

const network = 'Portico Sui Localnet'
let sandbox: TestSandbox
let graphql: SuiGraphQLClient
let devAddress: string
let suiShort: string
let visitor: SandboxPage
let page: Page

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === 'sui:localnet')
  if (!chain) throw new Error('The sandbox has no sui:localnet chain')
  graphql = new SuiGraphQLClient({ url: `${chain.nodeUrl.replace(/\/+$/, '')}/graphql`, network: 'localnet' })
  devAddress = chain.accounts[0]!
  suiShort = `${devAddress.slice(0, 6)}…${devAddress.slice(-4)}`
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

/** MIST held by `owner`, from the ledger's GraphQL RPC through @mysten/sui. */
const balanceOf = async (owner: string) => BigInt((await graphql.core.getBalance({ address: owner, coinType: '0x2::sui::SUI' })).balance.balance)

/** The demo's Sui example: its two recipients, its button and its status line. */
function example(on: Page) {
  const section = on.getByRole('region', { name: 'Your own transaction' })
  return {
    section,
    pay: section.getByRole('button', { name: 'Pay two addresses in one transaction' }),
    status: section.getByRole('status'),
    recipients: async () => {
      await section.locator('dd').first().waitFor()
      return section.locator('dd').allTextContents()
    },
  }
}

/**
 * Reads the executed transaction back from the chain: it succeeded, the connected account sent it,
 * and each recipient holds what the demo paid (0.1 and 0.05 SUI).
 */
async function expectPaid(status: Locator, recipients: string[], describe: () => Promise<string>) {
  await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Executed [1-9A-HJ-NP-Za-km-z]{32,44}$/), describe)
  const digest = ((await status.textContent()) ?? '').replace('Executed ', '')
  const { transaction } = await graphql.core.getTransaction({ digest })
  expect(transaction.effects.status).toEqual({ success: true, error: null })
  expect(transaction.transaction.sender).toBe(devAddress)
  expect(transaction.transaction.commands.map((c) => Object.keys(c).find((key) => key !== '$kind'))).toEqual(['SplitCoins', 'TransferObjects', 'TransferObjects'])
  expect(await Promise.all(recipients.map(balanceOf))).toEqual([100_000_000n, 50_000_000n])
}

/** What the visitor sees now (for a failure's message). */
const shown = async () => `header: ${await page.getByRole('navigation', { name: 'Wallet' }).textContent()}; dialog: ${(await page.getByRole('dialog').count()) ? await page.getByRole('dialog').first().textContent() : 'none'}; example: ${(await example(page).section.count()) ? await example(page).section.textContent() : 'none'}`

/** Opens the demo (with `query`), nothing remembered, on the Sui network, and connects `walletName`. */
async function connectWith(query: string, walletName: string) {
  await page.goto(`${sandbox.url}/${query}`)
  await page.evaluate(() => window.localStorage.clear())
  await page.reload()
  const header = page.getByRole('navigation', { name: 'Wallet' })
  const dialog = page.getByRole('dialog')
  if ((await header.getByRole('button', { name: new RegExp(network) }).count()) === 0) {
    await header.getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog.getByRole('button', { name: network }).click()
    await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), shown)
  }
  await header.getByRole('button', { name: 'Connect Wallet' }).click()
  const listed = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: walletName, exact: true })
  await explainFailure(expect.poll(() => listed.count()).toBe(1), shown)
  await listed.click()
  await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(suiShort), shown)
  if ((await dialog.count()) > 0) await page.keyboard.press('Escape')
  await explainFailure(expect.poll(() => dialog.count()).toBe(0), shown)
}

describe("the demo's own Sui transaction, signed through useSigner('sui')", () => {
  it('the Sui Portico Dev Wallet refuses it when told to (nothing moves), then signs it; the ledger pays both addresses', async () => {
    await connectWith('', 'Portico Dev Wallet')
    const { pay, status, recipients } = example(page)
    const paid = await recipients()
    expect(paid).toHaveLength(2)
    const activity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoSuiDevWallet?.activity() ?? [])
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet (Sui)', exact: true })

    await panel.getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await pay.click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not executed: .*reject/i), shown)
      expect((await activity()).at(-1)).toEqual({ method: 'sui:signAndExecuteTransaction', outcome: 'rejected' })
      expect(await Promise.all(paid.map(balanceOf))).toEqual([0n, 0n])
    } finally {
      await panel.getByRole('switch', { name: 'Reject requests' }).uncheck()
    }

    const before = await balanceOf(devAddress)
    await pay.click()
    await expectPaid(status, paid, shown)
    expect((await activity()).at(-1)).toEqual({ method: 'sui:signAndExecuteTransaction', outcome: 'approved' })
    expect(before - (await balanceOf(devAddress))).toBeGreaterThan(150_000_000n)
  }, 120_000)

  it('the Slush persona (its Wallet Standard dialect, docs/wallets/slush.md) signs and executes it', async () => {
    await connectWith('?personas=sui/slush', 'Slush — A Sui wallet')
    const { pay, status, recipients } = example(page)
    const paid = await recipients()
    await pay.click()
    await expectPaid(status, paid, shown)
    const activity = await page.evaluate(() => (window as unknown as WalletWindow).__porticoPersonas?.['sui/slush']?.activity() ?? [])
    expect(activity.at(-1)).toEqual({ method: 'sui:signAndExecuteTransaction', outcome: 'approved' })
    await page.getByRole('region', { name: 'Slush — A Sui wallet (persona, sui)' }).getByRole('button', { name: 'Disconnect site' }).click()
  }, 120_000)

  it('over WalletConnect: the /wallet page shows the commands, a refusal there is shown, an approval executes it', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser: visitor.browser, url: sandbox.url, network, chain: 'sui:localnet', method: 'sui_signAndExecuteTransaction' })
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(suiShort), pages)
      await explainFailure(expect.poll(() => demo.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), pages)
      const { pay, status, recipients } = example(demo)
      const paid = await recipients()
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const request = requests.getByRole('article', { name: 'sui_signAndExecuteTransaction from Portico demo dApp' })

      await pay.click()
      await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
      expect(await request.textContent()).toContain('sui:localnet')
      expect(await request.textContent()).toContain('SplitCoins, TransferObjects, TransferObjects')
      await request.getByRole('button', { name: 'Reject' }).click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not executed: .*reject/i), pages)
      expect(await Promise.all(paid.map(balanceOf))).toEqual([0n, 0n])

      await pay.click()
      await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
      await request.getByRole('button', { name: 'Approve' }).click()
      await expectPaid(status, paid, pages)

      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
