// Issue 6's acceptance 1 and 2, as a visitor: the demo site from `npm start` in real Chromium, the
// real Portico Dev Wallet, anvil and the Portico server (balances, indexer, NFTs). Balances are
// read back over JSON-RPC from anvil itself, not from the UI.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator } from 'playwright-core'
import { formatUnits, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visitDemo } from '../../helpers/visitDemo.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'
import { expectClean } from '../kit/authE2e.js'
import { connectDevWallet, devnetA, openAccount as openAccountOf, waitForView as waitForViewOf, dialog as dialogOf } from '../kit/flowsE2e.js'

type DevWalletHandle = { activity(): { method: string; outcome: string }[] }

let chain: Awaited<ReturnType<typeof devnetA>>
let account0: Address
let pusd: Address

/** Every text a live region of the page showed (what a screen reader was told). */
const recordAnnouncements = `window.__announced = [];
  new MutationObserver(() => {
    for (const region of document.querySelectorAll('[aria-live]')) {
      const text = region.textContent;
      if (text && !window.__announced.includes(text)) window.__announced.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });`
const announced = () => demo.page.evaluate(() => (window as unknown as { __announced: string[] }).__announced.slice())

/** A fresh address nobody holds the key of after this run (so it starts at zero). */
const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address

const demo = visitDemo({ initScripts: [recordAnnouncements] })

beforeAll(async () => {
  chain = await devnetA(demo.sandbox.url)
  account0 = chain.info.accounts[0] as Address
  pusd = chain.token('pUSD')
})

const rpc = () => chain.rpc
const successScreen = () => sendSuccess(demo.page)
const explorerLink = () => successScreen().getByRole('link', { name: 'View on explorer' })
const dialog = () => dialogOf(demo.page)
const devWalletPanel = () => demo.page.getByRole('region', { name: 'Portico Dev Wallet', exact: true })
const tab = (name: string) => dialog().getByRole('tab', { name })
const panel = () => dialog().getByRole('tabpanel')
const sendTransactions = () =>
  demo.page.evaluate(() =>
    (window as unknown as { __porticoDevWallet: DevWalletHandle }).__porticoDevWallet.activity().filter((a) => a.method === 'eth_sendTransaction'),
  )
const ethOf = (address: Address) => rpc().getBalance({ address })
const pusdOf = (address: Address) => chain.balanceOf(pusd, address)

/** The transaction account 0 sent to `to` in the latest blocks, and the fee it paid. */
async function findTransaction(to: Address): Promise<{ hash: Hash; fee: bigint }> {
  const latest = await rpc().getBlockNumber()
  for (let n = latest; n >= 0n && n > latest - 10n; n--) {
    const block = await rpc().getBlock({ blockNumber: n, includeTransactions: true })
    const tx = block.transactions.find((t) => t.from.toLowerCase() === account0.toLowerCase() && t.to?.toLowerCase() === to.toLowerCase())
    if (tx) {
      const receipt = await rpc().getTransactionReceipt({ hash: tx.hash })
      expect(receipt.status).toBe('success')
      return { hash: tx.hash, fee: receipt.gasUsed * receipt.effectiveGasPrice }
    }
  }
  throw new Error(`No transaction from account 0 to ${to} in the last 10 blocks`)
}

const waitForView = (view: string) => waitForViewOf(demo.page, view)
const openAccount = () => openAccountOf(demo.page)

async function chooseToken(symbol: string) {
  await chooseSendToken(dialog(), symbol)
}

async function fillSendForm(symbol: string, amount: string, receiver: string) {
  await chooseToken(symbol)
  await dialog().getByLabel('Amount').fill(amount)
  await dialog().getByLabel('Receiver address').fill(receiver)
}

