// The chain e2e kit's signer flow (issue 49): the site's own transaction (issue 47) as a visitor of
// the demo site from `npm start` runs it, written once. The demo's "Your own transaction" section
// builds a transaction with the chain's SDK and has it signed through `useSigner(namespace)` by
// whichever wallet holds the connection. Over the connectors of the rows (tests/e2e/kit/signerRows.ts):
// `signersOnOnePage` runs the dev wallets, the emulated Ledger and the embedded wallet on one page,
// one after the other; `signersOverWalletConnect` every row on one page paired once with the
// sandbox's /wallet page; each runs the example, approves (or refuses) where a visitor does, and the
// row reads the outcome back from the chain with the ecosystem's library. The row's wallet personas
// run it on the persona kit's page, already connected (`siteTransactionOverPersona`, called by personaE2e).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../helpers/chromium.js'
import { chooseNetwork } from '../../helpers/chooseNetwork.js'
import { describeSend, shownText } from '../../helpers/describeSend.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage } from '../../helpers/openSandboxPage.js'
import { pairWithWalletPage, type WalletPagePair } from '../../helpers/pairWithWalletPage.js'
import { startSandbox } from '../../helpers/startSandbox.js'
import { enterCode, pressInFrame, startEmailLogin } from './authE2e.js'
import type { Activity } from './chainRows.js'
import type { SignerConnector, SignerContext, SignerPersona, SignerRow, SignerSandbox } from './signerRows.js'
import { escapeRegExp as escape } from '../../helpers/escapeRegExp.js'

/** A visitor's page: what it shows, what its wallet logs, and how it ends. */
type Visitor = { page: Page; describe: () => Promise<string>; log?: () => Promise<Activity[]>; check(): Promise<void>; close(): Promise<void> }

const pattern = (expected: string | RegExp) => (typeof expected === 'string' ? new RegExp(`^${escape(expected)}$`) : expected)
/** What running the example needs of a page: the page, its failure description, its wallet's log. */
export type ExampleVisitor = Pick<Visitor, 'page' | 'describe' | 'log'>
type Answer = (order: Awaited<ReturnType<SignerRow['order']>>) => Promise<void>
/** The wallet's last request that needed an answer from the visitor (not one it answers by itself). */
const lastAsked = (log: Activity[]) => log.filter((a) => a.outcome !== 'answered').map(({ method, outcome }) => ({ method, outcome })).at(-1)

/** The demo's "Your own transaction" section on `page`. */
export const siteTransaction = (page: Page) => page.getByRole('region', { name: 'Your own transaction' })

/**
 * Fills the example (the row's `order`), presses its button, lets `answer` do what the visitor does
 * in the wallet, and waits until the example's status line says how it ended: `expected`.
 */
async function runExample(row: SignerRow, visitor: ExampleVisitor, ctx: SignerContext, expected: RegExp, answer?: Answer) {
  const section = siteTransaction(visitor.page)
  const button = section.getByRole('button', { name: row.button })
  await explainFailure(button.waitFor({ timeout: 30_000 }), visitor.describe)
  const order = await row.order(section, ctx)
  await explainFailure(expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true), visitor.describe)
  const status = section.getByRole('status')
  const before = (await status.textContent()) ?? ''
  await button.click()
  await answer?.(order)
  await explainFailure(expect.poll(async () => { const text = (await status.textContent()) ?? ''; return text === before ? '(unchanged)' : text }, { timeout: 60_000 }).toMatch(expected), visitor.describe)
  return { order, status: (await status.textContent()) ?? '' }
}

/** The example approved: the row reads it back from the chain; the wallet logged it approved. */
async function approved(row: SignerRow, visitor: ExampleVisitor, ctx: SignerContext, method: string, answer?: Answer) {
  const { order, status } = await runExample(row, visitor, ctx, row.sent, answer)
  await order.landed(status)
  if (visitor.log) expect(lastAsked(await visitor.log())).toEqual({ method, outcome: 'approved' })
}

/** The example refused in the wallet: the status says so, the wallet logged it refused, nothing moved on the chain. */
async function refused(row: SignerRow, visitor: ExampleVisitor, ctx: SignerContext, method: string, refusal: string | RegExp, answer?: Answer) {
  const { order } = await runExample(row, visitor, ctx, pattern(refusal), answer)
  await order.unmoved()
  if (visitor.log) expect(lastAsked(await visitor.log())).toEqual({ method, outcome: 'rejected' })
}

