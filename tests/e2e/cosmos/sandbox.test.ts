// Cosmos on the demo site from `npm start`, as a visitor, in real Chromium: the Keplr-compatible
// "Portico Dev Wallet (Cosmos)" (injected late), the sandbox's verifying bank ledger behind the
// server's Cosmos proxy, and the Portico server. Balances are read back from the ledger's REST API
// (through the proxy) and the server's blockchain API, not from the UI.
import { randomBytes } from 'node:crypto'
import { bech32 } from '@scure/base'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyCosmosSignature } from '../../../plugins/cosmos/actions/verifyCosmosSignature.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[]; nativeCurrency: { symbol: string } }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = { __porticoCosmosDevWallet: { activity(): Activity[] } }

const network = 'Portico Cosmos Localnet'

let sandbox: TestSandbox
let chainId: string
let nodeUrl: string
let devAddress: string
let short: string
let visitor: SandboxPage
let page: Page
let lastReceiver = ''

/** Base units of `denom` held by `address`, from the ledger's bank REST API. */
async function bankBalance(address: string, denom: string): Promise<bigint> {
  const response = await fetch(`${nodeUrl}/cosmos/bank/v1beta1/balances/${address}`)
  const body = (await response.json()) as { balances: { denom: string; amount: string }[] }
  return BigInt(body.balances.find((b) => b.denom === denom)?.amount ?? '0')
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId.startsWith('cosmos:'))
  if (!chain) throw new Error('The sandbox has no Cosmos chain')
  chainId = chain.caipNetworkId
  nodeUrl = chain.nodeUrl
  devAddress = chain.accounts[0]!
  short = `${devAddress.slice(0, 4)}…${devAddress.slice(-4)}`
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
const panel = () => page.getByRole('region', { name: 'Portico Dev Wallet (Cosmos)', exact: true })
const activity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoCosmosDevWallet.activity())
const freshAddress = () => bech32.encode(devAddress.slice(0, devAddress.indexOf('1')), bech32.toWords(randomBytes(20)))

async function chooseCosmos() {
  await header().getByRole('button', { name: /Portico Devnet A|Portico Cosmos Localnet/ }).first().click()
  await dialog().getByRole('button', { name: network }).click()
}

