// The sui plugin against the Sui wallet personas (Slush, Phantom, Suiet), each speaking its wallet's
// documented Wallet Standard dialect (docs/wallets/<wallet>.md), on the demo site in real Chromium:
// connect, a personal-message signature and a ?siwx=required sign-in, both verified with
// @mysten/sui's verifier, a send whose receiver's balance is read back from the ledger's GraphQL RPC
// (the client path of the mainnet preset), reconnect after a reload, the wallet's own refusals shown
// as rejections, and a disconnect on the wallet's side followed. One sandbox, one page; each row opens the demo with ?personas=<id>.
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSettles } from '../../helpers/describeSend.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[] }[] }
type Activity = { method: string; outcome: string }
type PersonaWindow = { __porticoPersonas?: Record<string, { setMode(mode: 'approve' | 'reject'): void; activity(): Activity[] }> }

/** What each persona registers as, and the features the plugin must reach it through (its dialect). */
const dialects: Record<string, { walletName: string; send: string; sign: string; refusal: RegExp }> = {
  'sui/phantom': { walletName: 'Phantom', send: 'sui:signAndExecuteTransaction', sign: 'sui:signPersonalMessage', refusal: /User rejected the request/ },
  'sui/slush': { walletName: 'Slush — A Sui wallet', send: 'sui:signAndExecuteTransaction', sign: 'sui:signPersonalMessage', refusal: /Transaction rejected from user/ },
  'sui/suiet': { walletName: 'Suiet', send: 'sui:signAndExecuteTransactionBlock', sign: 'sui:signMessage', refusal: /User rejection/ },
}
const rows = listPersonas()
  .filter((persona) => persona.namespace === 'sui')
  .map((persona) => ({ ...persona, ...dialects[persona.id]! }))

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

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
/** MIST held by `owner`, from the ledger's GraphQL RPC through @mysten/sui. */
const balanceOf = async (owner: string) => BigInt((await graphql.core.getBalance({ address: owner, coinType: '0x2::sui::SUI' })).balance.balance)
const personaOf = (id: string) => ({
  activity: () => page.evaluate((key) => (window as unknown as PersonaWindow).__porticoPersonas?.[key]?.activity() ?? [], id),
  setMode: (mode: 'approve' | 'reject') => page.evaluate(([key, value]) => (window as unknown as PersonaWindow).__porticoPersonas?.[key!]?.setMode(value as 'approve' | 'reject'), [id, mode]),
})
/** What the visitor sees now: the header and the open dialog (never waits). */
async function shown(): Promise<string> {
  const text = async (locator: ReturnType<typeof header>) => ((await locator.count()) > 0 ? ((await locator.first().textContent({ timeout: 1_000 }).catch(() => '')) ?? '') : 'none')
  return `header: ${await text(header())}; dialog: ${await text(dialog())}`
}
/** Runs a wait; when it fails, the error says what the page showed then. */
async function showing(what: string, wait: () => Promise<unknown>): Promise<void> {
  try {
    await wait()
  } catch (error) {
    throw new Error(`${what}; the page showed ${await shown()}`, { cause: error })
  }
}

async function closeDialog() {
  if ((await dialog().count()) === 0) return
  await page.keyboard.press('Escape')
  await expect.poll(() => dialog().count()).toBe(0)
}
async function openAccount() {
  if ((await dialog().count()) > 0 && (await dialog().getAttribute('data-view')) !== 'Account') await closeDialog()
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(suiShort) }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
}