/** What the page shows, for a failure's message: {@link describeSend}'s parts, the example's section and the sandbox. */
async function describePage(page: Page, url: string, log?: () => Promise<Activity[]>): Promise<string> {
  return `${await describeSend(page, log)}\nyour own transaction: ${await shownText(siteTransaction(page))}\nsandbox: ${url}`
}

/** The row's persona connector for `id`, if the row runs the example over that persona. */
export const personaConnector = (row: SignerRow, id: string) => row.personas?.find((p) => p.id === id)

/**
 * The example over a wallet persona, on a page already connected with it (the persona kit's, which
 * calls this beside the persona's own send): refused once where the row says (`setMode` is the
 * persona's answer switch), then approved; each read back from the chain and the persona's log.
 */
export async function siteTransactionOverPersona(row: SignerRow, visitor: ExampleVisitor, ctx: SignerContext, connector: SignerPersona, setMode: (mode: 'approve' | 'reject') => Promise<void>): Promise<void> {
  expect(await visitor.page.getByTestId('account-status').textContent()).toBe('connected')
  const method = connector.method ?? row.method
  if (connector.refusal) {
    await setMode('reject')
    try {
      await refused(row, visitor, ctx, method, connector.refusal)
    } finally {
      await setMode('approve')
    }
  }
  await approved(row, visitor, ctx, method)
}

/** Opens, in `beforeAll`, what each row's runs need: the suite's sandbox, one Chromium, the row's chain and its truth; closes them in `afterAll`. */
function openRows(rows: SignerRow[]): Map<SignerRow, SignerSandbox> {
  const opened = new Map<SignerRow, SignerSandbox>()
  beforeAll(async () => {
    const [started, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
    const info = (await (await fetch(`${started.url}/sandbox.json`)).json()) as SignerSandbox['info']
    for (const row of rows) {
      await row.chain.prepare?.(started)
      const chain = info.chains.find((c) => c.caipNetworkId.startsWith(row.chain.caip2))
      if (!chain) throw new Error(`The sandbox has no ${row.chain.caip2} chain`)
      opened.set(row, { sandbox: started, browser, info, chain, truth: await row.chain.open(chain, started) })
    }
  }, 240_000)
  afterAll(async () => {
    for (const [row, each] of opened) {
      await row.close?.()
      await each.truth.close?.()
    }
    const any = [...opened.values()][0]
    await any?.browser.close()
    await any?.sandbox.stop()
  })
  return opened
}

/** A page of its own on the demo (openSandboxPage: CSP violations, page errors and requests beyond 127.0.0.1 recorded). */
async function openVisitor(url: string): Promise<Visitor> {
  const opened = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } })
  opened.page.setDefaultTimeout(20_000)
  // A demo that fails to load closes its browser context with it: no one else holds the page yet.
  await opened.page.goto(`${url}/`).catch(async (error: unknown) => {
    await opened.close()
    throw error
  })
  return {
    page: opened.page,
    describe: () => describePage(opened.page, url),
    async check() {
      expect(await opened.cspViolations()).toEqual([])
      expect(opened.pageErrors).toEqual([])
      expect(opened.blocked).toEqual([])
    },
    close: opened.close,
  }
}

/** Connect Wallet → `name` in the list (the Ledger's and the embedded wallet's own steps follow in `connect`). */
async function pickWallet(visitor: ExampleVisitor, name: string) {
  await visitor.page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
  const listed = visitor.page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name, exact: true })
  // Some wallets register after the page's load (Solflare's SDK, EIP-6963 announcements).
  await explainFailure(expect.poll(() => listed.count(), { timeout: 20_000 }).toBe(1), visitor.describe)
  await listed.click()
}

