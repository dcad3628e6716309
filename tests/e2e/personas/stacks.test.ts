// Issue 46 as a visitor, for the stacks personas of Leather and Xverse: the demo site from
// `npm start` in real Chromium with one persona installed (`?personas=stacks/<wallet>`), the
// sandbox's verifying Stacks ledger behind the server's proxy, and the Portico server. Each row names
// the persona and the documentation it follows; every row connects (Leather: `getAddresses` on
// `window.LeatherProvider`; Xverse: `wallet_connect` on `XverseProviders.BitcoinProvider`, since its
// `StacksProvider.request` throws), sends STX (read back from the ledger's node API), gets a clear
// error on a refusal, reconnects after a reload without asking, follows the wallet's account events
// where it has them, and signs in (verified by the server and by @stacks/encryption). Last, the
// exported `stacksLocalnet` preset's node answers a page on another origin (CORS).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stacksLocalnet } from '../../../plugins/stacks/index.js'
import { sandboxPorts } from '../../../sandbox/config.js'
import { devStacksKey, devStacksPublicKeyHex } from '../../../sandbox/stacks/devStacks.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSettles } from '../../helpers/describeSend.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[] }[] }
type Activity = { method: string; outcome: string }
type PersonaWindow = { __porticoPersonas: Record<string, { setMode(mode: 'approve' | 'reject'): void; activity(): Activity[]; accounts(): string[] }>; __porticoXversePersona?: { switchAccount(account: number): void } }

const network = 'Portico Stacks Localnet'
const devAddress = devStacksKey().address
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** The personas of this file: what the visitor clicks, the documentation each follows, and how its wallet is asked. */
const personas = [
  {
    id: 'stacks/leather',
    button: /^Leather$/,
    docs: 'docs/wallets/leather.md (leather.io developer docs; @leather.io/rpc in leather-io/mono)',
    connectMethod: 'getAddresses',
    accountEvents: false,
  },
  {
    id: 'stacks/xverse',
    button: /^Xverse/,
    docs: 'docs/wallets/xverse.md (docs.xverse.app sats-connect Stacks methods; @sats-connect/core; the Xverse extension\'s inpage script)',
    connectMethod: 'wallet_connect',
    accountEvents: true,
  },
] as const

let sandbox: TestSandbox
let nodeUrl: string

async function ustxOf(address: string): Promise<bigint> {
  const body = (await (await fetch(`${nodeUrl}/v2/accounts/${address}?proof=0`)).json()) as { balance: string }
  return BigInt(body.balance)
}
const freshAddress = () => privateKeyToAddress(randomPrivateKey(), 'testnet')

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === stacksLocalnet.caipNetworkId)
  if (!chain) throw new Error('The sandbox has no Stacks chain')
  nodeUrl = chain.nodeUrl
  expect(chain.accounts[0]).toBe(devAddress)
})
afterAll(async () => {
  await sandbox?.stop()
})