describe('Cosmos on the demo site, end to end', () => {
  it('makes the Cosmos chain active, lists the dev wallet once and connects it; the header shows its balance', async () => {
    await page.goto(sandbox.url)
    await chooseCosmos()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const wallet = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet (Cosmos)' })
    await expect.poll(() => wallet.count()).toBe(1)
    await wallet.click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} PTC/)
    expect((await activity()).map((a) => a.method)).toContain('enable')
  })

  it('sends 0.25 PTC to a fresh address with the fee shown before signing; the ledger and the server API show it', async () => {
    const receiver = freshAddress()
    await header().getByRole('button', { name: new RegExp(short) }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'PTC')
    await dialog().getByLabel('Amount').fill('0.25')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to \d+(\.\d+)? PTC/)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    const toasts = sendSuccess(page)
    await expect.poll(() => toasts.textContent(), { timeout: 20_000 }).toContain('Sent')
    await toasts.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => bankBalance(receiver, 'uptc').catch(() => 0n), { timeout: 20_000 }).toBe(250_000n)
    const api = await fetch(`${sandbox.url}/v1/account/${receiver}/balance?currency=usd&chainId=${chainId}&projectId=demo`)
    const body = (await api.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
    expect(body.balances.find((b) => b.symbol === 'PTC')?.quantity.numeric).toBe('0.25')
    expect((await activity()).filter((a) => a.method === 'signDirect').map((a) => a.outcome)).toEqual(['approved'])
    lastReceiver = receiver
  }, 60_000)

  it('the Activity tab lists the send with its receiver (from the server\'s Cosmos history)', async () => {
    if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await header().getByRole('button', { name: new RegExp(short) }).click()
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const panel = dialog().getByRole('tabpanel')
    const to = `to ${lastReceiver.slice(0, 4)}…${lastReceiver.slice(-4)}`
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain(`Sent0.250 PTC${to}`)
    await dialog().getByRole('tab', { name: 'Tokens' }).click()
    await page.keyboard.press('Escape')
  })

  it('a wallet that rejects: the send shows the rejection and nothing moves', async () => {
    const receiver = freshAddress()
    await panel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      if ((await dialog().count()) === 0 || (await dialog().getAttribute('data-view')) !== 'Account') {
        if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
        await header().getByRole('button', { name: new RegExp(short) }).click()
      }
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog(), 'PTC')
      await dialog().getByLabel('Amount').fill('0.1')
      await dialog().getByLabel('Receiver address').fill(receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/reject/i)
      expect((await activity()).at(-1)).toEqual({ method: 'signDirect', outcome: 'rejected' })
      expect(await bankBalance(receiver, 'uptc')).toBe(0n)
    } finally {
      await panel().getByRole('switch', { name: 'Reject requests' }).uncheck()
      await page.keyboard.press('Escape')
    }
  })

  it('after a reload the Cosmos connection is restored', async () => {
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
  })

  it('the demo signs a message with ADR-36 and it verifies in Node', async () => {
    const sign = page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
    const signResult = page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
    await sign.click()
    await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Signature: /)
    const signature = ((await signResult.textContent()) ?? '').replace('Signature: ', '')
    expect(await verifyCosmosSignature({ message: 'Hello from the Portico demo', signature, address: devAddress })).toBe(true)
    expect(await verifyCosmosSignature({ message: 'Hello from the Portico demo!', signature, address: devAddress })).toBe(false)
  })

  it('sits beside eip155 and solana in one modal: Devnet A, then Solana, from the network button connect a wallet there, and back to Cosmos without reconnecting', async () => {
    const enables = (await activity()).filter((a) => a.method === 'enable').length
    await header().getByRole('button', { name: new RegExp(network) }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    // The Cosmos wallet does not serve eip155: the modal asks for a wallet there.
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect((await activity()).filter((a) => a.method === 'enable').length).toBe(enables)
    // And Solana: the same modal makes it active; the header moves there, and back to Cosmos again.
    await header().getByRole('button', { name: new RegExp(network) }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().getByRole('button', { name: /Portico Solana Localnet/ }).count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} SOL/)
    await header().getByRole('button', { name: /Portico Solana Localnet/ }).click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect((await activity()).filter((a) => a.method === 'enable').length).toBe(enables)
  })

  it('a rejected Cosmos connection shows "Connection rejected", and "Try again" connects', async () => {
    await header().getByRole('button', { name: new RegExp(short) }).click()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
    }
    await panel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await header().getByRole('button', { name: /Portico Devnet A/ }).click()
      await dialog().getByRole('button', { name: network }).click()
      await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
      await dialog().getByRole('button', { name: 'Switch Network' }).click()
      // Nothing is connected on Cosmos: the modal lists the wallets there.
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet (Cosmos)' }).click()
      await expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      expect((await activity()).at(-1)).toEqual({ method: 'enable', outcome: 'rejected' })
    } finally {
      await panel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
    expect((await activity()).at(-1)).toEqual({ method: 'enable', outcome: 'approved' })
  })

  it('sign-in with ?siwx=required on Cosmos: the sandbox server verifies the ADR-36 signature and holds the session', async () => {
    // A first-time visitor (a browser of their own) on a site that requires sign-in.
    const newcomer = await openSandboxPage()
    try {
      const p = newcomer.page
      p.setDefaultTimeout(20_000)
      const d = () => p.getByRole('dialog')
      const h = () => p.getByRole('navigation', { name: 'Wallet' })
      await p.goto(`${sandbox.url}/?siwx=required`)
      await h().getByRole('button', { name: /Portico Devnet A/ }).click()
      await d().getByRole('button', { name: network }).click()
      await expect.poll(() => d().count(), { timeout: 20_000 }).toBe(0)
      await h().getByRole('button', { name: 'Connect Wallet' }).click()
      await p.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet (Cosmos)' }).click()
      const signView = p.getByRole('dialog').filter({ has: p.getByRole('heading', { name: 'Sign in with your wallet' }) })
      const shown = (await (await signInMessage(signView)).textContent()) ?? ''
      expect(shown).toContain('wants you to sign in with your Cosmos account')
      expect(shown).toContain(devAddress)
      await signView.getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => d().count(), { timeout: 20_000 }).toBe(0)
      const response = await newcomer.context.request.get(`${sandbox.url}/siwx/sessions`)
      const body = (await response.json()) as { signedIn: boolean; sessions: { data: { chainId: string; accountAddress: string }; message: string; signature: string }[] }
      expect(body.signedIn).toBe(true)
      const session = body.sessions.find((s) => s.data.chainId === chainId)
      expect(session?.data.accountAddress).toBe(devAddress)
      expect(await verifyAdr36WithCosmjs(session!.message, session!.signature, devAddress)).toBe(true)
      expect(await verifyAdr36WithCosmjs(`${session!.message} `, session!.signature, devAddress)).toBe(false)
      const log = await p.evaluate(() => (window as unknown as WalletWindow).__porticoCosmosDevWallet.activity())
      expect(log.at(-1)).toEqual({ method: 'signArbitrary', outcome: 'approved' })
      // Signed in, the account view says so.
      await h().getByRole('button', { name: new RegExp(short) }).click()
      await expect.poll(() => d().textContent()).toContain('Signed in')
      expect(await newcomer.cspViolations()).toEqual([])
      expect(newcomer.pageErrors).toEqual([])
      expect(newcomer.blocked).toEqual([])
    } finally {
      await newcomer.close()
    }
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
