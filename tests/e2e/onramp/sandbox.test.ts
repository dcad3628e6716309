// Issue 21 as a visitor: the demo site from `npm start` in real Chromium, the Portico Dev Wallets,
// the server's /v1/onramp API and the sandbox provider's checkout (a real popup), which pays out of
// its treasury on anvil and LiteSVM. Balances are read back from the chains, not from the UI.
import { type Address, parseUnits } from 'viem'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseNetwork } from '../../helpers/chooseNetwork.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { expectClean } from '../kit/authE2e.js'
import { connectDevWallet, devnetA } from '../kit/flowsE2e.js'

const dev = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const solanaCaip2 = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
let sandbox: TestSandbox
let chain: Awaited<ReturnType<typeof devnetA>>
let visitor: SandboxPage
let page: Page
let solanaNode: string
let pUsd: Address

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  chain = await devnetA(sandbox.url)
  pUsd = chain.token('pUSD')
  solanaNode = chain.info.chains.find((c) => c.caipNetworkId === solanaCaip2)!.nodeUrl
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})
afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

const pUsdOf = (address: Address) => chain.balanceOf(pUsd, address)
async function lamportsOf(address: string): Promise<bigint> {
  const response = await fetch(solanaNode, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }) })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}
/** Whole amounts as the modal shows them: 3 decimals, truncated. */
const truncated = (units: bigint, decimals: number) => Number(units / 10n ** BigInt(decimals - 3)) / 1e3
function amountOf(text: string, symbol: string): number | undefined {
  const match = new RegExp(`(\\d[\\d,]*(?:\\.\\d+)?) ${symbol}`).exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : undefined
}
const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')
const quote = () => dialog().locator('dl[aria-label="Portico Sandbox Pay quote"]')
/** What the sandbox provider's quote says arrives, e.g. "48.75 pUSD". */
const quotedReceive = async () => (await quote().locator('div').filter({ hasText: 'You receive' }).locator('dd').textContent()) ?? ''
/** The amount of `symbol` in the Account view's Tokens tab, on the row that names `name`. */
async function shownBalance(name: string, symbol: string): Promise<number | undefined> {
  await dialog().getByRole('tab', { name: 'Tokens' }).click()
  const row = dialog().getByRole('tabpanel').getByRole('listitem').filter({ hasText: name }).first()
  await row.waitFor()
  return amountOf((await row.textContent()) ?? '', symbol)
}
const continueButton = () => dialog().getByRole('button', { name: 'Continue with Portico Sandbox Pay' })

async function openBuy(short: RegExp) {
  if ((await dialog().count()) === 0) await header().getByRole('button', { name: short }).click()
  if ((await dialog().getAttribute('data-view')) !== 'Account') {
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await header().getByRole('button', { name: short }).click()
  }
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  await dialog().getByRole('button', { name: 'Buy', exact: true }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('OnRampProviders')
}

/** Continue → the checkout popup; returns it once its page loaded. */
async function openCheckout(): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), continueButton().click()])
  await popup.waitForURL(/\/sandbox\/onramp\?/)
  return popup
}

async function payWith(popup: Page, card: string) {
  await popup.getByLabel('Card number').fill(card)
  await popup.getByLabel('Expiry (MM/YY)').fill('12/34')
  await popup.getByLabel('Security code').fill('123')
  await popup.getByRole('button', { name: 'Pay' }).click()
}