describe.each(personas)('$id, following $docs', (persona) => {
  let visitor: SandboxPage
  let page: Page
  const url = (query = '') => `${sandbox.url}/?personas=${persona.id}${query}`
  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const activity = () => page.evaluate((id) => (window as unknown as PersonaWindow).__porticoPersonas[id]!.activity(), persona.id)
  const setMode = (mode: 'approve' | 'reject') => page.evaluate(([id, m]) => (window as unknown as PersonaWindow).__porticoPersonas[id!]!.setMode(m as 'approve' | 'reject'), [persona.id, mode])
  const panel = () => page.getByRole('region', { name: new RegExp(`\\(persona, stacks\\)`) })
  const chooseStacks = async () => {
    await header().getByRole('button', { name: /Portico Devnet A|Portico Stacks Localnet/ }).first().click()
    await dialog().getByRole('button', { name: network }).click()
  }
  const closeDialog = async () => {
    if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }

  beforeAll(async () => {
    visitor = await openSandboxPage()
    page = visitor.page
    page.setDefaultTimeout(20_000)
  })
  afterAll(async () => {
    await visitor?.close()
  })

  it('is listed once and connects; the header shows the STX balance', async () => {
    await page.goto(url())
    await chooseStacks()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const list = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => list.getByRole('button', { name: persona.button }).count()).toBe(1)
    await list.getByRole('button', { name: persona.button }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devAddress))
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} STX/)
    expect(await activity()).toEqual([{ method: persona.connectMethod, outcome: 'approved' }])
  })

  it('sends 0.25 STX to a fresh address with stx_transferStx; the ledger shows it', async () => {
    const receiver = freshAddress()
    await header().getByRole('button', { name: new RegExp(short(devAddress)) }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'STX')
    await dialog().getByLabel('Amount').fill('0.25')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getByRole('group', { name: 'Speed' }).getByRole('radio').count(), { timeout: 20_000 }).toBe(3)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await sendSettles(page, expect.poll(() => sendSuccess(page).textContent(), { timeout: 30_000 }).toContain('Sent'), activity)
    await sendSuccess(page).getByRole('button', { name: 'Done' }).click()
    expect(await ustxOf(receiver)).toBe(250_000n)
    expect((await activity()).at(-1)).toEqual({ method: 'stx_transferStx', outcome: 'approved' })
    await closeDialog()
  }, 60_000)

  it('a refusal in the wallet is the send error; nothing moves', async () => {
    const receiver = freshAddress()
    await setMode('reject')
    try {
      await header().getByRole('button', { name: new RegExp(short(devAddress)) }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog(), 'STX')
      await dialog().getByLabel('Amount').fill('0.1')
      await dialog().getByLabel('Receiver address').fill(receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet')
      expect((await activity()).at(-1)).toEqual({ method: 'stx_transferStx', outcome: 'rejected' })
      expect(await ustxOf(receiver)).toBe(0n)
    } finally {
      await setMode('approve')
    }
    await closeDialog()
  })

  it('a reload keeps the connection without asking the wallet anything', async () => {
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devAddress))
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    expect(await activity()).toEqual([])
  })

  it(persona.accountEvents ? 'follows an account change in the wallet (accountChange), and back' : 'has no account events (Leather\'s provider has no addListener): the connection keeps its account', async () => {
    if (!persona.accountEvents) {
      expect(await page.evaluate(() => typeof (window as unknown as { LeatherProvider: Record<string, unknown> }).LeatherProvider.addListener)).toBe('undefined')
      expect(await header().textContent()).toContain(short(devAddress))
      return
    }
    const other = devStacksKey("m/44'/5757'/0'/0/3").address
    await page.evaluate(() => (window as unknown as PersonaWindow).__porticoXversePersona!.switchAccount(3))
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(other))
    await page.evaluate(() => (window as unknown as PersonaWindow).__porticoXversePersona!.switchAccount(0))
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devAddress))
  })

  it('after the site is disconnected (in the wallet where it can be: Xverse tells the page), a rejected connection shows "Connection rejected", and "Try again" connects', async () => {
    if (persona.accountEvents) {
      // The visitor disconnects the site in Xverse: its `disconnect` event ends the connection in the page.
      await panel().getByRole('button', { name: 'Disconnect site' }).click()
    } else {
      await header().getByRole('button', { name: new RegExp(short(devAddress)) }).click()
      await dialog().getByRole('button', { name: 'Disconnect' }).click()
    }
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).not.toContain(short(devAddress))
    await closeDialog()
    await setMode('reject')
    try {
      if ((await header().getByRole('button', { name: 'Connect Wallet' }).count()) === 0) {
        await chooseStacks()
        if ((await dialog().getAttribute('data-view')) === 'SwitchActiveChain') await dialog().getByRole('button', { name: 'Switch Network' }).click()
      } else await header().getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: persona.button }).click()
      await expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      expect((await activity()).at(-1)).toEqual({ method: persona.connectMethod, outcome: 'rejected' })
    } finally {
      await setMode('approve')
    }
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devAddress))
    expect((await activity()).at(-1)).toEqual({ method: persona.connectMethod, outcome: 'approved' })
  })

  it('signs in with ?siwx=required: stx_signMessage, verified by the server and by @stacks/encryption', async () => {
    await page.goto(url('&siwx=required'))
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    await expect.poll(() => signView.getByRole('button', { name: 'Sign', exact: true }).isEnabled(), { timeout: 20_000 }).toBe(true)
    const shown = (await (await signInMessage(signView)).textContent()) ?? ''
    expect(shown).toContain('wants you to sign in with your Stacks account')
    expect(shown).toContain(devAddress)
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    expect((await activity()).at(-1)).toEqual({ method: 'stx_signMessage', outcome: 'approved' })
    const body = (await (await page.context().request.get(`${sandbox.url}/siwx/sessions`)).json()) as { signedIn: boolean; sessions: { data: { chainId: string; accountAddress: string }; message: string; signature: string }[] }
    expect(body.signedIn).toBe(true)
    const session = body.sessions.find((s) => s.data.chainId === stacksLocalnet.caipNetworkId)
    expect(session?.data.accountAddress).toBe(devAddress)
    expect(verifyMessageSignatureRsv({ message: session!.message, signature: session!.signature, publicKey: devStacksPublicKeyHex })).toBe(true)
    expect(verifyMessageSignatureRsv({ message: `${session!.message} `, signature: session!.signature, publicKey: devStacksPublicKeyHex })).toBe(false)
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})

describe('the exported stacksLocalnet preset', () => {
  it('points at the sandbox\'s Stacks node on its default port (PORT + 8)', () => {
    expect(stacksLocalnet.rpcUrls.default.http).toEqual([`http://127.0.0.1:${sandboxPorts(4700).stacks}`])
  })

  it('its node answers a page on another origin: a balance read and a fee estimate (a preflighted POST) succeed from the page', async () => {
    // A site of its own on another loopback port, with no Content-Security-Policy of its own: only CORS decides.
    const site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>A site using stacksLocalnet</title>'))
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    const visitor = await openSandboxPage()
    try {
      await visitor.page.goto(siteOrigin)
      expect(new URL(nodeUrl).origin).not.toBe(siteOrigin)
      const read = await visitor.page.evaluate(
        async ([base, address]) => {
          const account = (await (await fetch(`${base}/v2/accounts/${address}?proof=0`)).json()) as { balance: string }
          const fees = await fetch(`${base}/v2/fees/transfer`)
          const estimate = await fetch(`${base}/v2/fees/transaction`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transaction_payload: '0x00', estimated_len: 180 }) })
          return { balance: account.balance, fees: fees.ok, estimate: estimate.status }
        },
        [nodeUrl, devAddress] as const,
      )
      expect(BigInt(read.balance)).toBe(await ustxOf(devAddress))
      expect(read.fees).toBe(true)
      // Any answer at all means CORS let the page read it (a blocked preflight is a TypeError in the page).
      expect(read.estimate).toBeGreaterThanOrEqual(200)
      expect(visitor.pageErrors).toEqual([])
    } finally {
      await visitor.close()
      await new Promise((resolve) => site.close(resolve))
    }
  })
})