/** Connects `connector` of `row` on the visitor's page; returns the connected account and what the header names it by. */
async function connect(row: SignerRow, sandbox: SignerSandbox, visitor: ExampleVisitor, connector: Exclude<SignerConnector, { kind: 'walletconnect' }>, ctx: Omit<SignerContext, 'from'>): Promise<{ from: string; shown: string }> {
  const chainRow = row.chain
  const { page } = visitor
  const dialog = page.getByRole('dialog')
  let from = sandbox.truth.devAddress
  let shown: string | undefined
  if (connector.kind === 'extension') await pickWallet(visitor, chainRow.wallet)
  else if (connector.kind === 'ledger') {
    from = sandbox.info.ledgerAccounts[chainRow.namespace]![connector.account]!
    await connector.fund?.({ ...ctx, from })
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog.getByRole('button', { name: 'Ledger', exact: true }).click()
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
    if (connector.app) {
      // The device still shows the Ethereum app: the view says which app to open, and the visitor opens it on the device.
      await explainFailure(expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain(`Open the ${connector.app} app on your Ledger`), visitor.describe)
      await page.getByRole('region', { name: 'Ledger (emulated)' }).getByRole('combobox', { name: 'App' }).selectOption(connector.app)
    }
    const account = dialog.getByRole('list', { name: 'Accounts on your Ledger' }).getByRole('button', { name: new RegExp(`^Account ${connector.account + 1} ${escape(from)} `) })
    await explainFailure(account.waitFor({ timeout: 30_000 }), visitor.describe)
    await account.click()
  } else {
    const email = `signer-${chainRow.namespace}-${Date.now().toString(36)}@example.com`
    shown = email
    await enterCode(page, await startEmailLogin(page, sandbox.sandbox.url, email, page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' })))
    // The embedded wallet's account, as the demo's "Your account" shows it (CAIP-10).
    const caip10 = new RegExp(`${escape(ctx.caipNetworkId)}:([0-9A-Za-z]{32,66})`)
    await explainFailure(expect.poll(async () => (from = caip10.exec(await page.locator('main').innerText())?.[1] ?? ''), { timeout: 30_000 }).not.toBe(''), visitor.describe)
    await connector.fund({ ...ctx, from })
  }
  await explainFailure(expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 30_000 }).toBe('connected'), visitor.describe)
  // The header names the account: its short address, or the email the embedded wallet signed in with.
  shown ??= chainRow.shortAddress(from)
  await explainFailure(expect.poll(() => page.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 20_000 }).toContain(shown), visitor.describe)
  if ((await dialog.count()) > 0 && connector.kind === 'extension') await page.keyboard.press('Escape')
  await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), visitor.describe)
  return { from, shown }
}

/**
 * One connector's run on `visitor`'s page: the row's network made active, the example absent until
 * connected, connect, then the connector's refusal and approval, each read back from the chain;
 * returns what the header names the account by.
 */
async function overConnector(row: SignerRow, sandbox: SignerSandbox, visitor: ExampleVisitor, connector: Exclude<SignerConnector, { kind: 'walletconnect' }>): Promise<string> {
  const chainRow = row.chain
  const base = { ...sandbox, network: chainRow.network, caipNetworkId: sandbox.chain.caipNetworkId, label: connector.kind }
  const { page } = visitor
  await chooseNetwork(visitor.page, chainRow.network, visitor.describe)
  // The example is there only while an account is connected on the namespace.
  expect(await siteTransaction(page).count()).toBe(0)
  const { from, shown } = await connect(row, sandbox, visitor, connector, base)
  const ctx = { ...base, from }
  const method = row.method

  if (connector.kind === 'ledger') {
    const device = page.getByRole('region', { name: 'Ledger (emulated)' })
    const signed = () => page.evaluate(() => (window as unknown as { __porticoLedger: { activity(): { action: string; outcome: string }[] } }).__porticoLedger.activity().filter((a) => a.action === 'signTransaction' && a.outcome === 'approved').length)
    const before = await signed()
    if (connector.ask) await device.getByRole('combobox', { name: 'Answer' }).selectOption('ask')
    await approved(row, visitor, ctx, method, async (order) => {
      if (!connector.ask) return
      // The device asks; nothing is on the chain until the visitor's Approve on it.
      const approve = device.getByRole('button', { name: 'Approve' })
      await explainFailure(expect.poll(() => approve.isEnabled(), { timeout: 30_000 }).toBe(true), visitor.describe)
      expect(await siteTransaction(page).getByRole('status').textContent()).toBe('Waiting for the wallet…')
      await order.unmoved()
      await approve.click()
    })
    expect(await signed()).toBe(before + 1)
  } else if (connector.kind === 'embedded') {
    const frame = page.frameLocator('iframe[title="Portico wallet"]')
    const screen = async () => ((await frame.locator('main#portico-approval').innerText().catch(() => '(no approval screen)')) ?? '').replace(/\s+/g, ' ')
    await approved(row, visitor, ctx, method, async (order) => {
      await explainFailure(expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent().catch(() => null), { timeout: 30_000 }).toBe(`Send ${order.amount} pUSD`), async () => `frame: ${await screen()}\n${await visitor.describe()}`)
      const text = await screen()
      expect(text).toContain(`Recipient ${order.receiver}`)
      expect(text).toContain(`Network ${ctx.network} (${ctx.caipNetworkId})`)
      expect(text).not.toContain('cannot decode')
      await order.unmoved()
      // The visitor's own click on the frame's screen, again until it goes (the auth kit's).
      await pressInFrame(page, 'Approve the transaction')
    })
  } else {
    // Refused first (the example may pay the same receivers again, Sui's two), then approved.
    if (connector.refuses !== false) {
      const reject = page.getByRole('region', { name: chainRow.panel, exact: true }).getByRole('switch', { name: 'Reject requests' })
      await reject.check()
      try {
        await refused(row, visitor, ctx, method, row.refused)
      } finally {
        await reject.uncheck()
      }
    }
    await approved(row, visitor, ctx, method)
    if (connector.switchTo) {
      // The visitor moves to another network of the namespace in the modal: the same signer signs there.
      await chooseNetwork(visitor.page, connector.switchTo.network, visitor.describe)
      await approved(row, visitor, { ...ctx, ...connector.switchTo }, method)
    }
  }
  return shown
}

