// Issue 20 as a visitor: the demo site from `npm start` in real Chromium, the EVM Portico Dev
// Wallet, the sandbox's Uniswap V2 pools on Devnet A and the server's /v1/convert API. Balances
// are read back from the chain with viem, not from the UI.
import { type Address, createWalletClient, erc20Abi, http, parseAbi, parseEther, parseUnits } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { ammAccount } from '../../../sandbox/devnets/deployUniswapV2.js'
import { visitDemo } from '../../helpers/visitDemo.js'
import { expectClean } from '../kit/authE2e.js'
import { connectDevWallet, devnetA, header } from '../kit/flowsE2e.js'

const dev = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
let chain: Awaited<ReturnType<typeof devnetA>>
let pUsd: Address
let router: Address
let weth: Address

const demo = visitDemo()

beforeAll(async () => {
  chain = await devnetA(demo.sandbox.url)
  pUsd = chain.token('pUSD')
  ;({ router, weth } = chain.chain.amm!)
})

const client = () => chain.rpc
const nodeUrl = () => chain.chain.nodeUrl
const pUsdOf = (address: Address) => chain.balanceOf(pUsd, address)
const { dialog } = demo
/** The success screen's heading (the modal's announcer may repeat its text). */
const confirmed = () => dialog().getByRole('heading', { name: 'Swap confirmed.' })
/** After a success: no Back arrow, and New swap leads to an emptied form (no second swap one click away). */
async function startOver() {
  await expect.poll(() => dialog().getByRole('button', { name: 'Back', exact: true }).count()).toBe(0)
  await dialog().getByRole('button', { name: 'New swap' }).click()
  expect(await dialog().getByLabel('You pay').inputValue()).toBe('')
  expect(await dialog().getByRole('button', { name: 'Swap', exact: true }).count()).toBe(0)
  expect(await dialog().getByRole('button', { name: 'Enter an amount' }).isDisabled()).toBe(true)
  await expect.poll(() => dialog().getByRole('button', { name: 'Back', exact: true }).count()).toBe(1)
}
/** The minimum received the view shows, in base units. */
async function shownMinimum(decimals: number): Promise<bigint> {
  const quote = dialog().locator('dl[aria-label="Quote"]')
  await quote.waitFor()
  const text = (await quote.locator('div').filter({ hasText: 'Minimum received' }).locator('dd').textContent()) ?? ''
  return parseUnits(text.split(' ')[0]!.replace(/,/g, ''), decimals)
}

/**
 * What the pool asks or pays now, from its router on chain (Uniswap V2's `getAmountsOut` and
 * `getAmountsIn`): the test's expectations follow the pool as earlier swaps on the same sandbox left
 * it (this file's last test moves it by 30 ETH, so a second run against one `npm start` finds it moved).
 */
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)', 'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)'])
const poolPays = async (ethIn: bigint) => (await client().readContract({ address: router, abi: routerAbi, functionName: 'getAmountsOut', args: [ethIn, [weth, pUsd]] }))[1]!
const poolAsks = async (pUsdOut: bigint) => (await client().readContract({ address: router, abi: routerAbi, functionName: 'getAmountsIn', args: [pUsdOut, [weth, pUsd]] }))[0]!
/** Within 1 % of `expected` (the view rounds what it shows). */
const near = (value: bigint, expected: bigint) => value * 100n >= expected * 99n && value * 100n <= expected * 101n

/** Chooses a token in one of the Swap view's token lists (the UI kit's TokenPicker, Send's too), by its symbol. */
async function chooseToken(which: 'Token to pay with' | 'Token to receive', symbol: string) {
  const combobox = dialog().getByRole('combobox', { name: which })
  if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click()
  await dialog().getByRole('listbox', { name: which }).getByRole('option', { name: new RegExp(`^${symbol}\\b`) }).click()
  await expect.poll(() => dialog().getByRole('combobox', { name: `${which} ${symbol}`, exact: true }).count()).toBe(1)
}

async function openSwap() {
  if ((await dialog().count()) === 0) await header(demo.page).getByRole('button', { name: /0xf39F/ }).click()
  await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Swap')
}

