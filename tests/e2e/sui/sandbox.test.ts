// Sui on the demo site from `npm start`, as a visitor, in real Chromium: the Sui Portico Dev Wallet
// (Wallet Standard), the sandbox's Sui ledger and the Portico server. Balances are read back from
// the server's blockchain API and from the node's JSON-RPC, not from the UI.
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[]; tokens: { address: string }[] }[] }
type Activity = { method: string; outcome: string }
type WalletWindow = { __porticoSuiDevWallet: { activity(): Activity[] }; __porticoDevWallet: { activity(): Activity[] } }

const suiChain = 'sui:localnet'
const network = 'Portico Sui Localnet'

let sandbox: TestSandbox
let nodeUrl: string
let coinType: string
let devAddress: string
let suiShort: string
let visitor: SandboxPage
let page: Page

async function rpcCall<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}
/** Base units of `coin` held by `owner`, from the node. */
const nodeBalance = async (owner: string, coin = '0x2::sui::SUI') => BigInt((await rpcCall<{ totalBalance: string }>('suix_getBalance', [owner, coin])).totalBalance)
/** What the server's blockchain API reports for `owner`: symbol → decimal quantity. */
async function apiBalances(owner: string): Promise<Record<string, string>> {
  const response = await fetch(`${sandbox.url}/v1/account/${owner}/balance?currency=usd&chainId=${suiChain}&projectId=demo`)
  const body = (await response.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
  return Object.fromEntries(body.balances.map((b) => [b.symbol, b.quantity.numeric]))
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === suiChain)
  if (!chain) throw new Error(`The sandbox has no ${suiChain} chain`)
  nodeUrl = chain.nodeUrl
  coinType = chain.tokens[0]!.address
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
const suiPanel = () => page.getByRole('region', { name: 'Portico Dev Wallet (Sui)', exact: true })
const suiActivity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoSuiDevWallet.activity())
const connects = (activity: Activity[]) => activity.filter((a) => a.method === 'standard:connect').length
const truncated = (units: bigint, decimals: number) => Number(units / 10n ** BigInt(decimals - 3)) / 1e3
function amountOf(text: string, symbol: string): number | undefined {
  const match = new RegExp(`(\\d[\\d,]*(?:\\.\\d+)?) ${symbol}`).exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : undefined
}

async function openAccount() {
  if ((await dialog().count()) > 0 && (await dialog().getAttribute('data-view')) !== 'Account') {
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(suiShort) }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
}

async function openSendForm(symbol: string) {
  await openAccount()
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
  await chooseSendToken(dialog(), symbol)
}

