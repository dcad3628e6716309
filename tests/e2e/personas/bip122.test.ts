// Issue 46 as a visitor, for the bip122 personas of Leather and Xverse: the demo site from
// `npm start` in real Chromium with one persona installed (`?personas=bip122/<wallet>`), the regtest
// Esplora ledger and the Portico server. Each row names the persona and the documentation it
// follows; every row connects, sends a PSBT-based transfer (read back from the ledger), gets a clear
// error on a refusal, reconnects after a reload without a prompt, and signs in (the server verifies
// the BIP-322 signature, and so does bitcoinjs-lib). Xverse also switches accounts (its
// `accountChange`); Leather has no account events (docs/wallets/leather.md).
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { bitcoinKeyring } from '../../../sandbox/personas/shared/bitcoinKeyring.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSettles } from '../../helpers/describeSend.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

bitcoin.initEccLib(ecc)
type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[] }
type Activity = { method: string; outcome: string }
type PersonaWindow = { __porticoPersonas: Record<string, { setMode(mode: 'approve' | 'reject'): void; activity(): Activity[]; accounts(): string[] }>; __porticoXversePersona?: { switchAccount(account: number): void } }

const caip2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`
const taproot = bitcoinKeyring(0).taproot().address

/** The personas of this file: what the visitor clicks, the documentation each follows, and what its wallet asks when a site connects and reloads. */
const personas = [
  {
    id: 'bip122/leather',
    button: /^Leather$/,
    docs: 'docs/wallets/leather.md (leather.io developer docs; @leather.io/rpc and @leather.io/provider in leather-io/mono)',
    connectMethod: 'getAddresses',
    // Leather opens its prompt on every getAddresses: a reload restores from the accounts the plugin kept.
    reloadAsks: [] as string[],
    accountEvents: false,
  },
  {
    id: 'bip122/xverse',
    button: /^Xverse/,
    docs: 'docs/wallets/xverse.md (docs.xverse.app sats-connect; @sats-connect/core; the Xverse extension\'s inpage script)',
    connectMethod: 'wallet_connect',
    // Xverse answers getAddresses without a prompt to a site it allowed.
    reloadAsks: ['getAddresses'],
    accountEvents: true,
  },
] as const

let sandbox: TestSandbox
let esplora: string

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
async function satsOf(address: string): Promise<bigint> {
  const info = (await (await fetch(`${esplora}/address/${address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
  return BigInt(info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum)
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === caip2)
  if (!chain) throw new Error(`The sandbox has no ${caip2} chain`)
  esplora = chain.nodeUrl
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
  const openAccount = async (address = devBitcoinAddress) => {
    if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(short(address)) }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  }
  const chooseBitcoin = async () => {
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Bitcoin Regtest' }).click()
  }

  beforeAll(async () => {
    visitor = await openSandboxPage()
    page = visitor.page
    page.setDefaultTimeout(20_000)
  })
  afterAll(async () => {
    await visitor?.close()
  })

  it('is installed beside the dev wallets, listed once, and connects with its payment and Taproot addresses; the header shows the payment address\'s balance', async () => {
    await page.goto(url())
    await chooseBitcoin()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const list = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => list.getByRole('button', { name: persona.button }).count()).toBe(1)
    await list.getByRole('button', { name: persona.button }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devBitcoinAddress))
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*(?:\.\d+)? BTC/)
    expect(await activity()).toContainEqual({ method: persona.connectMethod, outcome: 'approved' })
    expect(await page.evaluate((id) => (window as unknown as PersonaWindow).__porticoPersonas[id]!.accounts(), persona.id)).toEqual([devBitcoinAddress, taproot])
    if (persona.id === 'bip122/leather') {
      // The accounts the plugin keeps for Leather's reload: payment first, then the Taproot (ordinals) account.
      const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/bip122_accounts'))) ?? 'null') as { accounts: { address: string; purpose: string }[] }
      expect(kept.accounts.map((a) => [a.address, a.purpose])).toEqual([
        [devBitcoinAddress, 'payment'],
        [taproot, 'ordinal'],
      ])
    }
  })

  it('sends 0.001 BTC by a PSBT the wallet signs; the ledger shows it', async () => {
    const receiver = fresh()
    await openAccount()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'BTC')
    await dialog().getByLabel('Amount').fill('0.001')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getByRole('group', { name: 'Speed' }).getByRole('radio').count(), { timeout: 20_000 }).toBe(3)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    const toasts = sendSuccess(page)
    await sendSettles(page, expect.poll(() => toasts.textContent(), { timeout: 30_000 }).toContain('Sent'), activity)
    await toasts.getByRole('button', { name: 'Done' }).click()
    expect((await activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    expect(await satsOf(receiver)).toBe(100_000n)
    if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
  })

  it('a refusal in the wallet is the send error, "The request was rejected in the wallet"; nothing moves', async () => {
    const receiver = fresh()
    await setMode('reject')
    try {
      await openAccount()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog(), 'BTC')
      await dialog().getByLabel('Amount').fill('0.001')
      await dialog().getByLabel('Receiver address').fill(receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await sendSettles(page, expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'), activity)
      expect((await activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'rejected' })
      expect(await satsOf(receiver)).toBe(0n)
      await page.keyboard.press('Escape')
    } finally {
      await setMode('approve')
    }
  })

  it('a reload keeps the connection without opening the wallet', async () => {
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devBitcoinAddress))
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    // A fresh page: the persona's log starts empty; restoring asked for no approval.
    const asked = (await activity()).filter((a) => a.method !== 'getInfo')
    expect(asked.map((a) => a.method)).toEqual(persona.reloadAsks)
    expect(asked.every((a) => a.outcome !== 'approved')).toBe(true)
  })

  it(persona.accountEvents ? 'follows an account change in the wallet (accountChange with the new account\'s addresses), and back' : 'has no account events (Leather\'s provider has no addListener): the connection keeps its account', async () => {
    if (!persona.accountEvents) {
      expect(await page.evaluate(() => typeof (window as unknown as { LeatherProvider: Record<string, unknown> }).LeatherProvider.addListener)).toBe('undefined')
      expect(await header().textContent()).toContain(short(devBitcoinAddress))
      return
    }
    const other = bitcoinKeyring(1).payment.address
    await page.evaluate(() => (window as unknown as PersonaWindow).__porticoXversePersona!.switchAccount(1))
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(other))
    await page.evaluate(() => (window as unknown as PersonaWindow).__porticoXversePersona!.switchAccount(0))
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devBitcoinAddress))
  })

  it('a rejected connection shows "Connection rejected", and "Try again" connects', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).not.toContain(short(devBitcoinAddress))
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
    }
    await setMode('reject')
    try {
      const list = page.getByRole('dialog', { name: 'Connect Wallet' })
      if ((await header().getByRole('button', { name: 'Connect Wallet' }).count()) > 0) await header().getByRole('button', { name: 'Connect Wallet' }).click()
      else {
        await chooseBitcoin()
        if ((await dialog().getAttribute('data-view')) === 'SwitchActiveChain') await dialog().getByRole('button', { name: 'Switch Network' }).click()
      }
      await list.getByRole('button', { name: persona.button }).click()
      await expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      expect((await activity()).at(-1)).toEqual({ method: persona.connectMethod, outcome: 'rejected' })
    } finally {
      await setMode('approve')
    }
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short(devBitcoinAddress))
    expect((await activity()).at(-1)).toEqual({ method: persona.connectMethod, outcome: 'approved' })
  })

  it('signs in with ?siwx=required: the wallet signs BIP-322 with the payment address, the server verifies the session, and so does bitcoinjs-lib', async () => {
    await page.goto(url('&siwx=required'))
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    await expect.poll(() => signView.getByRole('button', { name: 'Sign', exact: true }).isEnabled(), { timeout: 20_000 }).toBe(true)
    const message = (await (await signInMessage(signView)).textContent()) ?? ''
    expect(message).toContain('wants you to sign in with your Bitcoin account:')
    expect(message).toContain(devBitcoinAddress)
    await signView.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    expect((await activity()).at(-1)).toEqual({ method: 'signMessage', outcome: 'approved' })
    const response = await page.context().request.get(`${sandbox.url}/siwx/sessions`)
    const body = (await response.json()) as { signedIn: boolean; sessions: { data: { accountAddress: string; chainId: string }; message: string; signature: string }[] }
    expect(body.signedIn).toBe(true)
    const session = body.sessions.find((s) => s.data.chainId.includes('0f9188f13cb7b2c71f2a335e3a4fc328'))
    expect(session?.data.accountAddress).toBe(devBitcoinAddress)
    expect(verifyBip322(devBitcoinAddress, session!.message, session!.signature)).toBe(true)
    expect(verifyBip322(devBitcoinAddress, `${session!.message} `, session!.signature)).toBe(false)
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
