// The chain e2e kit (issue 49): the visitor's flows every chain shares, written once. `chainE2e(row)`
// registers them, in order, on one visitor page of the demo site from `npm start` (real Chromium,
// the chain's Portico Dev Wallet, the sandbox's own ledger, the Portico server), then the chain's
// own short tests, then the page's CSP / page-error / loopback check. A chain's row
// (tests/e2e/kit/chainRows.ts) says where its truth is: the balance read from its node, the
// signature verified with its ecosystem's library, the method names its dev wallet logs.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseNetwork, pickNetwork } from '../../helpers/chooseNetwork.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { describeSend } from '../../helpers/describeSend.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import type { Activity, ChainRow, ChainTruth, SandboxChain } from './chainRows.js'

/** The visitor's page on a chain's network, with the chain's truth: what every kit (chain, persona) hands its tests. */
export type ChainPage = {
  sandbox: TestSandbox
  visitor: SandboxPage
  page: Page
  truth: ChainTruth
  chain: SandboxChain
  /** The dev account's short form, as the header shows it. */
  short: string
  header(): Locator
  dialog(): Locator
}

/** What a chain's own tests get: the page, the sandbox, the chain's truth and the kit's steps. */
export type ChainKit = ChainPage & {
  row: ChainRow
  panel(): Locator
  /** The chain's dev wallet's log on the visitor page (it starts empty on each load). */
  activity(): Promise<Activity[]>
  /** Awaits `wait`; when it fails, the error says what the page (the modal, its Send, the toasts, the header) and the wallet showed. */
  step<T>(wait: Promise<T>, on?: Page): Promise<T>
  closeDialog(): Promise<void>
  openAccount(): Promise<void>
  /** The network button, then `network` in the list ({@link pickNetwork}): what follows is the caller's to wait for. */
  pickNetwork(network: string): Promise<void>
  /** Account → Send → the token → amount and receiver. */
  fillSend(symbol: string, amount: string, receiver: string): Promise<void>
  /** The filled form → Preview Send; waits for the review's network fee (unless `fee: false`) and returns the review's text. */
  review(options?: { fee?: boolean }): Promise<string>
  /** After the review's Send: waits until the send completed (see {@link sendCompletes}); the explorer link, when the row names one. */
  sendCompletes(): Promise<string | undefined>
  /** The random receivers and other values of this run, printed so a failure can be replayed. */
  note(what: string, value: string): void
  /** The kit's sends, in order, once they ran. */
  sent: { receiver: string; amount: string; symbol: string; explorer?: string }[]
  /** The demo's signature of `message` by the dev account, once the kit's signing test ran. */
  signature?: string
}

export const message = 'Hello from the Portico demo'

/** Account → Send → the token → amount and receiver, each wait through the kit's `step` (what the page showed, when one fails). */
export async function fillSendForm(kit: { dialog(): Locator; openAccount(): Promise<void>; step<T>(wait: Promise<T>): Promise<T> }, symbol: string, amount: string, receiver: string): Promise<void> {
  await kit.openAccount()
  await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await kit.step(expect.poll(() => kit.dialog().getAttribute('data-view')).toBe('WalletSend'))
  await kit.step(chooseSendToken(kit.dialog(), symbol))
  await kit.dialog().getByLabel('Amount').fill(amount)
  await kit.dialog().getByLabel('Receiver address').fill(receiver)
}

/** The header text's number before ` {symbol}` (thousands separators dropped). */
export function amountOf(text: string, symbol: string): number | undefined {
  const match = new RegExp(`(\\d[\\d,]*(?:\\.\\d+)?) ${symbol}`).exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : undefined
}

/** `units` with `decimals` as the UI shows them: 3 decimals, truncated. */
export const truncated = (units: bigint, decimals: number) => Number(units / 10n ** BigInt(decimals - 3)) / 1e3

/** "0.25" with `decimals` → base units. */
export function unitsOf(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0')
}

/** The review's "Network feeup to X SYM" in base units. */
export function feeShown(review: string, symbol: string, decimals: number): bigint {
  const shown = new RegExp(`Network feeup to (\\d+(?:\\.\\d+)?) ${symbol}`).exec(review)?.[1]
  if (!shown) throw new Error(`The review shows no network fee in ${symbol}: ${review}`)
  return unitsOf(shown, decimals)
}

