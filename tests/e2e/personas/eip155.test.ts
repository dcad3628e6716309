// Issue 46, eip155: the demo site from `npm start` in real Chromium with each EVM wallet persona
// (MetaMask, Rabby, Coinbase Wallet: sandbox/personas/<wallet>/eip155.entry.ts, each following the
// wallet's documentation cited in docs/wallets/<wallet>.md). Per persona, as a visitor: connect,
// reconnect after a reload, an account change in the wallet, a switch to a chain the wallet does not
// know (4902, add, switch), a send whose balance is read back from anvil, a rejection, a second
// connection request while the first is still open, and sign-in verified with viem and siwe.
import type { Page } from 'playwright-core'
import { SiweMessage } from 'siwe'
import { createPublicClient, getAddress, http, parseEther, verifyMessage, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { recordSendTrace, sendSettles } from '../../helpers/describeSend.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { pressSendDone } from '../../helpers/sendSuccess.js'

type Activity = { method: string; outcome: string }[]
type SessionList = { signedIn: boolean; sessions: { message: string; signature: Hex; data: { accountAddress: string; chainId: string } }[] }

/** What each wallet does differently that a visitor meets (its docs page says why). */
const expectations: Record<string, { name: string; pending: 'refused' | 'joined'; revokes: boolean }> = {
  'eip155/metamask': { name: 'MetaMask', pending: 'refused', revokes: true },
  'eip155/rabby': { name: 'Rabby Wallet', pending: 'refused', revokes: true },
  // No wallet_revokePermissions: the modal's Disconnect leaves the site connected in the wallet.
  'eip155/coinbase': { name: 'Coinbase Wallet', pending: 'joined', revokes: false },
}
const rows = listPersonas()
  .filter((persona) => persona.namespace === 'eip155')
  .map((persona) => ({ ...persona, ...expectations[persona.id]! }))

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
let rpc: PublicClient
let host: string

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  host = new URL(sandbox.url).host
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  const devnetA = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')
  if (!devnetA) throw new Error('The sandbox has no eip155:31337 chain')
  rpc = createPublicClient({ transport: http(devnetA.nodeUrl), cacheTime: 0 })
  visitor = await openSandboxPage({
    // Every text the header showed, to prove a reload never flashes "Connect Wallet".
    // What a send's failure names (describeSend): whether the click on Send landed, and on what.
    initScripts: [
      recordSendTrace,
      `window.__headerTexts = [];
      new MutationObserver(() => {
        const nav = document.querySelector('nav[aria-label="Wallet"]');
        if (nav) window.__headerTexts.push(nav.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });`,
    ],
  })
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const account0 = getAddress(devAddresses[0]!)
const account1 = getAddress(devAddresses[1]!)
const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
/** The demo's own "Address" line: the connected account whatever the header shows for it. */
const shownAddress = async () => ((await page.getByTestId('account-status').locator('xpath=following-sibling::dd[1]').textContent({ timeout: 1_000 }).catch(() => '')) ?? '').trim()
/**
 * The header's text, and the connected account's short form: a name service may name a dev
 * account (another file of this sandbox registers names for them), and then the header shows the
 * name, not the address.
 */
const headerText = async () => {
  const address = await shownAddress()
  return `${(await header().textContent()) ?? ''}${/^0x[0-9a-fA-F]{40}$/.test(address) ? ` ${short(getAddress(address))}` : ''}`
}
/** The header's account button (after the network button), whether it shows an address or a name. */
const accountButton = () => header().getByRole('button').last()
/** What the page shows, for a failure message. */
const shown = async () => `header: ${await headerText()} | dialog: ${(await dialog().count()) ? await dialog().first().textContent({ timeout: 1_000 }).catch(() => '(closed)') : '(none)'}`

/**
 * Waits until `read()` satisfies `check` (polling, no fixed sleep); on timeout, fails with the last
 * value and what the page showed then.
 */
async function eventually<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))} after ${timeoutMs} ms; the page showed ${await shown()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    value = await read()
  }
  return value
}

function personaCalls(id: string) {
  return {
    activity: () => page.evaluate((key) => window.__porticoPersonas![key]!.activity(), id) as Promise<Activity>,
    chainId: () => page.evaluate((key) => window.__porticoEip155Personas![key]!.getState().chainId, id),
    connected: () => page.evaluate((key) => window.__porticoEip155Personas![key]!.getState().connected, id),
    selectAccount: (index: number) => page.evaluate(([key, i]) => window.__porticoEip155Personas![key as string]!.selectAccount(i as number), [id, index] as const),
    hold: (on: boolean) => page.evaluate(([key, value]) => window.__porticoEip155Personas![key as string]!.holdConnections(value as boolean), [id, on] as const),
    hasPending: () => page.evaluate((key) => window.__porticoEip155Personas![key]!.hasPendingConnection(), id),
    answer: (decision: 'approve' | 'reject') => page.evaluate(([key, d]) => window.__porticoEip155Personas![key]!.answerConnection(d as 'approve' | 'reject'), [id, decision] as const),
  }
}