/** Sends through the modal: form, preview, Send; waits for the success screen's "Sent", then Done to the Account view. */
async function sendThroughModal(symbol: string, amount: string, receiver: Address) {
  await openAccount()
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
  await fillSendForm(symbol, amount, receiver)
  await dialog().getByRole('button', { name: 'Preview Send' }).click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
  const details = await dialog().locator('dl').textContent()
  expect(details).toContain(`${amount} ${symbol}`)
  expect(details).toContain('Portico Devnet A')
  expect(details).toContain(receiver)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => successScreen().getByRole('heading', { level: 3 }).textContent(), { timeout: 20_000 }).toBe('Sent')
  expect(await successScreen().textContent()).toContain(`${amount} ${symbol} to ${receiver.slice(0, 6)}…${receiver.slice(-4)}`)
  // The success screen has no Back arrow: the form behind it is emptied (docs/design.md, "Success").
  expect(await dialog().getByRole('button', { name: 'Back' }).count()).toBe(0)
  await successScreen().getByRole('button', { name: 'Done' }).click()
  await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account')
  // Back from here does not lead into the cleared form: the modal's first view is Account again.
  expect(await dialog().getByRole('button', { name: 'Back' }).count()).toBe(0)
}

async function buttonState(): Promise<string> {
  return ((await dialog().locator('form button[type="submit"]').textContent()) ?? '').trim()
}

