// Issue 47, polkadot: the demo's "Your own transaction" as a visitor, in real Chromium against
// `npm start`. The site builds polkadot-api's Utility.batch_all of two Balances.transfer_keep_alive
// calls (sandbox/demo/siteTransactions/sendPolkadotBatch.ts) and has the connected wallet sign it
// through `useSigner('polkadot')`: the Polkadot dev wallet (window.injectedWeb3), the Talisman
// persona, and the sandbox's /wallet page over WalletConnect, where the visitor first says no, then
// approves. The chain (Chopsticks running the Rococo Asset Hub runtime) is read back with
// @polkadot/api: the block holds one utility.batchAll signed by the dev account, and both receivers
// hold what it sent.
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, encodeAddress } from '@polkadot/util-crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { recordCspViolations } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandboxPolkadot } from '../../helpers/startOnDemand.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[] }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = {
  __porticoPolkadotDevWallet: { activity(): Activity[] }
  __porticoPersonas: Record<string, { setMode(mode: 'approve' | 'reject'): void; activity(): Activity[] }>
}

const chainId = `polkadot:${'45'.repeat(16)}`
const network = 'Portico Substrate Devnet'
const roc = 10n ** 12n
let sandbox: TestSandbox
let browser: Browser
let api: ApiPromise
let dev1 = ''

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  await startSandboxPolkadot(sandbox)
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === chainId)
  if (!chain) throw new Error(`The sandbox has no ${chainId} chain`)
  dev1 = chain.accounts[0]!
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new HttpProvider(chain.nodeUrl), noInitWarn: true })
})
afterAll(async () => {
  await api?.disconnect()
  await browser?.close()
  await sandbox?.stop()
})

const fresh = (seed: string) => new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(`//${seed}-${Math.random()}`).address
const free = async (owner: string) => (await api.query.system.account(owner)).data.free.toBigInt()
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** What the demo shows now, for a failure's message. */
const shown = (page: Page) => async () => {
  const header = await page.getByRole('navigation', { name: 'Wallet' }).textContent({ timeout: 2_000 }).catch(() => '(none)')
  const dialog = (await page.getByRole('dialog').count()) ? await page.getByRole('dialog').first().textContent({ timeout: 1_000 }).catch(() => '(unreadable)') : '(none)'
  const section = (await page.getByRole('region', { name: 'Your own transaction' }).count()) ? await page.getByRole('region', { name: 'Your own transaction' }).textContent({ timeout: 1_000 }) : '(not shown)'
  return `header: ${header} | dialog: ${dialog} | your own transaction: ${section}`
}

/** A visitor's tab on the demo (`query` picks personas), recording CSP violations, page errors and requests beyond 127.0.0.1. */
async function openDemo(query = '') {
  const { context, blocked } = await newLoopbackContext(browser)
  await context.addInitScript({ content: recordCspViolations })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${sandbox.url}/${query}`)
  return { context, page, errors, blocked }
}

/** Picks the Substrate network from the header, then `walletName` in the Connect view; waits for the account in the header. */
async function connectExtension(page: Page, walletName: string) {
  const header = page.getByRole('navigation', { name: 'Wallet' })
  await header.getByRole('button', { name: /Portico Devnet A/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: network }).click()
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
  await header.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect.poll(() => connect.getByRole('button', { name: walletName, exact: true }).count(), { message: `the Connect view lists ${walletName}` }).toBe(1)
  await connect.getByRole('button', { name: walletName, exact: true }).click()
  await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(short(dev1)), shown(page))
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
}

/** Fills the two receivers of the demo's batch and clicks its button; returns the section's status line. */
async function sendBatch(page: Page, receivers: [string, string]) {
  const section = page.getByRole('region', { name: 'Your own transaction' })
  await explainFailure(section.getByRole('button', { name: 'Send 1.25 ROC and 0.75 ROC in one batch' }).waitFor({ timeout: 20_000 }), shown(page))
  expect(await section.textContent()).toContain('Utility.batch_all')
  await section.getByLabel('First receiver').fill(receivers[0])
  await section.getByLabel('Second receiver').fill(receivers[1])
  await section.getByRole('button', { name: 'Send 1.25 ROC and 0.75 ROC in one batch' }).click()
  return section.getByRole('status')
}

/** The block the status names holds one utility.batchAll of two transferKeepAlive, signed by the dev account; both receivers hold their amounts. */
async function expectBatchOnChain(statusText: string, receivers: [string, string]) {
  const [, number, hash] = /^Included in block #(\d+): (0x[0-9a-f]{64})$/.exec(statusText) ?? []
  expect(hash, statusText).toBeDefined()
  const { block } = await api.rpc.chain.getBlock(await api.rpc.chain.getBlockHash(Number(number)))
  const extrinsic = block.extrinsics.find((e) => e.hash.toHex() === hash)
  expect(extrinsic, `block #${number} holds ${hash}`).toBeDefined()
  // @polkadot/api spells the signer in the runtime's own prefix: compared in the sandbox's (42).
  expect([extrinsic!.method.section, extrinsic!.method.method, encodeAddress(extrinsic!.signer.toString(), 42)]).toEqual(['utility', 'batchAll', dev1])
  const calls = (extrinsic!.method.args[0] as unknown as { section: string; method: string }[]).map((call) => `${call.section}.${call.method}`)
  expect(calls).toEqual(['balances.transferKeepAlive', 'balances.transferKeepAlive'])
  expect([await free(receivers[0]), await free(receivers[1])]).toEqual([(125n * roc) / 100n, (75n * roc) / 100n])
}