/** The test's name for one connector's run. */
function connectorTitle(row: SignerRow, connector: Exclude<SignerConnector, { kind: 'walletconnect' }>): string {
  const name = { extension: `${row.chain.wallet} (the ${row.chain.name} dev wallet, an extension in the page)`, ledger: 'the emulated Ledger', embedded: "the embedded wallet (approved on its frame's own screen)" }[connector.kind]
  const refuses = connector.kind === 'extension' && connector.refuses !== false
  const switches = connector.kind === 'extension' && connector.switchTo ? `; on ${connector.switchTo.network} after the visitor switches` : ''
  return `over ${name}: ${refuses ? 'a refusal shows on the page and moves nothing; ' : ''}approved, ${row.verifier} reads it back from the chain${switches}`
}

/**
 * Every row's dev wallet, then Ledger, then embedded wallet, on one visitor page, one after the
 * other: each test moves the page to its row's network, where nothing is connected (the example
 * absent), connects, has the wallet refuse once where it does ("Reject requests" on the dev wallet's
 * panel) and then approve (on the device or the embedded wallet's screen where the visitor does),
 * each read back from the chain; the page's CSP / page-error / loopback check; then Disconnect in
 * the modal, so the next starts with nothing connected (these wallets work on several namespaces:
 * still connected, a switch would offer to connect them there too).
 *
 * @example
 * signersOnOnePage(Object.values(signerRows))
 */
export function signersOnOnePage(rows: SignerRow[]): void {
  const opened = openRows(rows)
  let page: Visitor | undefined
  /** The page ended its last test disconnected; after a failure the next test starts on a new page. */
  let clean = true
  afterAll(() => page?.close())
  const kinds = ['extension', 'ledger', 'embedded'] as const
  describe("the site's own transaction over each namespace's dev wallet, Ledger and embedded wallet, one after the other on one page (the signer kit)", () => {
    for (const kind of kinds) {
      for (const row of rows) {
        for (const connector of row.connectors) {
          if (connector.kind !== kind) continue
          it(`${row.chain.name}, ${row.example}: ${connectorTitle(row, connector)}`, async () => {
            const sandbox = opened.get(row)!
            if (!clean) await page?.close()
            if (!clean || !page) page = await openVisitor(sandbox.sandbox.url)
            clean = false
            const { page: tab } = page
            // The dev wallet's log on the page (the Ledger's and the embedded wallet's are checked their own way).
            const log = connector.kind === 'extension' ? () => tab.evaluate((global) => (window as unknown as Record<string, { activity(): Activity[] }>)[global]!.activity(), row.chain.activityGlobal) : undefined
            const visitor = { page: tab, describe: () => describePage(tab, sandbox.sandbox.url, log), log }
            const shown = await overConnector(row, sandbox, visitor, connector)
            await page.check()
            const header = tab.getByRole('navigation', { name: 'Wallet' })
            await header.getByRole('button', { name: new RegExp(escape(shown)) }).click()
            await tab.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
            await explainFailure(expect.poll(() => header.getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1), visitor.describe)
            if ((await tab.getByRole('dialog').count()) > 0) await tab.keyboard.press('Escape')
            await explainFailure(expect.poll(() => tab.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), visitor.describe)
            clean = true
          }, 240_000)
        }
      }
    }
  })
}