/** Form → review; returns the network fee the review shows (in MIST), estimated before the wallet is asked. */
async function openSendPreview(symbol: string, amount: string, receiver: string): Promise<bigint> {
  await openSendForm(symbol)
  await dialog().getByLabel('Amount').fill(amount)
  await dialog().getByLabel('Receiver address').fill(receiver)
  const signaturesBefore = (await suiActivity()).length
  await dialog().getByRole('button', { name: 'Preview Send' }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
  await expect.poll(() => dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to \d+(\.\d+)? SUI/)
  const details = (await dialog().locator('dl').textContent()) ?? ''
  expect(details).toContain(`${amount} ${symbol}`)
  expect(details).toContain(network)
  expect((await suiActivity()).length).toBe(signaturesBefore)
  const [whole = '0', fraction = ''] = (/Network feeup to (\d+(?:\.\d+)?) SUI/.exec(details)?.[1] ?? '0').split('.')
  return BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'))
}

describe('Sui on the demo site, end to end', () => {
  const receiver = new Ed25519Keypair().toSuiAddress()

  it('lists Portico Dev Wallet once and connects its Sui member on the Sui network; the header shows the chain\'s SUI balance', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().getByRole('button', { name: new RegExp(network) }).count()).toBe(1)
    expect(await suiActivity()).toEqual([])
    const mistAtConnect = await nodeBalance(devAddress)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    await connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => suiPanel().textContent(), { timeout: 20_000 }).toContain(`Connected: ${suiShort}`)
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(suiShort)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} SUI/)
    expect(amountOf((await header().textContent()) ?? '', 'SUI')).toBe(truncated(mistAtConnect, 9))
    expect(connects(await suiActivity())).toBe(1)
  })

  it('the Account view lists SUI and pUSD with their USD values from the blockchain API', async () => {
    await openAccount()
    const items = dialog().getByRole('tabpanel').getByRole('listitem')
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2)
    const sui = (await items.filter({ hasText: 'SUI' }).first().textContent()) ?? ''
    const usd = (await items.filter({ hasText: 'Portico USD' }).textContent()) ?? ''
    expect(amountOf(sui, 'SUI')).toBe(truncated(await nodeBalance(devAddress), 9))
    expect(amountOf(usd, 'pUSD')).toBe(truncated(await nodeBalance(devAddress, coinType), 6))
    expect(sui).toMatch(/\$[\d,]+\.\d{2}/)
  })

  it('sends 0.25 SUI and 3 pUSD to a fresh address, the gas shown before signing; the receiver\'s balances read back from the server\'s API and the node', async () => {
    const before = await nodeBalance(devAddress)
    let feesShown = 0n
    for (const [symbol, amount] of [['SUI', '0.25'], ['pUSD', '3']] as const) {
      feesShown += await openSendPreview(symbol, amount, receiver)
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      const toasts = sendSuccess(page)
      await expect.poll(() => toasts.textContent(), { timeout: 20_000 }).toContain('Sent')
      const href = (await toasts.getByRole('link', { name: 'View on explorer' }).last().getAttribute('href')) ?? ''
      await toasts.getByRole('button', { name: 'Done' }).click()
      expect(href).toMatch(new RegExp(`^${sandbox.url}/sandbox/explorer/sui:localnet/tx/[1-9A-HJ-NP-Za-km-z]{43,44}$`))
      await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
    }
    expect(await nodeBalance(receiver)).toBe(250_000_000n)
    expect(await nodeBalance(receiver, coinType)).toBe(3_000_000n)
    expect(await apiBalances(receiver)).toEqual({ SUI: '0.25', pUSD: '3' })
    expect((await suiActivity()).filter((a) => a.method === 'sui:signAndExecuteTransaction').map((a) => a.outcome)).toEqual(['approved', 'approved'])
    // 0.25 SUI and two transactions' gas left the dev account: no more gas than the review showed.
    const spent = before - (await nodeBalance(devAddress))
    expect(feesShown).toBeGreaterThan(0n)
    expect(spent).toBeGreaterThan(250_000_000n)
    expect(spent).toBeLessThanOrEqual(250_000_000n + feesShown)
    // The activity shows the send.
    const history = (await (await fetch(`${sandbox.url}/v1/account/${receiver}/history?chainId=${suiChain}&projectId=demo`)).json()) as { data: { metadata: { sentFrom: string } }[] }
    expect(history.data.map((t) => t.metadata.sentFrom)).toEqual([devAddress, devAddress])
  }, 60_000)

  it('bad input: a short object id, 63 hex digits and an EVM address are refused in the form; too many decimals too', async () => {
    await openSendForm('SUI')
    const receiverField = dialog().getByLabel('Receiver address')
    await dialog().getByLabel('Amount').fill('0.0000000001')
    await expect.poll(() => dialog().getByRole('button', { name: 'Incorrect Value' }).count()).toBe(1)
    await dialog().getByLabel('Amount').fill('0.25')
    for (const bad of ['0x2', `0x${'a'.repeat(63)}`, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      await receiverField.fill(bad)
      await expect.poll(() => dialog().getByRole('button', { name: 'Invalid Address' }).count()).toBe(1)
      expect(await receiverField.getAttribute('aria-invalid')).toBe('true')
    }
    await receiverField.fill(receiver)
    await expect.poll(() => dialog().getByRole('button', { name: 'Preview Send' }).count()).toBe(1)
    await page.keyboard.press('Escape')
  })

  it('a wallet that rejects: the send shows the rejection and nothing moves; the demo\'s signature too; then it signs', async () => {
    const fresh = new Ed25519Keypair().toSuiAddress()
    const sign = page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
    const signResult = page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
    await suiPanel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await openSendPreview('SUI', '0.25', fresh)
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet')
      expect((await suiActivity()).at(-1)).toEqual({ method: 'sui:signAndExecuteTransaction', outcome: 'rejected' })
      expect(await nodeBalance(fresh)).toBe(0n)
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
      await sign.click()
      await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Not signed: .*reject/i)
    } finally {
      await suiPanel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
    await sign.click()
    await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [A-Za-z0-9+/=]{130,}$/)
    const signature = ((await signResult.textContent()) ?? '').replace('Signature: ', '')
    expect((await verifyPersonalMessageSignature(new TextEncoder().encode('Hello from the Portico demo'), signature)).toSuiAddress()).toBe(devAddress)
  })

  it('sits beside eip155 in one modal: Devnet A from the network button connects the same wallet there, and back to Sui without reconnecting', async () => {
    const before = connects(await suiActivity())
    await header().getByRole('button', { name: new RegExp(network) }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(suiShort)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} SUI/)
    expect(connects(await suiActivity())).toBe(before)
  })

  it('after a reload the Sui connection is restored silently', async () => {
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(suiShort)
    expect(await header().getByRole('button', { name: new RegExp(network) }).count()).toBe(1)
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    expect(connects(await suiActivity())).toBe(0)
    expect((await suiActivity()).some((a) => a.method === 'standard:connect (silent)')).toBe(true)
  })

  it('a rejected Sui connection shows "Connection rejected", and "Try again" connects', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
    }
    await suiPanel().getByRole('switch', { name: 'Reject requests' }).check()
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    await expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    expect((await suiActivity()).at(-1)).toEqual({ method: 'standard:connect', outcome: 'rejected' })
    await suiPanel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(suiShort)
  })

  it('sign-in with ?siwx=required on Sui: the sandbox server verifies the signature and holds the session', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await page.goto(`${sandbox.url}/?siwx=required`)
    const evmSignView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    // Restored: the header shows the EVM account, or (no session for it) the sign view asks first and
    // the header says "Connecting…" until the visitor signs (issue 52).
    await expect.poll(async () => ((await header().textContent()) ?? '').includes('0xf39F') || (await evmSignView.count()) > 0, { timeout: 20_000 }).toBe(true)
    // Leave EVM out of it: disconnect it, make Sui active, then connect there. The restored EVM
    // account has no session, so the sign view may open first: Cancel there disconnects it.
    await expect.poll(() => evmSignView.count(), { timeout: 5_000 }).toBe(1).catch(() => undefined)
    if ((await evmSignView.count()) > 0) await evmSignView.getByRole('button', { name: 'Cancel' }).click()
    else {
      await header().getByRole('button', { name: /0xf39F/ }).click()
      await dialog().getByRole('button', { name: 'Disconnect' }).click()
    }
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
    if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    const shown = (await (await signInMessage(signView)).textContent()) ?? ''
    expect(shown).toContain('wants you to sign in with your Sui account')
    expect(shown).toContain(devAddress)
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    const response = await visitor.context.request.get(`${sandbox.url}/siwx/sessions`)
    const body = (await response.json()) as { signedIn: boolean; sessions: { data: { chainId: string; accountAddress: string }; message: string; signature: string }[] }
    expect(body.signedIn).toBe(true)
    const session = body.sessions.find((s) => s.data.chainId === suiChain)
    expect(session?.data.accountAddress).toBe(devAddress)
    expect((await verifyPersonalMessageSignature(new TextEncoder().encode(session!.message), session!.signature)).toSuiAddress()).toBe(devAddress)
    expect((await suiActivity()).at(-1)).toEqual({ method: 'sui:signPersonalMessage', outcome: 'approved' })
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