describe('On-ramp on the demo site (EVM), end to end', () => {
  it('connects the EVM dev wallet; the Account view offers Buy first', async () => {
    await connectDevWallet(page, sandbox.url)
    await header().getByRole('button', { name: /0xf39F/ }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await expect.poll(() => dialog().getByRole('button', { name: /^(Buy|Swap|Send)$/ }).allTextContents()).toEqual(['Buy', 'Swap', 'Send'])
  })

  it('buys 50 USD of pUSD on Devnet A with a test card: the chain pays exactly the quoted amount, Activity shows it and the modal\'s balance rises', async () => {
    const chainBefore = await pUsdOf(dev)
    await expect.poll(() => shownBalance('Portico USD', 'pUSD'), { timeout: 20_000 }).toBe(truncated(chainBefore, 6))
    await openBuy(/0xf39F/)
    await dialog().getByRole('combobox', { name: 'Crypto' }).selectOption({ label: 'pUSD · Portico Devnet A' })
    await dialog().getByLabel('You pay (USD)').fill('50')
    await quote().waitFor()
    const shown = await quotedReceive()
    expect(shown).toBe('48.75 pUSD')
    expect(await quote().textContent()).toContain('Fees1.25 USD (processing 0.75, network 0.50)')
    expect(await quote().textContent()).toContain('Card10.00–7,500.00')
    const before = await pUsdOf(dev)
    const popup = await openCheckout()
    await expect.poll(() => dialog().getByRole('heading', { name: 'Complete your purchase in Portico Sandbox Pay' }).count()).toBe(1)
    expect(await popup.getByRole('heading', { name: 'Buy pUSD' }).count()).toBe(1)
    await payWith(popup, '4242 4242 4242 4242')
    await expect.poll(() => popup.getByRole('heading', { name: 'Payment approved' }).count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => dialog().getByRole('heading', { name: 'Purchase complete' }).count(), { timeout: 20_000 }).toBe(1)
    expect(await dialog().textContent()).toContain('48.75 pUSD arrived in your wallet.')
    expect((await pUsdOf(dev)) - before).toBe(parseUnits(shown.split(' ')[0]!, 6))
    expect(await dialog().getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toMatch(/\/sandbox\/explorer\/eip155:31337\/tx\/0x[0-9a-f]{64}$/)
    await popup.close()
    // The success screen leads on with Done: no Back arrow.
    await expect.poll(() => dialog().getByRole('button', { name: 'Back', exact: true }).count()).toBe(0)
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(async () => (await dialog().getByRole('tabpanel').getByRole('listitem').first().textContent()) ?? '', { timeout: 20_000 }).toMatch(/Received\s*48\.750 pUSD/i)
    // The Tokens tab follows the chain: the balance shown rose by the quoted 48.75 pUSD.
    const chainAfter = await pUsdOf(dev)
    expect(chainAfter - chainBefore).toBe(48_750_000n)
    await expect.poll(() => shownBalance('Portico USD', 'pUSD'), { timeout: 20_000 }).toBe(truncated(chainAfter, 6))
    expect(Math.round(((await shownBalance('Portico USD', 'pUSD'))! - truncated(chainBefore, 6)) * 1000)).toBe(48_750)
  })

  it('a declined test card: the checkout refuses it, the modal says why, nothing arrives, and Try again returns to the form', async () => {
    await openBuy(/0xf39F/)
    await dialog().getByLabel('You pay (USD)').fill('20')
    await quote().waitFor()
    const before = await pUsdOf(dev)
    const popup = await openCheckout()
    await payWith(popup, '4000 0000 0000 0002')
    expect(await popup.getByRole('heading', { name: 'Card declined' }).count()).toBe(1)
    await expect.poll(() => dialog().getByRole('heading', { name: 'Card declined: Your card was declined.' }).count(), { timeout: 20_000 }).toBe(1)
    expect(await pUsdOf(dev)).toBe(before)
    await popup.close()
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await quote().waitFor()
    expect(await continueButton().isEnabled()).toBe(true)
  })

  it("a checkout window closed before paying: 'Popup closed', and the form is usable again", async () => {
    const popup = await openCheckout()
    await popup.close()
    await expect.poll(() => dialog().getByRole('heading', { name: 'Popup closed' }).count(), { timeout: 20_000 }).toBe(1)
    expect(await dialog().textContent()).toContain('Nothing was bought.')
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await quote().waitFor()
    expect(await continueButton().isEnabled()).toBe(true)
  })

  it("an amount outside the provider's limits: the limit is named, Continue is off, and a valid amount brings it back", async () => {
    await dialog().getByLabel('You pay (USD)').fill('9000')
    const line = dialog().getByRole('radio', { name: /Portico Sandbox Pay/ })
    await expect.poll(() => dialog().getByRole('group', { name: 'Quotes' }).textContent()).toContain('The amount must be between 10.00 and 7,500.00 USD (card)')
    expect(await line.isDisabled()).toBe(true)
    expect(await dialog().getByRole('button', { name: 'The amount must be between 10.00 and 7,500.00 USD (card)' }).isDisabled()).toBe(true)
    await dialog().getByLabel('You pay (USD)').fill('5')
    await expect.poll(() => dialog().getByRole('group', { name: 'Quotes' }).textContent()).toContain('The amount must be between 10.00 and 7,500.00 USD (card)')
    await dialog().getByLabel('You pay (USD)').fill('25')
    await quote().waitFor()
    expect(await continueButton().isEnabled()).toBe(true)
  })

  it('typing the amount to receive: the view shows what it costs, and the popup being blocked offers a new-tab link', async () => {
    await dialog().getByRole('combobox', { name: 'Crypto' }).selectOption({ label: 'ETH · Portico Devnet A' })
    await dialog().getByLabel('You receive (ETH)').fill('0.01')
    await quote().waitFor()
    expect(await quotedReceive()).toBe('0.01 ETH')
    // 30 USD of ETH at 3,000, plus 1.5 % and the 0.50 network fee: 30.97 USD.
    expect(await dialog().getByLabel('You pay (USD)').inputValue()).toBe('30.97')
    await page.evaluate(() => {
      window.open = () => null
    })
    await continueButton().click()
    const link = dialog().getByRole('link', { name: 'Open the checkout in a new tab' })
    await expect.poll(() => link.count()).toBe(1)
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${sandbox.url}/sandbox/onramp\\?orderId=[A-Za-z0-9_-]{22}&chainId=eip155%3A31337&asset=native&`))
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await quote().waitFor()
  })

  it('paying in EUR: chosen in the view, the quote is in euros at the sandbox rate (1 EUR = 1.10 USD), and the checkout is asked for EUR', async () => {
    await dialog().getByRole('combobox', { name: 'Crypto' }).selectOption({ label: 'pUSD · Portico Devnet A' })
    const currency = dialog().getByRole('combobox', { name: 'Currency' })
    expect(await currency.locator('option').allTextContents()).toContain('EUR')
    await currency.selectOption('EUR')
    await dialog().getByLabel('You pay (EUR)').fill('50')
    // 50 EUR less 1.5 % (0.75) and the 0.50 network fee: 48.75 EUR, that is 53.625 USD of pUSD.
    await expect.poll(quotedReceive).toBe('53.625 pUSD')
    expect(await quote().textContent()).toContain('Fees1.25 EUR (processing 0.75, network 0.50)')
    expect(await dialog().getByLabel('You pay (USD)').count()).toBe(0)
    // window.open still returns null here (the test above): the new-tab link carries the currency.
    await continueButton().click()
    const link = dialog().getByRole('link', { name: 'Open the checkout in a new tab' })
    await expect.poll(() => link.count()).toBe(1)
    const href = new URL((await link.getAttribute('href')) ?? '')
    expect([href.searchParams.get('fiatCurrency'), Number(href.searchParams.get('fiatAmount'))]).toEqual(['EUR', 50])
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await currency.selectOption('USD')
    await dialog().getByLabel('You pay (USD)').fill('50')
    await expect.poll(quotedReceive).toBe('48.75 pUSD')
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    await expectClean(visitor)
  })
})

describe('On-ramp on the Solana chain, end to end', () => {
  let solana: SandboxPage
  it('buys SOL for 30 USD: the chain pays exactly the quoted amount, Activity shows the payout and the modal\'s SOL balance rises', async () => {
    solana = await openSandboxPage()
    page = solana.page
    page.setDefaultTimeout(20_000)
    await page.goto(sandbox.url)
    await chooseNetwork(page, 'Portico Solana Localnet')
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('oeYf…kq96')
    await header().getByRole('button', { name: /oeYf/ }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    const before = await lamportsOf(chain.info.solanaAccount)
    await expect.poll(() => shownBalance('Solana', 'SOL'), { timeout: 20_000 }).toBe(truncated(before, 9))
    await openBuy(/oeYf/)
    await expect.poll(() => dialog().getByRole('combobox', { name: 'Crypto' }).locator('option').allTextContents()).toEqual(['SOL · Portico Solana Localnet'])
    await dialog().getByLabel('You pay (USD)').fill('30')
    await quote().waitFor()
    const shown = await quotedReceive()
    // 30 USD less 1.5 % (0.45) and the 0.05 network fee, at 150 USD a SOL.
    expect(shown).toBe('0.196666666 SOL')
    expect(await lamportsOf(chain.info.solanaAccount)).toBe(before)
    const popup = await openCheckout()
    await payWith(popup, '5555 5555 5555 4444')
    await expect.poll(() => dialog().getByRole('heading', { name: 'Purchase complete' }).count(), { timeout: 20_000 }).toBe(1)
    expect((await lamportsOf(chain.info.solanaAccount)) - before).toBe(196_666_666n)
    const explorer = (await dialog().getByRole('link', { name: 'View on explorer' }).getAttribute('href')) ?? ''
    expect(explorer).toMatch(new RegExp(`/sandbox/explorer/${solanaCaip2}/tx/[1-9A-HJ-NP-Za-km-z]{64,88}$`))
    const signature = explorer.split('/').at(-1)!
    await popup.close()
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    // Activity, read by the server from the chain's getSignaturesForAddress/getTransaction: the payout, newest first.
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const first = dialog().getByRole('tabpanel').getByRole('listitem').first()
    await expect.poll(async () => (await first.textContent()) ?? '', { timeout: 20_000 }).toMatch(/Received\s*0\.196 SOL/)
    expect(await first.getByRole('link').getAttribute('href')).toMatch(new RegExp(`/tx/${signature}$`))
    // The Tokens tab follows the chain: the SOL shown rose with the payout.
    const after = await lamportsOf(chain.info.solanaAccount)
    await expect.poll(() => shownBalance('Solana', 'SOL'), { timeout: 20_000 }).toBe(truncated(after, 9))
    expect(truncated(after, 9)).toBeGreaterThan(truncated(before, 9))
    await expectClean(solana)
    await solana.close()
  }, 60_000)

  it('a visitor in a restricted region (Asia/Shanghai) is told buying is not available there', async () => {
    const restricted = await openSandboxPage({ contextOptions: { timezoneId: 'Asia/Shanghai' } })
    page = restricted.page
    page.setDefaultTimeout(20_000)
    try {
      await connectDevWallet(page, sandbox.url)
      await openBuy(/0xf39F/)
      await expect.poll(() => dialog().getByRole('heading', { name: 'Buying crypto is not available in your region' }).count()).toBe(1)
      expect(await dialog().getByRole('combobox').count()).toBe(0)
      expect(restricted.pageErrors).toEqual([])
    } finally {
      await restricted.close()
    }
  }, 60_000)
})