/**
 * The site's own transaction of every row over WalletConnect, on one demo page paired once with the
 * sandbox's /wallet page: the plugin proposes one session for every namespace and the page approves
 * them all, so each row's test moves the demo to its network (the session's account there shows in
 * the header) and runs the example: the request on /wallet shows what the transaction does while the
 * example says "Waiting for the wallet…" and nothing is on the chain; a Reject there where the row
 * says; then Approve, read back from the chain.
 *
 * @example
 * signersOverWalletConnect(Object.values(signerRows))
 */
export function signersOverWalletConnect(rows: SignerRow[]): void {
  const runs = rows.flatMap((row) => row.connectors.flatMap((connector) => (connector.kind === 'walletconnect' ? [{ row, connector }] : [])))
  const opened = openRows(runs.map((run) => run.row))
  let pair: WalletPagePair | undefined
  let visitor: ExampleVisitor
  afterAll(() => pair?.context.close())

  describe("the site's own transaction over one WalletConnect session with the sandbox's /wallet page, each namespace's network in turn (the signer kit)", () => {
    // The pairing is the first test (its helper's waits are `expect.poll`, which runs only in a test); the rows' tests need it.
    it(`one pairing on ${runs[0]!.connector.network ?? runs[0]!.row.chain.network}: the /wallet page's session holds the chain of each of the ${runs.length} namespaces`, async () => {
      const first = runs[0]!
      const { sandbox, browser, chain } = opened.get(first.row)!
      pair = await pairWithWalletPage({ browser, url: sandbox.url, network: first.connector.network ?? first.row.chain.network, chain: first.connector.caipNetworkId ?? chain.caipNetworkId, method: first.connector.method })
      const paired = pair
      visitor = { page: paired.demo, describe: async () => `${await describePage(paired.demo, sandbox.url)}\n${await paired.describe()}` }
      const session = pair!.walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await explainFailure(session.waitFor(), visitor.describe)
      const shown = (await session.textContent()) ?? ''
      for (const { row, connector } of runs) expect(shown, row.chain.namespace).toContain(connector.caipNetworkId ?? opened.get(row)!.chain.caipNetworkId)
    }, 120_000)

    for (const { row, connector } of runs) {
      const network = connector.network ?? row.chain.network
      it(`${row.chain.name} on ${network}, ${row.example} (${connector.method}): ${connector.refusal ? 'a Reject on /wallet shows on the page and moves nothing; ' : ''}approved there, ${row.verifier} reads it back from the chain`, async () => {
        const base = opened.get(row)!
        if (!pair) throw new Error('No WalletConnect session: the pairing (the first test) failed')
        const { demo, walletPage } = pair
        const ctx: SignerContext = { ...base, network, caipNetworkId: connector.caipNetworkId ?? base.chain.caipNetworkId, from: base.truth.devAddress, label: connector.kind }
        await chooseNetwork(visitor.page, network, visitor.describe)
        // The session's account on this namespace: the dev key's, as the /wallet page approved it.
        await explainFailure(expect.poll(() => demo.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 30_000 }).toContain(row.chain.shortAddress(base.truth.devAddress)), visitor.describe)
        await explainFailure(expect.poll(() => demo.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0), visitor.describe)
        const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: `${connector.method} from Portico demo dApp` })
        const walletStatus = walletPage.getByRole('status').first()
        /** The request on /wallet while the demo waits for it: what it shows, nothing on the chain yet, then the visitor's `choice`. */
        const answer = (choice: 'Approve' | 'Reject') => async (order: Awaited<ReturnType<SignerRow['order']>>) => {
          await explainFailure(request.waitFor({ timeout: 30_000 }), visitor.describe)
          const shown = (await request.textContent()) ?? ''
          for (const text of order.shows) expect(shown, `the /wallet page's ${connector.method}`).toContain(text)
          expect(await siteTransaction(demo).getByRole('status').textContent()).toBe('Waiting for the wallet…')
          await order.unmoved()
          await request.getByRole('button', { name: choice }).click()
        }
        if (connector.refusal) {
          await refused(row, visitor, ctx, connector.method, connector.refusal, answer('Reject'))
          await explainFailure(expect.poll(() => request.count(), { timeout: 20_000 }).toBe(0), visitor.describe)
          expect(await walletStatus.textContent()).toBe(`Rejected ${connector.method}.`)
        }
        await approved(row, visitor, ctx, connector.method, answer('Approve'))
        await explainFailure(expect.poll(() => walletStatus.textContent()).toBe(`Approved ${connector.method}.`), visitor.describe)
        expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
        expect(pair!.errors).toEqual([])
        expect(pair!.blocked).toEqual([])
      }, 120_000)
    }
  })
}