/**
 * The end of a send through the review, ONE function for every chain: the send's success screen
 * (WalletSendSuccess, docs/design.md "Success") follows the transaction until it says "Sent", with the
 * sandbox explorer's link for it when the row names one; Done brings the modal back to Account.
 */
export async function sendCompletes(kit: Pick<ChainKit, 'page' | 'dialog' | 'step' | 'row' | 'sandbox'>): Promise<string | undefined> {
  const screen = sendSuccess(kit.page)
  await kit.step(expect.poll(() => screen.getByRole('heading', { level: 3 }).textContent(), { timeout: 30_000 }).toBe('Sent'))
  let href: string | undefined
  if (kit.row.explorerTx) {
    href = (await screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')) ?? ''
    expect(href).toMatch(new RegExp(`^${kit.sandbox.url}/sandbox/explorer/${kit.row.explorerTx}$`))
  }
  await screen.getByRole('button', { name: 'Done' }).click()
  await kit.step(expect.poll(() => kit.dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('Account'))
  return href
}

/** The wallet's last request that needed an answer from the visitor (not a read it answers by itself, as eth_chainId). */
const lastAsked = (log: Activity[]) => log.filter((a) => a.outcome !== 'answered').at(-1)

/**
 * Registers the shared flows of `row`'s chain, then `specific(kit)` (the chain's own short tests),
 * then the page's CSP, page-error and loopback check, in one `describe`.
 *
 * @example
 * chainE2e(rows.sui, (kit) => {
 *   it('refuses a short object id', async () => { ... })
 * })
 */
export function chainE2e(row: ChainRow, specific?: (kit: ChainKit) => void): void {
  // Filled in by beforeAll; the `it` bodies read it when they run.
  const kit = { row, notes: [] as string[], sent: [] } as unknown as ChainKit & { notes: string[] }
  const page = () => kit.page
  const header = () => page().getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page().getByRole('dialog')
  const panel = () => page().getByRole('region', { name: row.panel, exact: true })
  const activity = () => page().evaluate((global) => (window as unknown as Record<string, { activity(): Activity[] }>)[global]!.activity(), row.activityGlobal)
  const connects = (log: Activity[]) => log.filter((a) => a.method === row.connectMethod).length
  /** What `on` (the visitor's page, or a second visitor's) and its dev wallet showed: the log, the panel, and this run's random values. */
  const describePages = async (on: Page) => {
    const log = () => on.evaluate((global) => (window as unknown as Record<string, { activity(): Activity[] }>)[global]!.activity(), row.activityGlobal)
    const pageText = await describeSend(on, log)
    const walletPanel = on.getByRole('region', { name: row.panel, exact: true })
    const wallet = `the ${row.panel} panel: ${((await walletPanel.textContent({ timeout: 1_000 }).catch(() => '(unreadable)')) ?? '').slice(0, 300)}`
    return `${on === kit.page ? 'the visitor\'s page' : 'the second visitor\'s page'}:\n${pageText}\n${wallet}\nthis run: ${kit.notes.join('; ')}`
  }
  Object.assign(kit, {
    header,
    dialog,
    panel,
    activity,
    step: <T>(wait: Promise<T>, on?: Page) => explainFailure(wait, () => describePages(on ?? kit.page)),
    note(what: string, value: string) {
      kit.notes.push(`${what}: ${value}`)
      console.log(`[${row.namespace}] ${what}: ${value}`)
    },
    async closeDialog() {
      if ((await dialog().count()) === 0) return
      await page().keyboard.press('Escape')
      await kit.step(expect.poll(() => dialog().count()).toBe(0))
    },
    async openAccount() {
      if ((await dialog().count()) > 0 && (await dialog().getAttribute('data-view')) !== 'Account') await kit.closeDialog()
      if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(kit.short) }).click()
      await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('Account'))
    },
    pickNetwork: (network: string) => pickNetwork(page(), network, () => describePages(kit.page)),
    fillSend: (symbol: string, amount: string, receiver: string) => fillSendForm(kit, symbol, amount, receiver),
    async review({ fee = true }: { fee?: boolean } = {}) {
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview'))
      if (fee) await kit.step(expect.poll(() => dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`Network feeup to \\d+(\\.\\d+)? ${row.symbol}`)))
      return (await dialog().locator('dl').textContent()) ?? ''
    },
    sendCompletes: () => sendCompletes(kit),
  })

  /** Puts the row's dev wallet in "Reject requests" for `body`, and back. */
  async function rejecting<T>(body: () => Promise<T>): Promise<T> {
    await panel().getByRole('switch', { name: 'Reject requests' }).check()
    try {
      return await body()
    } finally {
      await panel().getByRole('switch', { name: 'Reject requests' }).uncheck()
    }
  }

  beforeAll(async () => {
    kit.sandbox = await startSandbox({ reuseFromEnv: true })
    await row.prepare?.(kit.sandbox)
    const info = (await (await fetch(`${kit.sandbox.url}/sandbox.json`)).json()) as { chains: SandboxChain[] }
    const chain = info.chains.find((c) => c.caipNetworkId.startsWith(row.caip2))
    if (!chain) throw new Error(`The sandbox has no ${row.caip2} chain`)
    kit.chain = chain
    kit.truth = await row.open(chain, kit.sandbox)
    kit.short = row.shortAddress(kit.truth.devAddress)
    kit.note('sandbox', `${kit.sandbox.url} (port ${kit.sandbox.port})`)
    // No test here checks motion: the modal's transitions are skipped (it honours prefers-reduced-motion).
    kit.visitor = await openSandboxPage({ contextOptions: { reducedMotion: 'reduce' } })
    kit.page = kit.visitor.page
    kit.page.setDefaultTimeout(20_000)
  })

  afterAll(async () => {
    await kit.truth?.close?.()
    await kit.visitor?.close()
    await kit.sandbox?.stop()
  })

  describe(`${row.name} on the demo site, end to end (the chain kit)`, () => {
    const sent = kit.sent

    it(`makes ${row.network} active from the network button before connecting; nothing is asked of any wallet`, async () => {
      await page().goto(kit.sandbox.url)
      await chooseNetwork(page(), row.network, () => describePages(kit.page))
      expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1)
      expect(await activity()).toEqual([])
      expect(await page().evaluate(() => (window as unknown as { __porticoDevWallet: { activity(): Activity[] } }).__porticoDevWallet.activity())).toEqual([])
    })

    it(`lists ${row.wallet} once and connects it; the header shows the short address and the ${row.symbol} balance read from the chain`, async () => {
      const atConnect = await kit.truth.balance(kit.truth.devAddress)
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      const connect = page().getByRole('dialog', { name: 'Connect Wallet' })
      await kit.step(expect.poll(() => connect.getAttribute('aria-modal')).toBe('true'))
      await kit.step(expect.poll(() => connect.getByRole('button', { name: row.wallet, exact: true }).count()).toBe(1))
      await connect.getByRole('button', { name: row.wallet, exact: true }).click()
      await kit.step(expect.poll(() => panel().textContent(), { timeout: 20_000 }).toContain('Connected'))
      await kit.step(expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
      await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
      await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(new RegExp(`\\d[\\d,]*\\.\\d{3} ${row.symbol}`)))
      expect(amountOf((await header().textContent()) ?? '', row.symbol)).toBe(truncated(atConnect, row.decimals))
      expect((await activity()).filter((a) => a.method === row.connectMethod)).toEqual([{ method: row.connectMethod, outcome: 'approved' }])
      expect(await page().getByTestId('account-status').textContent()).toBe('connected')
      if (row.namespace !== 'eip155') {
        // Only this chain's wallet was asked: the EVM dev wallet was not asked to connect.
        const evm = await page().evaluate(() => (window as unknown as { __porticoDevWallet: { activity(): Activity[] } }).__porticoDevWallet.activity())
        expect(evm.filter((a) => /eth_requestAccounts|wallet_requestPermissions/.test(a.method))).toEqual([])
      }
    })

    it(`the Account view lists ${row.tokens.map((t) => t.symbol).join(' and ')} with the chain's balances and a USD value`, async () => {
      await kit.openAccount()
      expect(await dialog().textContent()).toContain(kit.short)
      expect(await dialog().textContent()).toContain(row.network)
      expect(await dialog().getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
      const items = dialog().getByRole('tabpanel').getByRole('listitem')
      await kit.step(expect.poll(() => items.count(), { timeout: 20_000 }).toBe(row.tokens.length))
      for (const token of row.tokens) {
        const units = await kit.truth.balance(kit.truth.devAddress, token.symbol)
        expect(units).toBeGreaterThan(0n)
        const text = (await items.filter({ hasText: token.name }).first().textContent()) ?? ''
        expect(amountOf(text, token.symbol), `${token.symbol} in "${text}"`).toBe(truncated(units, token.decimals))
        expect(text).toMatch(/\$[\d,]+\.\d{2}/)
      }
    })

    for (const send of row.sends) {
      it(`sends ${send.amount} ${send.symbol}${send.fast ? ' at the Fast speed (Slow / Normal / Fast, Normal first; the fee line follows)' : ''} to a fresh address: the review shows it and the fee before the wallet is asked; the chain and the server's API read it back`, async () => {
        const receiver = kit.truth.fresh()
        kit.note(`receiver of ${send.amount} ${send.symbol}`, receiver)
        const decimals = row.tokens.find((t) => t.symbol === send.symbol)!.decimals
        const before = { dev: await kit.truth.balance(kit.truth.devAddress), receiver: await kit.truth.balance(receiver, send.symbol) }
        expect(before.receiver).toBe(0n)
        await kit.fillSend(send.symbol, send.amount, receiver)
        const signedBefore = (await activity()).filter((a) => a.method === row.sendMethod).length
        let review = await kit.review()
        let fast = 0
        if (send.fast) {
          const speeds = dialog().getByRole('group', { name: 'Speed' })
          await kit.step(expect.poll(() => speeds.getByRole('radio').count()).toBe(3))
          await kit.step(expect.poll(() => speeds.getByRole('radio', { name: /^Normal/ }).isChecked()).toBe(true))
          const label = (await speeds.locator('label').filter({ hasText: 'Fast' }).textContent()) ?? ''
          expect(label).toMatch(send.fast.label)
          fast = Number(send.fast.label.exec(label)![1]!.replace(/,/g, ''))
          await speeds.getByRole('radio', { name: /^Fast/ }).check()
          await kit.step(expect.poll(() => dialog().locator('dl').textContent()).toContain(`Network feeup to ${(fast / 10 ** row.decimals).toFixed(row.decimals).replace(/0+$/, '')} ${row.symbol}`))
          review = (await dialog().locator('dl').textContent()) ?? ''
        }
        expect(review).toContain(`${send.amount} ${send.symbol}`)
        expect(review).toContain(row.network)
        expect((await activity()).filter((a) => a.method === row.sendMethod).length).toBe(signedBefore)
        const fee = feeShown(review, row.symbol, row.decimals)
        expect(fee).toBeGreaterThan(0n)
        await dialog().getByRole('button', { name: 'Send', exact: true }).click()
        const explorer = await kit.sendCompletes()
        await kit.step(expect.poll(() => kit.truth.balance(receiver, send.symbol), { timeout: 20_000 }).toBe(unitsOf(send.amount, decimals)))
        const api = (await (await fetch(`${kit.sandbox.url}/v1/account/${receiver}/balance?currency=usd&chainId=${kit.chain.caipNetworkId}&projectId=demo`)).json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
        expect(Number(api.balances.find((b) => b.symbol === send.symbol)?.quantity.numeric)).toBe(Number(send.amount))
        expect((await activity()).filter((a) => a.method === row.sendMethod).map((a) => a.outcome)).toEqual([...Array(signedBefore).fill('approved'), 'approved'])
        // What left the dev account: the amount (when native) and no more fee than the review showed.
        const after = await kit.truth.balance(kit.truth.devAddress)
        await row.checkSpent?.({ spent: before.dev - after, fee, amount: send.symbol === row.symbol ? unitsOf(send.amount, decimals) : 0n, receiver, kit })
        // The header follows the chain (not yet on every chain: ChainRow.headerKeepsBalanceAfterSend).
        if (!row.headerKeepsBalanceAfterSend) await kit.step(expect.poll(async () => amountOf((await header().textContent()) ?? '', row.symbol), { timeout: 20_000 }).toBe(truncated(after, row.decimals)))
        await send.fast?.paid(receiver, fast, kit)
        sent.push({ receiver, amount: send.amount, symbol: send.symbol, explorer })
      }, 90_000)
    }

    it(`the Activity tab lists the ${row.symbol} send with its receiver, from the server's history of the chain`, async () => {
      const last = sent[0]!
      await kit.openAccount()
      await dialog().getByRole('tab', { name: 'Activity' }).click()
      const tab = dialog().getByRole('tabpanel')
      // One row of the list: "Sent <amount> <symbol>" and "to <receiver>" (the amount as the list shows it, 0.250 for 0.25).
      // On Sui the amount is the balance change, the gas included (0.251 for 0.25).
      const amount = `${last.amount.replace('.', '\\.')}${row.activityWithGas ? '\\d*' : last.amount.includes('.') ? '0*' : '(\\.0*)?'}`
      const item = tab.getByRole('listitem').filter({ hasText: `to ${row.shortAddress(last.receiver)}` }).filter({ hasText: new RegExp(`Sent\\s*${amount} ${last.symbol}`) })
      await kit.step(expect.poll(() => item.count(), { timeout: 20_000 }).toBe(1))
      expect(await tab.textContent()).not.toContain('Activity is not available on this network')
      await dialog().getByRole('tab', { name: 'Tokens' }).click()
      await kit.closeDialog()
    })

    it('a wallet that rejects: the send shows "The request was rejected in the wallet" and nothing moves; the demo\'s signature shows the rejection too', async () => {
      const receiver = kit.truth.fresh()
      kit.note('receiver of the rejected send', receiver)
      const sign = page().getByRole('button', { name: `Sign "${message}"` })
      const signResult = page().getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await rejecting(async () => {
        await kit.fillSend(row.symbol, row.sends[0]!.amount, receiver)
        await kit.review()
        await dialog().getByRole('button', { name: 'Send', exact: true }).click()
        await kit.step(expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'))
        expect(lastAsked(await activity())).toMatchObject({ method: row.sendMethod, outcome: 'rejected' })
        expect(await kit.truth.balance(receiver)).toBe(0n)
        await kit.closeDialog()
        await sign.click()
        await kit.step(expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Not signed: .*reject/i))
      })
    })

    it(`the demo signs a message (the wallet logs ${row.signInMethod} approved), and ${row.verifier} verifies it for the dev account (and not an altered message)`, async () => {
      const signResult = page().getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await page().getByRole('button', { name: `Sign "${message}"` }).click()
      await kit.step(expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Signature: /))
      const signature = ((await signResult.textContent()) ?? '').replace('Signature: ', '')
      expect(lastAsked(await activity())).toEqual({ method: row.signInMethod, outcome: 'approved' })
      expect(await kit.truth.verify(message, signature, kit.truth.devAddress)).toBe(true)
      expect(await kit.truth.verify(`${message}!`, signature, kit.truth.devAddress)).toBe(false)
      kit.signature = signature
    })

    it(`sits beside ${row.besides.map((b) => b.network).join(' and ')} in one modal: each from the network button connects there, and back to ${row.network} without asking the wallet again`, async () => {
      const asked = connects(await activity())
      for (const other of row.besides) {
        await kit.pickNetwork(other.network)
        await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain'))
        await kit.step(expect.poll(() => dialog().textContent()).toContain(`Switch to ${other.network}`))
        if (other.says) await kit.step(expect.poll(() => dialog().textContent()).toContain(other.says))
        await dialog().getByRole('button', { name: 'Switch Network' }).click()
        // A wallet that serves the other namespace too connects there; otherwise the modal lists the wallets.
        const list = page().getByRole('dialog', { name: 'Connect Wallet' })
        await kit.step(expect.poll(async () => (await list.count()) > 0 || (await dialog().count()) === 0, { timeout: 20_000 }).toBe(true))
        if (other.list !== undefined) expect((await list.count()) > 0, other.list ? 'the modal lists the wallets there' : 'the same wallet connects there without a list').toBe(other.list)
        if ((await list.count()) > 0) await list.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
        await kit.step(expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(other.header))
        await kit.pickNetwork(row.network)
        await kit.step(expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(new RegExp(`\\d[\\d,]*\\.\\d{3} ${row.symbol}`)))
        expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
      }
      expect(connects(await activity())).toBe(asked)
    })

    it('after a reload the connection is restored without a prompt, and the header never shows "Connect Wallet" meanwhile', async () => {
      await page().addInitScript({
        content: `window.__headerTexts = [];
          new MutationObserver(() => {
            const nav = document.querySelector('nav[aria-label="Wallet"]');
            if (nav) window.__headerTexts.push(nav.textContent);
          }).observe(document, { subtree: true, childList: true, characterData: true });`,
      })
      await page().reload()
      await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
      expect(await header().getByRole('button', { name: new RegExp(row.network) }).count()).toBe(1)
      expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
      const seen = await page().evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts)
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.filter((text) => text.includes('Connect Wallet'))).toEqual([])
      row.restored(await activity())
    })

    it('Disconnect ends the connection (the header leaves the account); a rejected connection then shows "Connection rejected", and "Try again" connects', async () => {
      await kit.openAccount()
      await dialog().getByRole('button', { name: 'Disconnect' }).click()
      await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).not.toContain(kit.short))
      await kit.closeDialog()
      await rejecting(async () => {
        if ((await header().getByRole('button', { name: 'Connect Wallet' }).count()) > 0) await header().getByRole('button', { name: 'Connect Wallet' }).click()
        else {
          // Another namespace is still connected and active: back to this network, then its confirmation.
          await kit.pickNetwork(row.network)
          await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain'))
          await dialog().getByRole('button', { name: 'Switch Network' }).click()
        }
        const list = page().getByRole('dialog', { name: 'Connect Wallet' })
        await kit.step(expect.poll(async () => (await list.count()) > 0 || (await dialog().getByText('Connection rejected').count()) > 0, { timeout: 20_000 }).toBe(true))
        if ((await list.count()) > 0) await list.getByRole('button', { name: row.wallet, exact: true }).click()
        await kit.step(expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0))
        expect(lastAsked(await activity())).toEqual({ method: row.connectMethod, outcome: 'rejected' })
      })
      await dialog().getByRole('button', { name: 'Try again' }).click()
      await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
      expect(lastAsked(await activity())).toEqual({ method: row.connectMethod, outcome: 'approved' })
      await kit.closeDialog()
    })

    it(`sign-in with ?siwx=required, a first-time visitor: the wallet signs, the sandbox server holds the session, and ${row.verifier} verifies it`, async () => {
      const newcomer = await openSandboxPage({ contextOptions: { reducedMotion: 'reduce' } })
      try {
        const p = newcomer.page
        p.setDefaultTimeout(20_000)
        const d = () => p.getByRole('dialog')
        const h = () => p.getByRole('navigation', { name: 'Wallet' })
        const walletLog = () => p.evaluate((global) => (window as unknown as Record<string, { activity(): Activity[] }>)[global]!.activity(), row.activityGlobal)
        await p.goto(`${kit.sandbox.url}/?siwx=required`)
        if (row.network !== 'Portico Devnet A') await chooseNetwork(p, row.network, () => describePages(p))
        await h().getByRole('button', { name: 'Connect Wallet' }).click()
        await p.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: row.wallet, exact: true }).click()
        const signView = p.getByRole('dialog').filter({ has: p.getByRole('heading', { name: 'Sign in with your wallet' }) })
        const shown = (await kit.step(signInMessage(signView), p).then((region) => region.textContent())) ?? ''
        expect(shown).toContain(`wants you to sign in with your ${row.signInWord} account`)
        expect(shown).toContain(kit.truth.devAddress)
        await signView.getByRole('button', { name: 'Sign', exact: true }).click()
        await kit.step(expect.poll(() => d().count(), { timeout: 20_000 }).toBe(0), p)
        const response = await newcomer.context.request.get(`${kit.sandbox.url}/siwx/sessions`)
        const body = (await response.json()) as { signedIn: boolean; sessions: { data: { chainId: string; accountAddress: string }; message: string; signature: string }[] }
        expect(body.signedIn).toBe(true)
        const session = body.sessions.find((s) => s.data.chainId === kit.chain.caipNetworkId)
        expect(session?.data.accountAddress).toBe(kit.truth.devAddress)
        expect(await kit.truth.verify(session!.message, session!.signature, kit.truth.devAddress)).toBe(true)
        expect(await kit.truth.verify(`${session!.message} `, session!.signature, kit.truth.devAddress)).toBe(false)
        expect(lastAsked(await walletLog())).toEqual({ method: row.signInMethod, outcome: 'approved' })
        await h().getByRole('button', { name: new RegExp(kit.short) }).click()
        await kit.step(expect.poll(() => d().textContent()).toContain('Signed in'), p)
        expect(await newcomer.cspViolations()).toEqual([])
        expect(newcomer.pageErrors).toEqual([])
        expect(newcomer.blocked).toEqual([])
      } finally {
        await newcomer.close()
      }
    })

    const wp = row.walletPage
    if (wp) {
      it(`over WalletConnect, the sandbox's /wallet page approves the ${row.namespace} namespace; a message${wp.send ? ' and a send' : ''} approved there ${wp.send ? 'verify with the library and land on the chain' : 'verifies with the library'}`, async () => {
        const pair = await pairWithWalletPage({ browser: kit.visitor.browser, url: kit.sandbox.url, network: row.network, chain: kit.chain.caipNetworkId, method: wp.proposes })
        // Each wait says what both pages showed when it fails (CI once saw a transfer never reach the wallet page).
        const step = <T>(wait: Promise<T>) => explainFailure(wait, pair.describe)
        const { demo, walletPage } = pair
        try {
          const demoHeader = demo.getByRole('navigation', { name: 'Wallet' })
          const demoDialog = () => demo.getByRole('dialog')
          await step(expect.poll(() => demoHeader.textContent()).toContain(kit.short))
          await step(expect.poll(() => demoDialog().count()).toBe(0))
          const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
          await step(session.waitFor())
          expect(await session.textContent()).toContain(kit.chain.caipNetworkId)
          const approve = async (method: string, shows: string[]) => {
            const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: `${method} from Portico demo dApp` })
            await step(request.waitFor())
            for (const text of shows) expect(await request.textContent()).toContain(text)
            await request.getByRole('button', { name: 'Approve' }).click()
          }
          await demo.getByRole('button', { name: `Sign "${message}"` }).click()
          await approve(wp.sign.method, [wp.sign.shows?.(kit.truth.devAddress) ?? message])
          const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
          await step(expect.poll(() => output.textContent()).toMatch(wp.sign.format))
          const signature = ((await output.textContent()) ?? '').replace('Signature: ', '')
          expect(await kit.truth.verify(message, signature, kit.truth.devAddress)).toBe(true)
          expect(await kit.truth.verify(`${message}!`, signature, kit.truth.devAddress)).toBe(false)
          if (wp.send) {
            const receiver = kit.truth.fresh()
            kit.note(`receiver over WalletConnect of ${wp.send.amount} ${wp.send.symbol}`, receiver)
            const openAccount = async () => {
              await demoHeader.getByRole('button', { name: new RegExp(kit.short) }).click()
              await step(expect.poll(() => demoDialog().getAttribute('data-view')).toBe('Account'))
            }
            await fillSendForm({ dialog: demoDialog, openAccount, step }, wp.send.symbol, wp.send.amount, receiver)
            await demoDialog().getByRole('button', { name: 'Preview Send' }).click()
            await step(expect.poll(() => demoDialog().locator('dl').textContent()).toMatch(wp.send.review ?? new RegExp(`Network feeup to \\d+(\\.\\d+)? ${row.symbol}`)))
            await demoDialog().getByRole('button', { name: 'Send', exact: true }).click()
            await approve(wp.send.method, wp.send.shows(receiver))
            await step(expect.poll(() => kit.truth.balance(receiver, wp.send!.symbol)).toBe(wp.send.units))
            await sendCompletes({ page: demo, dialog: demoDialog, step, row, sandbox: kit.sandbox })
          }
          expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
          expect(pair.errors).toEqual([])
          expect(pair.blocked).toEqual([])
        } finally {
          await pair.context.close()
        }
      }, 120_000)
    }

    specific?.(kit)

    it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
      expect(await kit.visitor.cspViolations()).toEqual([])
      expect(kit.visitor.pageErrors).toEqual([])
      expect(kit.visitor.blocked).toEqual([])
    })
  })
}