describe.each(rows)('the sui plugin with the $name persona ($id, following $docs)', (row) => {
  const persona = personaOf(row.id)

  it('connects, signs a message that @mysten/sui verifies, sends with the balance read back, reconnects after a reload, shows the wallet’s refusals as rejections and follows its disconnect', async () => {
    // Open the demo with only this persona beside the dev wallets, on the Sui network, nothing remembered.
    await clearSiteStorage(page, sandbox.url)
    await page.goto(`${sandbox.url}/?personas=${row.id}`)
    await showing(`the persona ${row.id} did not install`, () => expect.poll(() => page.evaluate((id) => Boolean((window as unknown as PersonaWindow).__porticoPersonas?.[id]), row.id)).toBe(true))
    const networkButton = header().getByRole('button', { name: /Portico Devnet A|Portico Sui Localnet/ })
    if ((await header().getByRole('button', { name: new RegExp(network) }).count()) === 0) {
      await networkButton.click()
      await dialog().getByRole('button', { name: network }).click()
      await showing('the network did not switch', () => expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
    }
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000, message: 'no Connect Wallet button' }).toBe(1)

    // Connect: the wallet is listed once under its own name.
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    const listed = connect.getByRole('button', { name: row.walletName, exact: true })
    await showing(`"${row.walletName}" is not listed once`, () => expect.poll(() => listed.count()).toBe(1))
    await listed.click()
    await expect.poll(() => header().textContent(), { timeout: 20_000, message: 'the header shows no Sui account' }).toContain(suiShort)
    await expect.poll(() => header().textContent(), { timeout: 20_000, message: 'the header shows no SUI balance' }).toMatch(/\d[\d,]*\.\d{3} SUI/)
    await closeDialog()

    // A personal-message signature through the wallet's dialect, verified by @mysten/sui.
    const sign = page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
    const signResult = page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
    await sign.click()
    await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [A-Za-z0-9+/=]{130,}$/)
    const signature = ((await signResult.textContent()) ?? '').replace('Signature: ', '')
    expect((await verifyPersonalMessageSignature(new TextEncoder().encode('Hello from the Portico demo'), signature)).toSuiAddress()).toBe(devAddress)
    expect((await persona.activity()).at(-1)).toEqual({ method: row.sign, outcome: 'approved' })

    // A send: the fee shown first, the wallet signs and executes, the receiver's balance read back from the chain.
    const receiver = new Ed25519Keypair().toSuiAddress()
    const sendSui = async (amount: string) => {
      await openAccount()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
      await chooseSendToken(dialog(), 'SUI')
      await dialog().getByLabel('Amount').fill(amount)
      await dialog().getByLabel('Receiver address').fill(receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await expect.poll(() => dialog().locator('dl').textContent(), { timeout: 20_000, message: 'the review shows no network fee' }).toMatch(/Network feeup to \d+(\.\d+)? SUI/)
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    }
    await sendSui('0.1')
    const toasts = sendSuccess(page)
    await sendSettles(page, expect.poll(() => toasts.textContent(), { timeout: 20_000 }).toContain('Sent'), persona.activity)
    await toasts.getByRole('button', { name: 'Done' }).click()
    expect(await balanceOf(receiver)).toBe(100_000_000n)
    expect((await persona.activity()).filter((a) => a.method === row.send).map((a) => a.outcome)).toEqual(['approved'])
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
    await closeDialog()

    // Reload: the connection comes back without a prompt.
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000, message: 'the connection was not restored' }).toContain(suiShort)
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    expect((await persona.activity()).filter((a) => a.method === 'standard:connect')).toEqual([])

    // The wallet refuses in its own shape: the send and the signature show a rejection; nothing moves.
    await persona.setMode('reject')
    try {
      await sendSui('0.2')
      await sendSettles(page, expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'), persona.activity)
      expect((await persona.activity()).at(-1)).toEqual({ method: row.send, outcome: 'rejected' })
      expect(await balanceOf(receiver)).toBe(100_000_000n)
      await closeDialog()
      await sign.click()
      await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(row.refusal)
      await expect.poll(() => signResult.textContent()).toMatch(/^Not signed: /)

      // A refused connection says so, and "Try again" connects once the wallet approves.
      await openAccount()
      await dialog().getByRole('button', { name: 'Disconnect' }).click()
      await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
      await closeDialog()
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: row.walletName, exact: true }).click()
      await showing('no "Connection rejected"', () => expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0))
    } finally {
      await persona.setMode('approve')
    }
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(suiShort)

    // The wallet drops the site on its side (its `change` event with no account): the site follows.
    await closeDialog()
    await page.getByRole('region', { name: `${row.walletName} (persona, sui)` }).getByRole('button', { name: 'Disconnect site' }).click()
    await showing('the site did not follow the wallet\'s disconnect', () => expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
  }, 120_000)

  it('signs in with ?siwx=required: the sandbox server holds the session and @mysten/sui verifies its signature', async () => {
    await visitor.context.clearCookies()
    await clearSiteStorage(page, sandbox.url)
    await page.goto(`${sandbox.url}/?personas=${row.id}&siwx=required`)
    await expect.poll(() => page.evaluate((id) => Boolean((window as unknown as PersonaWindow).__porticoPersonas?.[id]), row.id)).toBe(true)
    if ((await header().getByRole('button', { name: new RegExp(network) }).count()) === 0) {
      await header().getByRole('button', { name: /Portico Devnet A/ }).click()
      await dialog().getByRole('button', { name: network }).click()
      await showing('the network did not switch', () => expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
    }
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: row.walletName, exact: true }).click()
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    await showing('no sign-in view', () => signInMessage(signView))
    const message = await signInMessage(signView)
    expect(await message.textContent()).toContain(devAddress)
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    await showing('the sign-in did not finish', () => expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0))
    const body = (await (await visitor.context.request.get(`${sandbox.url}/siwx/sessions`)).json()) as { signedIn: boolean; sessions: { data: { chainId: string; accountAddress: string }; message: string; signature: string }[] }
    expect(body.signedIn).toBe(true)
    const session = body.sessions.find((s) => s.data.chainId === 'sui:localnet')
    expect(session?.data.accountAddress).toBe(devAddress)
    expect((await verifyPersonalMessageSignature(new TextEncoder().encode(session!.message), session!.signature)).toSuiAddress()).toBe(devAddress)
    expect((await persona.activity()).at(-1)).toEqual({ method: row.sign, outcome: 'approved' })
    // Leave the next row a page without this connection.
    await page.getByRole('region', { name: `${row.walletName} (persona, sui)` }).getByRole('button', { name: 'Disconnect site' }).click()
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
  }, 60_000)
})

describe('the Sui personas on the demo', () => {
  it('are the three the issue names, each with a docs page', () => {
    expect(rows.map((r) => [r.id, r.name, r.docs])).toEqual([
      ['sui/phantom', 'Phantom', 'docs/wallets/phantom.md'],
      ['sui/slush', 'Slush', 'docs/wallets/slush.md'],
      ['sui/suiet', 'Suiet', 'docs/wallets/suiet.md'],
    ])
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