/** Opens the demo with only this persona, on a clean slate (no stored connection, wallet state or session). */
async function openWith(id: string, query = '') {
  await clearSiteStorage(page, sandbox.url)
  await page.context().clearCookies()
  await page.goto(`${sandbox.url}/?personas=${id}${query}`)
  await page.waitForFunction((key) => Boolean(window.__porticoEip155Personas?.[key]), id)
}

async function connectWith(name: string) {
  // "Connecting…" while an earlier request still waits in the wallet: the visitor clicks it all the same.
  await header().getByRole('button', { name: /^(Connect Wallet|Connecting…)$/ }).click()
  await dialog().getByRole('button', { name, exact: true }).click()
}

async function disconnectFromAccountView() {
  if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
  await eventually('open dialogs', () => dialog().count(), (v) => v === 0)
  await accountButton().click()
  await dialog().getByRole('button', { name: 'Disconnect' }).click()
  await eventually('"Connect Wallet" buttons in the header', () => header().getByRole('button', { name: 'Connect Wallet' }).count(), (v) => v === 1)
}

for (const row of rows) {
  const wallet = personaCalls(row.id)
  const panel = () => page.getByRole('region', { name: `${row.name} (persona, eip155)` })

  describe(`${row.name} (${row.id}, follows ${row.docs})`, () => {
    it('is listed once, by its EIP-6963 name (no "Browser Wallet" twin for its window.ethereum), and connects', async () => {
      await openWith(row.id)
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      await eventually('the wallet\'s buttons in the Connect view', () => dialog().getByRole('button', { name: row.name, exact: true }).count(), (v) => v === 1)
      expect(await dialog().getByRole('button', { name: 'Browser Wallet', exact: true }).count(), await shown()).toBe(0)
      await dialog().getByRole('button', { name: row.name, exact: true }).click()
      await expect.poll(headerText, { timeout: 20_000, message: 'the header after connecting' }).toContain(short(account0))
      await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
      expect(await wallet.activity()).toContainEqual({ method: 'eth_requestAccounts', outcome: 'approved' })
    })

    it('is still connected after a reload, with no "Connect Wallet" in between', async () => {
      await page.evaluate(() => ((window as unknown as { __headerTexts: string[] }).__headerTexts.length = 0))
      await page.reload()
      await expect.poll(headerText, { timeout: 20_000 }).toContain(short(account0))
      const seen = await page.evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts)
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    })

    it('follows an account change made in the wallet', async () => {
      // Once the reconnect has finished (the header shows the stored address while it restores).
      await eventually('the demo\'s account status', () => page.getByTestId('account-status').textContent(), (v) => v === 'connected')
      await wallet.selectAccount(1)
      await expect.poll(headerText, { timeout: 20_000, message: 'the header after the wallet switched to dev account 1' }).toContain(short(account1))
      await wallet.selectAccount(0)
      await expect.poll(headerText, { timeout: 20_000 }).toContain(short(account0))
    })

    it('switches to Portico Devnet B, which the wallet does not know: it answers 4902, the modal adds the chain, the wallet moves', async () => {
      await header().getByRole('button', { name: /Portico Devnet A/ }).click()
      await dialog().getByRole('button', { name: 'Portico Devnet B' }).click()
      await eventually('Devnet B in the header', () => header().getByRole('button', { name: /Portico Devnet B/ }).count(), (v) => v === 1)
      await expect.poll(wallet.chainId, { timeout: 20_000 }).toBe(31338)
      const activity = await wallet.activity()
      expect(activity).toContainEqual({ method: 'wallet_switchEthereumChain', outcome: 'failed' })
      expect(activity).toContainEqual({ method: 'wallet_addEthereumChain', outcome: 'approved' })
      // Back to Devnet A, which the wallet knew from the start: no add this time.
      const adds = activity.filter((a) => a.method === 'wallet_addEthereumChain').length
      await header().getByRole('button', { name: /Portico Devnet B/ }).click()
      await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
      await expect.poll(wallet.chainId, { timeout: 20_000 }).toBe(31337)
      await eventually('Devnet A in the header', () => header().getByRole('button', { name: /Portico Devnet A/ }).count(), (v) => v === 1)
      expect((await wallet.activity()).filter((a) => a.method === 'wallet_addEthereumChain').length).toBe(adds)
    })

    it('sends 0.0123 ETH to a fresh address: the wallet signs, anvil holds the funds', async () => {
      const receiver: Address = privateKeyToAccount(generatePrivateKey()).address
      await eventually('the header\'s account', headerText, (v) => v.includes(short(account0)))
      await accountButton().click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('WalletSend')
      await chooseSendToken(dialog(), 'ETH')
      await dialog().getByLabel('Amount').fill('0.0123')
      await dialog().getByLabel('Receiver address').fill(receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('WalletSendPreview')
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await sendSettles(page, eventually('the receiver\'s balance on anvil', () => rpc.getBalance({ address: receiver }), (balance) => balance === parseEther('0.0123'), 30_000), wallet.activity)
      // The wallet logs the request when its answer is back, which can be after anvil already holds the transaction.
      await eventually('the wallet\'s record of the send', () => wallet.activity(), (log) => log.some((a) => a.method === 'eth_sendTransaction' && a.outcome === 'approved'))
      await pressSendDone(page)
      await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
      await page.keyboard.press('Escape')
    })

    it(`the modal's Disconnect ${row.revokes ? 'revokes the site in the wallet' : 'forgets the connection (the wallet keeps it)'}; the wallet's own disconnect reaches the page`, async () => {
      await disconnectFromAccountView()
      expect(await wallet.connected()).toBe(!row.revokes)
      // Connecting again: a wallet that kept the site answers at once, one that revoked it asks (approve mode).
      await connectWith(row.name)
      await eventually('the header\'s account', headerText, (v) => v.includes(short(account0)))
      // The visitor disconnects the site in the wallet itself: the page follows.
      await panel().getByRole('button', { name: 'Disconnect site' }).click()
      await eventually('"Connect Wallet" in the header after the wallet disconnected', () => header().getByRole('button', { name: 'Connect Wallet' }).count(), (v) => v === 1)
      expect(await wallet.connected()).toBe(false)
    })

    it('a rejection in the wallet shows "Connection rejected", and "Try again" works', async () => {
      await panel().getByRole('switch', { name: 'Reject requests' }).check()
      await connectWith(row.name)
      await eventually('"Connection rejected" in the modal', () => dialog().getByText('Connection rejected').count(), (v) => v > 0)
      expect(await wallet.activity()).toContainEqual({ method: 'eth_requestAccounts', outcome: 'rejected' })
      await panel().getByRole('switch', { name: 'Reject requests' }).uncheck()
      await dialog().getByRole('button', { name: 'Try again' }).click()
      await eventually('the header\'s account', headerText, (v) => v.includes(short(account0)))
    })

    it(`a second connection request while the first is still open in the wallet is ${row.pending === 'refused' ? 'explained, not shown as a rejection' : 'joined to it'}`, async () => {
      await panel().getByRole('button', { name: 'Disconnect site' }).click()
      await eventually('"Connect Wallet" in the header after the wallet disconnected', () => header().getByRole('button', { name: 'Connect Wallet' }).count(), (v) => v === 1)
      await wallet.hold(true)
      try {
        await connectWith(row.name)
        await expect.poll(wallet.hasPending, { timeout: 20_000 }).toBe(true)
        // The visitor closes the modal and asks again, with the wallet's request still open.
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
        await connectWith(row.name)
        if (row.pending === 'refused') {
          await eventually('the clear pending-request message', () => dialog().getByText(`${row.name} already shows a connection request from this site`).count(), (v) => v === 1)
          expect(await dialog().getByText('Connection rejected').count()).toBe(0)
        }
        await wallet.answer('approve')
        await eventually('the header\'s account', headerText, (v) => v.includes(short(account0)))
      } finally {
        await wallet.hold(false)
      }
      if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
    })

    it('signs in (?siwx=required): the server holds a SIWE session whose signature viem verifies for the account', async () => {
      await openWith(row.id, '&siwx=required')
      await connectWith(row.name)
      const signView = dialog().filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
      await signInMessage(signView)
      await signView.getByRole('button', { name: 'Sign', exact: true }).click()
      await eventually('open dialogs after signing', () => dialog().count(), (v) => v === 0)
      const response = await page.context().request.get(`${sandbox.url}/siwx/sessions`)
      expect(response.status()).toBe(200)
      const { signedIn, sessions } = (await response.json()) as SessionList
      expect(signedIn).toBe(true)
      const session = sessions.at(-1)!
      const parsed = new SiweMessage(session.message)
      expect(parsed.domain).toBe(host)
      expect(parsed.address).toBe(account0)
      expect(parsed.chainId).toBe(31337)
      expect(session.data.accountAddress).toBe(account0)
      expect(await verifyMessage({ address: account0, message: session.message, signature: session.signature })).toBe(true)
      expect(await wallet.activity()).toContainEqual({ method: 'personal_sign', outcome: 'approved' })
    })
  })
}

describe('the EVM personas as a whole', () => {
  it('covers MetaMask, Rabby and Coinbase Wallet, each with its docs page', () => {
    expect(rows.map((r) => `${r.id} ${r.name} ${r.docs}`)).toEqual([
      'eip155/coinbase Coinbase Wallet docs/wallets/coinbase.md',
      'eip155/metamask MetaMask docs/wallets/metamask.md',
      'eip155/rabby Rabby Wallet docs/wallets/rabby.md',
    ])
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
