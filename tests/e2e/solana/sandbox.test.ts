// Issue 8's acceptance 2 (and the UI half of 3), as a visitor: the demo site from `npm start` in
// real Chromium, the real Solana and EVM Portico Dev Wallets, LiteSVM, anvil and the Portico
// server. Balances are read back over JSON-RPC from the LiteSVM node itself, not from the UI.
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

type SandboxJson = {
  solanaAccount: string
  chains: { caipNetworkId: string; nodeUrl: string; tokens: { address: string }[] }[]
}
type Activity = { method: string; outcome: string }
type WalletWindow = {
  __porticoDevWallet: { activity(): Activity[] }
  __porticoSolanaDevWallet: { activity(): Activity[] }
  __cspViolations?: string[]
}

const solanaCaip2 = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
const mint = '3qSYR2We8Lnf9xRrwWrqjkjNEbmZcAvSFsdVNkatKQQx'
const solShort = 'oeYf…kq96'
const evmShort = '0xf39F…2266'

let sandbox: TestSandbox
let info: SandboxJson
let nodeUrl: string
let devAddress: string
let visitor: SandboxPage
let page: Page


/** A fresh ed25519 public key nobody funded: a new account on the chain. */
const freshAddress = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))

async function rpcCall<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}
const lamportsOf = async (address: string) => BigInt((await rpcCall<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)
/** Raw pUSD units of `owner`, summed over its token accounts (0 when it has none). */
async function pusdOf(owner: string): Promise<bigint> {
  const answer = await rpcCall<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>('getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed', commitment: 'confirmed' },
  ])
  return answer.value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId === solanaCaip2)
  if (!chain) throw new Error(`The sandbox has no ${solanaCaip2} chain`)
  if (!chain.tokens.some((t) => t.address === mint)) throw new Error('The sandbox Solana chain has no pUSD mint')
  nodeUrl = chain.nodeUrl
  devAddress = info.solanaAccount
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
const solanaPanel = () => page.getByRole('region', { name: 'Portico Dev Wallet (Solana)', exact: true })
const evmPanel = () => page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })
const solanaActivity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoSolanaDevWallet.activity())
const evmActivity = () => page.evaluate(() => (window as unknown as WalletWindow).__porticoDevWallet.activity())
const signedSends = async () => (await solanaActivity()).filter((a) => a.method.startsWith('solana:signAndSendTransaction') || a.method.startsWith('solana:signTransaction'))
const connects = (activity: Activity[], method: RegExp) => activity.filter((a) => method.test(a.method)).length

/** `units` with `decimals` shown as the UI does: 3 decimals, truncated. */
const truncated = (units: bigint, decimals: number) => Number(units / 10n ** BigInt(decimals - 3)) / 1e3

/** The number in "1,234.567 SOL" (thousands separators dropped). */
function amountOf(text: string, symbol: string): number | undefined {
  const match = new RegExp(`(\\d[\\d,]*(?:\\.\\d+)?) ${symbol}`).exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : undefined
}

async function openAccount() {
  if ((await dialog().count()) > 0 && (await dialog().getAttribute('data-view')) !== 'Account') {
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
  }
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(solShort) }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
}

async function chooseToken(symbol: string) {
  await chooseSendToken(dialog(), symbol)
}

async function openSendForm() {
  await openAccount()
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
}

async function fillSendForm(symbol: string, amount: string, receiver: string) {
  await chooseToken(symbol)
  await dialog().getByLabel('Amount').fill(amount)
  await dialog().getByLabel('Receiver address').fill(receiver)
}

const submitLabel = async () => ((await dialog().locator('form button[type="submit"]').textContent()) ?? '').trim()