describe('Swap on the demo site, end to end', () => {
  it('connects the EVM dev wallet; the Account view offers Swap', async () => {
    await connectDevWallet(demo.page, demo.sandbox.url)
    await openSwap()
    // ETH to sell and pUSD to buy, chosen at first: each combobox is named by its label and its token.
    await expect.poll(() => dialog().getByRole('combobox', { name: 'Token to pay with ETH', exact: true }).count()).toBe(1)
    expect(await dialog().getByRole('combobox', { name: 'Token to receive pUSD', exact: true }).count()).toBe(1)
  })

  it('chooses tokens in a list with their logos, balances and USD values, from the keyboard too (issue 52: no native <select>)', async () => {
    expect(await dialog().locator('select').count()).toBe(0)
    const pay = dialog().getByRole('combobox', { name: 'Token to pay with' })
    await pay.focus()
    await demo.page.keyboard.press('ArrowDown')
    expect(await pay.getAttribute('aria-expanded')).toBe('true')
    const list = dialog().getByRole('listbox', { name: 'Token to pay with' })
    const options = list.getByRole('option')
    expect(await options.count()).toBeGreaterThan(1)
    // The chosen token is the active and selected option.
    const active = () => pay.getAttribute('aria-activedescendant')
    expect(await list.getByRole('option', { selected: true }).getAttribute('id')).toBe(await active())
    expect(await list.getByRole('option', { selected: true }).textContent()).toMatch(/^E?ETH/)
    // Every option shows its token's logo, the one Send's list shows (the server's token image, as
    // the balances carry it): an image that loaded, no letter tile; it is decorative (alt=""), the
    // option being named by the token's symbol beside it. Each held token also shows its balance
    // with its symbol and its USD value (the sandbox prices ETH and pUSD).
    for (const symbol of ['ETH', 'pUSD']) {
      const option = list.getByRole('option', { name: new RegExp(`^${symbol}\\b`) })
      const logo = option.locator('img')
      expect(await logo.getAttribute('src'), symbol).toBe(`${demo.sandbox.url}/public/getTokenImage/${symbol}`)
      expect(await logo.getAttribute('alt'), symbol).toBe('')
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: symbol }).toBe(true)
      // What it reads: symbol, name, balance with its symbol, USD value (no letter before the symbol).
      expect(await option.textContent(), symbol).toMatch(new RegExp(`^${symbol}(Ether|Portico USD)[\\d,]+(\\.\\d+)?\\s${symbol}\\$[\\d,]+\\.\\d{2}$`))
    }
    for (const option of await options.all()) expect(await option.locator('img').count()).toBe(1)
    // ↓ moves the active option; Esc closes the list without choosing, and the dialog stays.
    const before = await active()
    await demo.page.keyboard.press('ArrowDown')
    expect(await active()).not.toBe(before)
    await demo.page.keyboard.press('Escape')
    expect(await pay.getAttribute('aria-expanded')).toBe('false')
    expect(await dialog().getAttribute('data-view')).toBe('Swap')
    expect(await dialog().getByRole('combobox', { name: 'Token to pay with ETH', exact: true }).count()).toBe(1)
    // Enter opens it again at the chosen token; End and Enter choose the last one.
    await demo.page.keyboard.press('Enter')
    expect(await pay.getAttribute('aria-expanded')).toBe('true')
    await demo.page.keyboard.press('End')
    const lastId = await active()
    expect(lastId).toBe(await options.last().getAttribute('id'))
    await demo.page.keyboard.press('Enter')
    expect(await pay.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => demo.page.locator(`[id="${lastId}"]`).getAttribute('aria-selected')).toBe('true')
    expect(await dialog().getByRole('combobox', { name: 'Token to pay with ETH', exact: true }).count()).toBe(0)
    // Back to ETH with the pointer.
    await chooseToken('Token to pay with', 'ETH')
  })

  it('swaps 0.1 ETH for pUSD: the chain pays at least the minimum the view showed', async () => {
    const before = await pUsdOf(dev)
    await dialog().getByLabel('You pay').fill('0.1')
    const minimum = await shownMinimum(6)
    // The pool's price less the default slippage (1 %): at most what the pool pays, at least 98 % of it.
    const pays = await poolPays(parseEther('0.1'))
    expect(minimum).toBeLessThanOrEqual(pays)
    expect(minimum * 100n).toBeGreaterThanOrEqual(pays * 98n)
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(async () => (await pUsdOf(dev)) - before, { timeout: 20_000 }).toBeGreaterThanOrEqual(minimum)
    await expect.poll(() => confirmed().count()).toBe(1)
    expect(await dialog().getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toMatch(/\/sandbox\/explorer\/eip155:31337\/tx\/0x[0-9a-f]{64}$/)
    await startOver()
  })

  it('swaps 250 pUSD back to ETH: the view asks for the approval first (for exactly 250), then swaps', async () => {
    const beforeUsd = await pUsdOf(dev)
    const beforeEth = await client().getBalance({ address: dev })
    await chooseToken('Token to pay with', 'pUSD')
    await chooseToken('Token to receive', 'ETH')
    await dialog().getByLabel('You pay').fill('250')
    const minimum = await shownMinimum(18)
    await dialog().getByRole('button', { name: 'Approve pUSD' }).click()
    const swap = dialog().getByRole('button', { name: 'Swap', exact: true })
    await expect.poll(() => swap.isEnabled(), { timeout: 20_000 }).toBe(true)
    expect(await client().readContract({ address: pUsd, abi: erc20Abi, functionName: 'allowance', args: [dev, router] })).toBe(parseUnits('250', 6))
    expect(await confirmed().count()).toBe(0)
    await swap.click()
    await expect.poll(async () => beforeUsd - (await pUsdOf(dev)), { timeout: 20_000 }).toBe(parseUnits('250', 6))
    await expect.poll(() => confirmed().count()).toBe(1)
    // ETH gained at least the minimum, less the two transactions' gas (well under 0.01 ETH on the devnet).
    expect((await client().getBalance({ address: dev })) - beforeEth).toBeGreaterThan(minimum - parseEther('0.01'))
    await startOver()
  })

  it('typing the amount to receive: the view says what it costs, and the swap pays at least the minimum', async () => {
    await chooseToken('Token to pay with', 'ETH')
    await chooseToken('Token to receive', 'pUSD')
    await dialog().getByLabel('You receive').fill('600')
    // What the pool asks for 600 pUSD now (0.2 ETH and a little on a fresh sandbox).
    const asks = await poolAsks(parseUnits('600', 6))
    await expect.poll(async () => near(parseEther((await dialog().getByLabel('You pay').inputValue()) || '0'), asks)).toBe(true)
    const minimum = await shownMinimum(6)
    const before = await pUsdOf(dev)
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(async () => (await pUsdOf(dev)) - before, { timeout: 20_000 }).toBeGreaterThanOrEqual(minimum)
    expect((await pUsdOf(dev)) - before).toBeGreaterThanOrEqual(parseUnits('600', 6))
    // Done leads back to the Account view.
    await expect.poll(() => confirmed().count()).toBe(1)
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await openSwap()
  })

  it('a pool that moved past the slippage after the swap was built: it fails on chain, the view says why, and nothing is swapped', async () => {
    await chooseToken('Token to pay with', 'ETH')
    await chooseToken('Token to receive', 'pUSD')
    await dialog().getByLabel('You pay').fill('1')
    await shownMinimum(6)
    // Another trader lands first: once the server has built the swap, 30 ETH buys pUSD in the same pool.
    await demo.page.route('**/v1/convert/build-transaction**', async (route) => {
      const response = await route.fetch()
      const wallet = createWalletClient({ account: ammAccount, transport: http(nodeUrl()) })
      const abi = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)'])
      const hash = await wallet.writeContract({ chain: null, address: router, abi, functionName: 'swapExactETHForTokens', args: [0n, [weth, pUsd], ammAccount.address, BigInt(Math.floor(Date.now() / 1000) + 600)], value: parseEther('30') })
      await client().waitForTransactionReceipt({ hash })
      await route.fulfill({ response })
    })
    const before = await pUsdOf(dev)
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/^The swap failed on chain: the price moved more than your slippage allows/)
    expect(await pUsdOf(dev)).toBe(before)
    await demo.page.unroute('**/v1/convert/build-transaction**')
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    await expectClean(demo.visitor)
  })
})