describe('account and send on EVM, end to end', () => {
  const receiverA = freshAddress()
  const receiverB = freshAddress()

  it('connects Portico Dev Wallet and shows ETH and pUSD with USD values and a total', async () => {
    await connectDevWallet(demo.page, demo.sandbox.url)
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await openAccount()
    expect(await tab('Tokens').getAttribute('aria-selected')).toBe('true')
    const items = panel().getByRole('listitem')
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2)
    const eth = (await items.filter({ hasText: 'Ether' }).textContent()) ?? ''
    const usd = (await items.filter({ hasText: 'Portico USD' }).textContent()) ?? ''
    expect(eth).toMatch(/ETH/)
    expect(eth).toMatch(/\d[\d,]*\.\d{3} ETH/)
    expect(eth).toMatch(/\$[\d,]+\.\d{2}/)
    // What anvil says, truncated to 3 decimals, and its value in dollars rounded to the cent (pUSD is
    // priced at 1 USD; a swap on the same sandbox leaves a fraction: 1,001,340.389 pUSD is $1,001,340.39).
    const held = formatUnits(await pusdOf(account0), 6)
    const [whole = '0', fraction = ''] = held.split('.')
    expect(usd).toContain(`${BigInt(whole).toLocaleString('en-US')}.${fraction.padEnd(3, '0').slice(0, 3)} pUSD`)
    expect(usd).toContain(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(held)))
    // The total is the sum of both (ETH at 3000 USD plus 1,000,000 pUSD at 1 USD).
    const total = (await dialog().locator('p').filter({ hasText: 'Total value' }).textContent()) ?? ''
    expect(total).toMatch(/^Total value: \$[\d,]+\.\d{2}$/)
    expect(Number(total.replace(/^Total value: /, '').replace(/[$,]/g, ''))).toBeGreaterThan(1_000_000)
  })

  it('sends 0.5 ETH and 12.5 pUSD to fresh addresses, and anvil shows exactly those amounts moved', async () => {
    const before = { ethA: await ethOf(receiverA), eth0: await ethOf(account0), pusdB: await pusdOf(receiverB), pusd0: await pusdOf(account0) }
    expect(before.ethA).toBe(0n)
    expect(before.pusdB).toBe(0n)

    await sendThroughModal('ETH', '0.5', receiverA)
    const ethTx = await findTransaction(receiverA)
    expect(await ethOf(receiverA)).toBe(parseEther('0.5'))
    expect(before.eth0 - (await ethOf(account0))).toBe(parseEther('0.5') + ethTx.fee)

    const eth0AfterFirst = await ethOf(account0)
    await sendThroughModal('pUSD', '12.5', receiverB)
    const tokenTx = await findTransaction(pusd)
    expect(await pusdOf(receiverB)).toBe(parseUnits('12.5', 6))
    expect(before.pusd0 - (await pusdOf(account0))).toBe(parseUnits('12.5', 6))
    expect(eth0AfterFirst - (await ethOf(account0))).toBe(tokenTx.fee)
    expect(await ethOf(receiverB)).toBe(0n)
    // While the wallet worked, the modal said so; then the success screen.
    expect(await announced()).toEqual(expect.arrayContaining(['Confirm the transaction in your wallet', 'Sent']))
    // The form was reset after each send.
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    expect(await dialog().getByLabel('Amount').inputValue()).toBe('')
    expect(await dialog().getByLabel('Receiver address').inputValue()).toBe('')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  }, 60_000)

  it('shows both transfers in Activity within 5 s, newest first', async () => {
    await openAccount()
    const started = Date.now()
    await tab('Activity').click()
    const rows = panel().getByRole('listitem')
    // Direction and counterparty (the token's receiver, not the token contract), status, then the whole amount.
    const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
    const expected = new RegExp(`^Sent12\\.500 pUSDto ${short(receiverB)} · Confirmed.*\\$12\\.50 \\| Sent0\\.500 ETHto ${short(receiverA)} · Confirmed.*\\$1,500\\.00$`, 'i')
    await expect.poll(async () => (await rows.allTextContents()).slice(0, 2).join(' | '), { timeout: 5_000, interval: 250 }).toMatch(expected)
    expect(Date.now() - started).toBeLessThan(5_000)
    // Token icons, and amounts never cut mid-number.
    expect(await rows.first().locator('img.portico-activity__token').getAttribute('src')).toMatch(/getTokenImage\/pUSD/)
    const cut = await panel().locator('.portico-activity__what:not(.portico-activity__what--name)').evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > (s.closest('li') as HTMLElement).getBoundingClientRect().right).length)
    expect(cut).toBe(0)
  })

  it('the modal keeps its top edge when a tab grows it (no jump from centred to the top)', async () => {
    // Tall enough that Tokens and NFTs stay below the modal's maximum height.
    const viewport = demo.page.viewportSize()
    await demo.page.setViewportSize({ width: 1280, height: 1400 })
    // A fresh Account view: its tab panel never shrinks while it is open (docs/design.md), so the
    // tabs grow it from the smallest (Tokens) to the tallest (NFTs).
    await demo.page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await openAccount()
    const boxes: { y: number; height: number }[] = []
    for (const name of ['Tokens', 'NFTs', 'Activity']) {
      await tab(name).click()
      await panel().getByRole('listitem').first().waitFor()
      // At rest: the body's height set to its content's (Modal's ResizeObserver) and its CSS transition over.
      await expect
        .poll(() =>
          dialog().evaluate((el) => {
            const body = el.querySelector<HTMLElement>('.portico-modal__body')
            const inner = el.querySelector<HTMLElement>('.portico-modal__inner')
            const moving = el.getAnimations({ subtree: true }).some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
            // A shared sandbox's long history can take Activity past the modal's maximum height: the body then scrolls.
            const capped = !!body && body.scrollHeight > body.clientHeight
            return !moving && !!body && body.style.height === `${inner?.offsetHeight}px` && (getComputedStyle(body).height === body.style.height || capped)
          }),
        )
        .toBe(true)
      const box = await dialog().boundingBox()
      boxes.push({ y: box?.y ?? 0, height: box?.height ?? 0 })
    }
    // The tabs differ in height, and the top edge does not move.
    expect(Math.max(...boxes.map((b) => b.height)) - Math.min(...boxes.map((b) => b.height))).toBeGreaterThan(20)
    for (const box of boxes) expect(Math.abs(box.y - (boxes[0]?.y ?? 0))).toBeLessThan(1)
    if (viewport) await demo.page.setViewportSize(viewport)
  })

  it('the tabs follow the ARIA tabs pattern: arrow keys move the selection and the panel', async () => {
    await tab('Activity').focus()
    await demo.page.keyboard.press('ArrowRight')
    expect(await tab('Tokens').getAttribute('aria-selected')).toBe('true')
    expect(await tab('Tokens').evaluate((el) => el === document.activeElement)).toBe(true)
    await demo.page.keyboard.press('ArrowLeft')
    expect(await tab('Activity').getAttribute('aria-selected')).toBe('true')
    await demo.page.keyboard.press('Home')
    expect(await tab('Tokens').getAttribute('aria-selected')).toBe('true')
    await demo.page.keyboard.press('ArrowRight')
    expect(await tab('NFTs').getAttribute('aria-selected')).toBe('true')
    const labelledBy = await panel().getAttribute('aria-labelledby')
    expect(labelledBy).toBe(await tab('NFTs').getAttribute('id'))
    expect(await tab('Tokens').getAttribute('tabindex')).toBe('-1')
  })

  it('the NFTs tab shows the three minted Portico Pioneers with images that loaded', async () => {
    await tab('NFTs').click()
    const images = panel().getByRole('img')
    await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(3)
    for (const n of [1, 2, 3]) {
      const image: Locator = panel().getByRole('img', { name: `Portico Pioneers #${n}` })
      await image.scrollIntoViewIfNeeded()
      await expect
        .poll(() => image.evaluate((el) => (el instanceof HTMLImageElement && el.complete ? el.naturalWidth : 0)), { timeout: 20_000 })
        .toBeGreaterThan(0)
    }
  })
})