/** Form → preview → Send; waits until the wallet has signed and the modal is back on Account. */
async function sendThroughModal(symbol: string, amount: string, receiver: string) {
  await openSendForm()
  await fillSendForm(symbol, amount, receiver)
  await dialog().getByRole('button', { name: 'Preview Send' }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
  // The node's price of the exact transaction (one signature), before the wallet is asked.
  await expect.poll(() => dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to 0\.000005 SOL/)
  const details = (await dialog().locator('dl').textContent()) ?? ''
  expect(details).toContain(`${amount} ${symbol}`)
  expect(details).toContain('Portico Solana Localnet')
  expect(details).toContain(receiver)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  // The success screen follows the signature to confirmed, with the sandbox explorer's link for it.
  const toasts = sendSuccess(page)
  await expect.poll(() => toasts.textContent(), { timeout: 20_000 }).toContain('Sent')
  const href = (await toasts.getByRole('link', { name: 'View on explorer' }).getAttribute('href')) ?? ''
  await toasts.getByRole('button', { name: 'Done' }).click()
  expect(href).toMatch(new RegExp(`^${sandbox.url}/sandbox/explorer/solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP/tx/[1-9A-HJ-NP-Za-km-z]{64,88}$`))
  await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
}

describe('Solana on the demo site, end to end', () => {
  const receiver = freshAddress()

  it('makes the Solana localnet active from the network button before connecting', async () => {
    await page.goto(sandbox.url)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().getByRole('button', { name: /Portico Solana Localnet/ }).count()).toBe(1)
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1)
    // Nothing was asked of either wallet.
    expect(await solanaActivity()).toEqual([])
    expect(await evmActivity()).toEqual([])
  })

  it('connects Portico Dev Wallet (its Solana member) and shows the short address and a SOL balance', async () => {
    const lamportsAtConnect = await lamportsOf(devAddress)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).count()).toBe(1)
    await connect.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => solanaPanel().textContent(), { timeout: 20_000 }).toContain(`Connected: ${solShort}`)
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(solShort)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} SOL/)
    // The balance shown is the chain's (3 decimals, truncated).
    expect(amountOf((await header().textContent()) ?? '', 'SOL')).toBe(truncated(lamportsAtConnect, 9))
    // Only the Solana member was used; the EVM one was not asked to connect.
    expect((await evmPanel().textContent()) ?? '').toContain('Not connected')
    expect(connects(await evmActivity(), /eth_requestAccounts/)).toBe(0)
    expect(await page.getByTestId('account-status').textContent()).toBe('connected')
  })

  it('the Account view lists SOL and pUSD with their values', async () => {
    await openAccount()
    expect(await dialog().textContent()).toContain(solShort)
    expect(await dialog().textContent()).toContain('Portico Solana Localnet')
    expect(await dialog().getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
    const [lamports, pusd] = await Promise.all([lamportsOf(devAddress), pusdOf(devAddress)])
    expect(pusd).toBeGreaterThan(0n)
    const items = dialog().getByRole('tabpanel').getByRole('listitem')
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2)
    const sol = (await items.filter({ hasText: 'Solana' }).textContent()) ?? ''
    const usd = (await items.filter({ hasText: 'Portico USD' }).textContent()) ?? ''
    expect(amountOf(sol, 'SOL')).toBe(truncated(lamports, 9))
    expect(amountOf(usd, 'pUSD')).toBe(truncated(pusd, 6))
    expect(sol).toMatch(/\$[\d,]+\.\d{2}/) // SOL is priced at 150 USD
    expect(usd).toContain(`$${(Number(pusd) / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`)
  })

  it('Activity lists the dev key\'s transactions read from the chain (getSignaturesForAddress), newest first, with no error toast', async () => {
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const panel = dialog().getByRole('tabpanel')
    const [newest] = await rpcCall<{ signature: string }[]>('getSignaturesForAddress', [devAddress, { limit: 1 }])
    const first = panel.getByRole('listitem').first()
    await expect.poll(() => first.getByRole('link').getAttribute('href'), { timeout: 20_000 }).toMatch(new RegExp(`/tx/${newest!.signature}$`))
    expect(await panel.textContent()).not.toContain('Activity is not available on this network')
    expect(await page.locator('[data-portico-toasts]').textContent()).not.toMatch(/transactions/i)
    await dialog().getByRole('tab', { name: 'Tokens' }).click()
  })

  it('sends 0.25 SOL and 3 pUSD to a fresh address through the modal, and LiteSVM shows exactly those amounts moved', async () => {
    const before = { sol: await lamportsOf(receiver), pusd: await pusdOf(receiver), devSol: await lamportsOf(devAddress), devPusd: await pusdOf(devAddress) }
    expect(before).toMatchObject({ sol: 0n, pusd: 0n })
    const tokenAccountRent = BigInt(await rpcCall<number>('getMinimumBalanceForRentExemption', [165]))
    const signaturesBefore = (await signedSends()).length

    await sendThroughModal('SOL', '0.25', receiver)
    expect(await lamportsOf(receiver)).toBe(250_000_000n)
    expect(await pusdOf(receiver)).toBe(0n)
    await sendThroughModal('pUSD', '3', receiver)

    // Both were signed by the page's Solana dev wallet, once each.
    expect((await signedSends()).slice(signaturesBefore).map((a) => a.outcome)).toEqual(['approved', 'approved'])
    expect(await lamportsOf(receiver)).toBe(250_000_000n)
    expect(await pusdOf(receiver)).toBe(3_000_000n)
    const after = { devSol: await lamportsOf(devAddress), devPusd: await pusdOf(devAddress) }
    expect(before.devPusd - after.devPusd).toBe(3_000_000n)
    // 0.25 SOL, two one-signature fees and the rent of the receiver's new token account.
    expect(before.devSol - after.devSol).toBe(250_000_000n + 2n * 5_000n + tokenAccountRent)

    // The modal and the header follow the chain.
    const items = dialog().getByRole('tabpanel').getByRole('listitem')
    await expect.poll(async () => amountOf((await items.filter({ hasText: 'Portico USD' }).textContent()) ?? '', 'pUSD'), { timeout: 20_000 }).toBe(truncated(after.devPusd, 6))
    await expect.poll(async () => amountOf((await header().textContent()) ?? '', 'SOL'), { timeout: 20_000 }).toBe(truncated(after.devSol, 9))
  }, 60_000)

  it('bad input: an invalid base58 address, a 31-byte key and an EVM address are refused in the form', async () => {
    await openSendForm()
    await chooseToken('SOL')
    await dialog().getByLabel('Amount').fill('0.25')
    const receiverField = dialog().getByLabel('Receiver address')
    for (const bad of ['0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', base58.encode(randomBytes(31)), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      await receiverField.fill(bad)
      await expect.poll(submitLabel).toBe('Invalid Address')
      expect(await dialog().getByRole('button', { name: 'Invalid Address' }).isDisabled()).toBe(true)
      expect(await receiverField.getAttribute('aria-invalid')).toBe('true')
      expect(await dialog().textContent()).toContain('This is not a valid address for Portico Solana Localnet.')
    }
    await receiverField.fill(freshAddress())
    await expect.poll(submitLabel).toBe('Preview Send')
    expect(await receiverField.getAttribute('aria-invalid')).toBeNull()
  })

  it('bad input: below the rent-exempt minimum to a new account is a clear message before signing', async () => {
    const fresh = freshAddress()
    const signaturesBefore = (await signedSends()).length
    const minimum = BigInt(await rpcCall<number>('getMinimumBalanceForRentExemption', [0]))
    await openSendForm()
    await fillSendForm('SOL', '0.0001', fresh)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect
      .poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe(`The recipient is a new account: send at least ${Number(minimum) / 1e9} SOL (the rent-exempt minimum)`)
    // Refused before the wallet was asked; nothing moved; the form keeps its values.
    expect((await signedSends()).length).toBe(signaturesBefore)
    expect(await lamportsOf(fresh)).toBe(0n)
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
    expect(await dialog().getByLabel('Amount').inputValue()).toBe('0.0001')
  })

  it('a wallet that rejects: the send and the demo page\'s signature show the rejection, and nothing moves', async () => {
    const fresh = freshAddress()
    const sign = page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
    const signResult = page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
    await solanaPanel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await openSendForm()
      await fillSendForm('SOL', '0.25', fresh)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet')
      expect((await signedSends()).at(-1)).toEqual({ method: 'solana:signAndSendTransaction', outcome: 'rejected' })
      expect(await lamportsOf(fresh)).toBe(0n)
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)

      await sign.click()
      await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Not signed: .*reject/i)
      expect((await solanaActivity()).at(-1)).toEqual({ method: 'solana:signMessage', outcome: 'rejected' })
    } finally {
      await solanaPanel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
    await sign.click()
    await expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [1-9A-HJ-NP-Za-km-z]{80,90}$/)
  })

  it('connects EVM too: Devnet A from the network button, SwitchActiveChain connects the same wallet there', async () => {
    const solanaConnects = connects(await solanaActivity(), /standard:connect/)
    await header().getByRole('button', { name: /Portico Solana Localnet/ }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await expect.poll(() => dialog().textContent()).toContain('Switch to Portico Devnet A')
    // The connected wallet serves EVM too (issue 14): no "connect a wallet for it next", it connects there.
    await expect.poll(() => dialog().textContent()).toContain('Portico Dev Wallet also works on Portico Devnet A')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    await expect.poll(() => evmPanel().textContent(), { timeout: 20_000 }).toContain('Connected')
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(evmShort)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} ETH/)
    expect(await header().getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1)
    // Both namespaces are connected at once; the Solana wallet was not asked again.
    expect((await solanaPanel().textContent()) ?? '').toContain(`Connected: ${solShort}`)
    expect(connects(await solanaActivity(), /standard:connect/)).toBe(solanaConnects)
  })

  it('switches between the two namespaces from the network button without reconnecting', async () => {
    const before = { solana: connects(await solanaActivity(), /standard:connect/), evm: connects(await evmActivity(), /eth_requestAccounts|wallet_requestPermissions/) }
    for (const [from, to, short, symbol] of [
      ['Portico Devnet A', 'Portico Solana Localnet', solShort, 'SOL'],
      ['Portico Solana Localnet', 'Portico Devnet A', evmShort, 'ETH'],
      ['Portico Devnet A', 'Portico Solana Localnet', solShort, 'SOL'],
    ] as const) {
      await header().getByRole('button', { name: new RegExp(from) }).click()
      await dialog().getByRole('button', { name: to }).click()
      await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
      await expect.poll(() => header().getByRole('button', { name: new RegExp(to) }).count()).toBe(1)
      await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(short)
      await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(new RegExp(`\\d[\\d,]*\\.\\d{3} ${symbol}`))
      expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    }
    expect(connects(await solanaActivity(), /standard:connect/)).toBe(before.solana)
    expect(connects(await evmActivity(), /eth_requestAccounts|wallet_requestPermissions/)).toBe(before.evm)
    expect((await evmPanel().textContent()) ?? '').toContain('Connected')
    expect((await solanaPanel().textContent()) ?? '').toContain(`Connected: ${solShort}`)
  })

  it('after a reload both namespaces are restored silently, Solana still active', async () => {
    await page.reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(solShort)
    expect(await header().getByRole('button', { name: /Portico Solana Localnet/ }).count()).toBe(1)
    // Restored without a prompt: only silent connects on the Solana side since the reload.
    expect((await solanaActivity()).filter((a) => a.method === 'standard:connect')).toEqual([])
    expect(connects(await evmActivity(), /eth_requestAccounts|wallet_requestPermissions/)).toBe(0)
    await header().getByRole('button', { name: /Portico Solana Localnet/ }).click()
    await dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(evmShort)
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(solShort)
    expect(connects(await evmActivity(), /eth_requestAccounts|wallet_requestPermissions/)).toBe(0)
  })

  it('a rejected Solana connection shows "Connection rejected", and "Try again" connects', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    // Ending Solana leaves EVM connected, and EVM becomes the active namespace: its account shows.
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(evmShort)
    expect((await evmPanel().textContent()) ?? '').toContain('Connected')
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
    }
    // Back to Solana (not connected): the network button, then the SwitchActiveChain confirmation
    // connects the same wallet's Solana side.
    await solanaPanel().getByRole('switch', { name: 'Reject requests' }).check()
    await header().getByRole('button', { name: /Portico Devnet A/ }).click()
    await dialog().getByRole('button', { name: 'Portico Solana Localnet' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
    await dialog().getByRole('button', { name: 'Switch Network' }).click()
    await expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    expect((await solanaActivity()).at(-1)).toEqual({ method: 'standard:connect', outcome: 'rejected' })
    await solanaPanel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(solShort)
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