describe("the site's own polkadot transaction, signed through useSigner('polkadot')", () => {
  it('over the Polkadot dev wallet (window.injectedWeb3): the batch is included and both receivers hold their ROC', async () => {
    const { context, page, errors, blocked } = await openDemo()
    try {
      await connectExtension(page, 'Portico Dev Wallet (Polkadot)')
      const receivers: [string, string] = [fresh('dev-wallet-a'), fresh('dev-wallet-b')]
      const status = await sendBatch(page, receivers)
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Included in block #\d+: 0x[0-9a-f]{64}$/), shown(page))
      await expectBatchOnChain((await status.textContent())!, receivers)
      const activity = await page.evaluate(() => (window as unknown as WalletWindow).__porticoPolkadotDevWallet.activity())
      expect(activity.at(-1)).toEqual({ method: 'signPayload', outcome: 'approved' })
      expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)

  it('over the Talisman persona: its refusal ("Cancelled") reads as the visitor saying no and nothing moves; approved, the batch is included', async () => {
    const persona = 'polkadot/talisman'
    const { context, page, errors, blocked } = await openDemo(`?personas=${persona}`)
    try {
      await expect.poll(() => page.evaluate((id) => Boolean((window as unknown as WalletWindow).__porticoPersonas?.[id]), persona), { message: `${persona} was not installed` }).toBe(true)
      await connectExtension(page, 'Talisman')
      const setMode = (mode: 'approve' | 'reject') => page.evaluate(([id, m]) => (window as unknown as WalletWindow).__porticoPersonas[id]!.setMode(m as 'approve' | 'reject'), [persona, mode] as const)
      const activity = () => page.evaluate((id) => (window as unknown as WalletWindow).__porticoPersonas[id]!.activity(), persona)
      const refused: [string, string] = [fresh('talisman-refused-a'), fresh('talisman-refused-b')]
      await setMode('reject')
      const status = await sendBatch(page, refused)
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Not sent: User rejected the request.'), shown(page))
      expect((await activity()).at(-1)).toEqual({ method: 'signPayload', outcome: 'rejected' })
      expect([await free(refused[0]), await free(refused[1])]).toEqual([0n, 0n])
      await setMode('approve')
      const receivers: [string, string] = [fresh('talisman-a'), fresh('talisman-b')]
      await sendBatch(page, receivers)
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Included in block #\d+: 0x[0-9a-f]{64}$/), shown(page))
      await expectBatchOnChain((await status.textContent())!, receivers)
      expect((await activity()).at(-1)).toEqual({ method: 'signPayload', outcome: 'approved' })
      expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)

  it('over WalletConnect with the /wallet page: the visitor rejects once (nothing moves), then approves polkadot_signTransaction; the batch is included', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser, url: sandbox.url, network, chain: chainId, method: 'polkadot_signTransaction' })
    try {
      await explainFailure(expect.poll(() => demo.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(short(dev1)), pages)
      await explainFailure(expect.poll(() => demo.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), pages)
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const request = requests.getByRole('article', { name: 'polkadot_signTransaction from Portico demo dApp' })

      const refused: [string, string] = [fresh('walletconnect-refused-a'), fresh('walletconnect-refused-b')]
      const status = await sendBatch(demo, refused)
      await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
      // The wallet shows the chain and the payload's genesis hash: the sandbox chain's.
      expect(await request.textContent()).toContain(`0x${'45'.repeat(32)}`)
      await request.getByRole('button', { name: 'Reject' }).click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not sent: .*reject/i), pages)
      expect([await free(refused[0]), await free(refused[1])]).toEqual([0n, 0n])

      const receivers: [string, string] = [fresh('walletconnect-a'), fresh('walletconnect-b')]
      await sendBatch(demo, receivers)
      await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
      await request.getByRole('button', { name: 'Approve' }).click()
      await explainFailure(expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Included in block #\d+: 0x[0-9a-f]{64}$/), pages)
      await expectBatchOnChain((await status.textContent())!, receivers)
      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 150_000)
})