describe("the send's success screen follows a send to the chain (issue 14, acceptance 3; issue 52)", () => {
  /** A JSON-RPC call straight to anvil (its developer methods). */
  const anvil = (method: string, params: unknown[] = []) => rpc().request({ method: method as never, params: params as never })

  /** Fills and previews a pUSD send, with anvil's automine off so the transaction stays pending. */
  async function sendPending(receiver: Address): Promise<Hash> {
    await openAccount()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await waitForView('WalletSend')
    await fillSendForm('pUSD', '1.5', receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await waitForView('WalletSendPreview')
    await anvil('evm_setAutomine', [false])
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => successScreen().textContent(), { timeout: 20_000 }).toContain('Transaction pending')
    const href = (await explorerLink().getAttribute('href')) ?? ''
    const hash = href.split('/tx/')[1] as Hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(href).toBe(`${demo.sandbox.url}/sandbox/explorer/eip155:31337/tx/${hash}`)
    // Still pending: nothing is mined while automine is off.
    expect(await rpc().getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined()
    // The page asks the node for the receipt again (plugins/eip155 waitForReceipt) and is told
    // null twice: a screen that would leave "pending" on no receipt would have by then.
    for (let asked = 0; asked < 2; asked++) {
      const answer = await demo.page.waitForResponse((response) => {
        const body = (response.request().postData() ?? '').toLowerCase()
        return body.includes('eth_gettransactionreceipt') && body.includes(hash)
      })
      expect(JSON.stringify(await answer.json())).toMatch(/"result":null/)
    }
    expect(await successScreen().textContent()).toContain('Transaction pending')
    return hash
  }

  afterAll(async () => {
    await anvil('evm_setAutomine', [true]).catch(() => undefined)
  })

  it('pending, then confirmed once mined, with the explorer link to that hash, which resolves', async () => {
    const receiver = freshAddress()
    const hash = await sendPending(receiver)
    await anvil('evm_mine')
    await expect.poll(() => successScreen().getByRole('heading', { level: 3 }).textContent(), { timeout: 20_000 }).toBe('Sent')
    expect(await explorerLink().getAttribute('href')).toBe(`${demo.sandbox.url}/sandbox/explorer/eip155:31337/tx/${hash}`)
    // The screen said it, so no toast laid over it.
    expect(await demo.page.getByRole('status', { name: 'Notifications' }).textContent()).not.toContain('Transaction')
    await successScreen().getByRole('button', { name: 'Done' }).click()
    expect((await rpc().getTransactionReceipt({ hash })).status).toBe('success')
    expect(await pusdOf(receiver)).toBe(parseUnits('1.5', 6))
    const explorerPage = await (await fetch(`${demo.sandbox.url}/sandbox/explorer/eip155:31337/tx/${hash}`)).text()
    expect(explorerPage).toContain(hash)
    expect(explorerPage).toContain('Portico Devnet A')
    expect((await fetch(`${demo.sandbox.url}/sandbox/explorer/eip155:1/tx/${hash}`)).status).toBe(404)
    expect((await fetch(`${demo.sandbox.url}/sandbox/explorer/eip155:31337/tx/${encodeURIComponent('<script>')}`)).status).toBe(404)
  }, 60_000)

  it('a transaction that reverts on chain shows failed', async () => {
    const receiver = freshAddress()
    const hash = await sendPending(receiver)
    // While it waits in the mempool, pUSD's code becomes one that always reverts (PUSH1 0 PUSH1 0
    // REVERT), the block is mined, and the real code comes back.
    const code = await rpc().getCode({ address: pusd })
    try {
      await anvil('anvil_setCode', [pusd, '0x60006000fd'])
      await anvil('evm_mine')
    } finally {
      await anvil('anvil_setCode', [pusd, code])
    }
    await expect.poll(() => successScreen().getByRole('heading', { level: 3 }).textContent(), { timeout: 20_000 }).toBe('Transaction failed')
    expect(await explorerLink().getAttribute('href')).toBe(`${demo.sandbox.url}/sandbox/explorer/eip155:31337/tx/${hash}`)
    await successScreen().getByRole('button', { name: 'Done' }).click()
    expect((await rpc().getTransactionReceipt({ hash })).status).toBe('reverted')
    expect(await pusdOf(receiver)).toBe(0n)
    await anvil('evm_setAutomine', [true])
  }, 60_000)
})

describe('bad input in the send view: a visible state and nothing sent', () => {
  const untouched = freshAddress()
  let sentBefore = 0

  beforeAll(async () => {
    sentBefore = (await sendTransactions()).length
    await openAccount()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await waitForView('WalletSend')
  })

  it('walks through the button states in order', async () => {
    expect(await buttonState()).toBe('Select Token')
    await chooseToken('ETH')
    expect(await buttonState()).toBe('Add Amount')
    await dialog().getByLabel('Amount').fill('1')
    expect(await buttonState()).toBe('Add Address')
  })

  it('picks the token from a listbox with icons, balances and USD values, and shows the USD value while typing', async () => {
    const combobox = dialog().getByRole('combobox', { name: /^Token\b/ })
    expect(await combobox.textContent()).toContain('ETH')
    await combobox.click()
    expect(await combobox.getAttribute('aria-expanded')).toBe('true')
    const list = dialog().getByRole('listbox', { name: 'Token', exact: true })
    const pusd = list.getByRole('option', { name: /^pUSD / })
    await pusd.waitFor()
    // Icon, symbol, name, balance with separators, USD value: no native <select>.
    expect(await dialog().locator('select').count()).toBe(0)
    expect(await pusd.locator('img').getAttribute('src')).toMatch(/^(data:image|http)/)
    expect(await pusd.textContent()).toMatch(/^pUSDPortico USD\d{1,3}(,\d{3})*\.\d{3} pUSD\$\d{1,3}(,\d{3})*\.\d{2}$/)
    expect(await list.getByRole('option', { name: /^ETH / }).getAttribute('aria-selected')).toBe('true')
    await pusd.click()
    expect(await combobox.getAttribute('aria-expanded')).toBe('false')
    expect(await list.isHidden()).toBe(true)
    expect(await combobox.textContent()).toContain('pUSD')
    await dialog().getByLabel('Amount').fill('1250.5')
    await expect.poll(() => dialog().locator('.portico-send__usd').textContent()).toBe('≈ $1,250.50')
    await chooseToken('ETH')
    await dialog().getByLabel('Amount').fill('0.5')
    await expect.poll(() => dialog().locator('.portico-send__usd').textContent()).toBe('≈ $1,500.00')
  })

  it("the token choice works from the keyboard: arrows, Home/End, type-ahead, Enter, and Esc closes the list, not the modal (issue 52)", async () => {
    const combobox = dialog().getByRole('combobox', { name: /^Token\b/ })
    const options = dialog().getByRole('listbox', { name: 'Token', exact: true }).getByRole('option')
    const active = async () => {
      const id = await combobox.getAttribute('aria-activedescendant')
      return id ? ((await dialog().locator(`[id="${id}"]`).textContent()) ?? '').slice(0, 4) : undefined
    }
    expect(await combobox.textContent()).toContain('ETH')
    await combobox.focus()
    // ↓ opens the list at the chosen token.
    await demo.page.keyboard.press('ArrowDown')
    expect(await combobox.getAttribute('aria-expanded')).toBe('true')
    expect(await options.count()).toBe(2)
    expect(await active()).toBe('ETHE')
    await demo.page.keyboard.press('End')
    expect(await active()).toBe('pUSD')
    await demo.page.keyboard.press('Home')
    expect(await active()).toBe('ETHE')
    await demo.page.keyboard.press('ArrowDown')
    expect(await active()).toBe('pUSD')
    await demo.page.keyboard.press('ArrowUp')
    expect(await active()).toBe('ETHE')
    // A letter jumps to the next symbol starting with it; Enter chooses and closes.
    await demo.page.keyboard.press('p')
    expect(await active()).toBe('pUSD')
    await demo.page.keyboard.press('Enter')
    expect(await combobox.getAttribute('aria-expanded')).toBe('false')
    expect(await combobox.textContent()).toContain('pUSD')
    expect(await combobox.evaluate((element) => element === document.activeElement)).toBe(true)
    // Esc closes an open list and leaves the modal open; the choice stays.
    await demo.page.keyboard.press('Enter')
    expect(await combobox.getAttribute('aria-expanded')).toBe('true')
    await demo.page.keyboard.press('Escape')
    expect(await combobox.getAttribute('aria-expanded')).toBe('false')
    expect(await dialog().getAttribute('data-view')).toBe('WalletSend')
    expect(await combobox.textContent()).toContain('pUSD')
    await chooseToken('ETH')
  })

  it('the Review shows the amount exactly, with separators, and its USD value', async () => {
    await fillSendForm('pUSD', '1250.123456', untouched)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await waitForView('WalletSendPreview')
    expect(await dialog().locator('.portico-send-preview__amount').textContent()).toBe('1,250.123456 pUSD')
    const value = dialog().locator('.portico-send-preview__row', { hasText: 'Value' }).locator('dd')
    expect(await value.textContent()).toBe('≈ $1,250.12')
    // The network fee, estimated over the devnet's RPC (eth_estimateGas × eth_gasPrice), in ETH and, on its own line, USD.
    const fee = dialog().locator('.portico-send-preview__row', { hasText: 'Network fee' }).locator('dd')
    await expect.poll(() => fee.textContent(), { timeout: 20_000 }).toMatch(/^up to 0\.0\d* ETH≈ (\$\d+\.\d{2}|<\$0\.01)$/)
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await waitForView('WalletSend')
  })

  it('an amount above the balance: Insufficient Funds', async () => {
    await fillSendForm('ETH', '100000', untouched)
    const button = dialog().getByRole('button', { name: 'Insufficient Funds' })
    expect(await button.isDisabled()).toBe(true)
    expect(await dialog().getByLabel('Amount').getAttribute('aria-invalid')).toBe('true')
  })

  it.each(['1.1234567', '0', '-1', '1e3', '0.', 'abc'])('pUSD amount %s: Incorrect Value', async (amount) => {
    await fillSendForm('pUSD', amount, untouched)
    expect(await buttonState()).toBe('Incorrect Value')
    expect(await dialog().getByRole('button', { name: 'Incorrect Value' }).isDisabled()).toBe(true)
    await dialog().getByLabel('Amount').press('Enter')
    expect(await dialog().getAttribute('data-view')).toBe('WalletSend')
  })

  it('Max fills in the whole balance', async () => {
    await chooseToken('pUSD')
    await dialog().getByRole('button', { name: 'Max' }).click()
    const amount = await dialog().getByLabel('Amount').inputValue()
    expect(parseUnits(amount, 6)).toBe(await pusdOf(account0))
  })

  it('an invalid address and a checksum-broken one: Invalid Address', async () => {
    await fillSendForm('ETH', '1', 'not-an-address')
    expect(await buttonState()).toBe('Invalid Address')
    // One hex letter's case flipped: the same address with its EIP-55 checksum broken.
    const letter = untouched.slice(2).search(/[a-fA-F]/) + 2
    const flipped = untouched[letter]!
    const broken = `${untouched.slice(0, letter)}${flipped === flipped.toUpperCase() ? flipped.toLowerCase() : flipped.toUpperCase()}${untouched.slice(letter + 1)}`
    expect(broken.toLowerCase()).toBe(untouched.toLowerCase())
    expect(broken).not.toBe(untouched)
    await dialog().getByLabel('Receiver address').fill(broken)
    expect(await buttonState()).toBe('Invalid Address')
    expect(await dialog().getByLabel('Receiver address').getAttribute('aria-invalid')).toBe('true')
    await dialog().getByLabel('Receiver address').fill(untouched)
    expect(await buttonState()).toBe('Preview Send')
  })

  it('the wallet rejecting: the error is shown and announced, and the form keeps its values', async () => {
    await fillSendForm('ETH', '1.25', untouched)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await devWalletPanel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      const alert = dialog().getByRole('alert')
      await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet')
      // The form is usable again: Send is no longer busy.
      expect(await dialog().getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(false)
      expect(await dialog().getAttribute('data-view')).toBe('WalletSendPreview')
      await dialog().getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSend')
      expect(await dialog().getByLabel('Amount').inputValue()).toBe('1.25')
      expect(await dialog().getByLabel('Receiver address').inputValue()).toBe(untouched)
      expect(await dialog().getByRole('alert').textContent()).toBe('The request was rejected in the wallet')
      expect(await buttonState()).toBe('Preview Send')
    } finally {
      await devWalletPanel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
  })

  it('nothing was sent: one rejected request in the wallet, none approved, the receiver still at zero', async () => {
    const sent = (await sendTransactions()).slice(sentBefore)
    expect(sent.map((a) => a.outcome)).toEqual(['rejected'])
    expect(await ethOf(untouched)).toBe(0n)
    expect(await pusdOf(untouched)).toBe(0n)
  })
})

describe('accessibility and page hygiene', () => {
  it('the Account tabs and the send views have no serious or critical axe violation', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await demo.page.evaluate(axeSource)
    const run = async (label: string) => {
      // Colours are measured once the view's fade-in is over (spinners run forever and do not count).
      await expect
        .poll(() => demo.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length))
        .toBe(0)
      const violations = await demo.page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context?: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe
        const result = await axe.run({ include: [['[role="dialog"]']] })
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target) + ' ' + String((n as { failureSummary?: string }).failureSummary)).slice(0, 3) }))
      })
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), label).toEqual([])
    }
    await demo.page.keyboard.press('Escape')
    await openAccount()
    for (const name of ['Tokens', 'NFTs', 'Activity']) {
      await tab(name).click()
      await expect.poll(() => panel().getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      await run(`Account ${name}`)
    }
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await fillSendForm('ETH', '-1', 'nope')
    await run('WalletSend (invalid)')
    await fillSendForm('ETH', '0.01', freshAddress())
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview')
    await run('WalletSendPreview')
    await dialog().getByRole('button', { name: 'Cancel' }).click()
  })

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    await expectClean(demo.visitor)
  })
})
