// The wallet personas on the chain e2e kit (issue 49). A persona is a sandbox wallet that speaks a
// real wallet's documented dialect (`?personas=<namespace>/<wallet>`, docs/wallets/<wallet>.md).
// `personaE2e(chain, personas)` runs one flow for every persona row of a namespace on one visitor
// page of the demo site (real Chromium, the sandbox's ledger, the Portico server), with the chain's
// truth from its kit row (chainRows.ts: the node's balance, a fresh receiver, the ecosystem
// library's signature check) and the persona's from its own row: its name in Connect Wallet, its
// documentation, and its quirks (the method names its log shows, what a reload asks it, its
// account change, its wallet-side disconnect, its refusal text). What only one persona does stays
// a short test beside it (`PersonaRow.own`), or the namespace's (`specific`).
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { chooseNetwork } from '../../helpers/chooseNetwork.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { describeSend, recordSendTrace } from '../../helpers/describeSend.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { amountOf, feeShown, fillSendForm, sendCompletes, truncated, unitsOf, type ChainPage } from './chainE2e.js'
import type { Activity, ChainRow, ChainTruth, SandboxChain } from './chainRows.js'
import type { TestSandbox } from '../../helpers/startSandbox.js'
import { personaConnector, siteTransaction, siteTransactionOverPersona } from './signerE2e.js'
import type { SignerRow, SignerSandbox } from './signerRows.js'
import { startSandbox } from '../../helpers/startSandbox.js'

/** A persona: who it is, where its dialect is written, and what the kit sees it do differently. */
export type PersonaRow = {
  /** `<namespace>/<wallet>`, as `listPersonas()` names it. */
  id: string
  /** Its name in Connect Wallet (exact). */
  wallet: string
  /** The page citing the wallet's public documentation it follows (`listPersonas()` must agree). */
  docs: string
  /** Names the same wallet must not also be listed under in Connect Wallet (an EIP-6963 wallet's `window.ethereum` twin). */
  notListedAs?: string[]
  /** The wallet's own names of a connect, a send and a sign-in signature, as its log shows them. */
  connectMethod: string
  sendMethod: string
  signInMethod: string
  /** The request a refused connect ends on, when not the connect method (Keplr's dialect: the chain suggested first). */
  refusedConnect?: string
  /** The demo's "Sign a message" when it is not the sign-in's method. */
  signMethod?: string
  /** What the persona's log holds after a reload restored the connection (it starts empty on each load). */
  restored(log: Activity[]): void
  /**
   * 'one click': a reload does not restore the connection by itself (Backpack's Wallet Standard
   * wrapper answers a silent connect with no account after a load); Connect Wallet and the wallet
   * connect again without a prompt, and `restored` reads the log after that click.
   */
  reload?: 'restores' | 'one click'
  /** The wallet's account change, as the visitor makes it in the wallet: the page follows to `to`, then back. */
  accountChange?: { to: string; there(page: Page): Promise<unknown>; back(page: Page): Promise<unknown> }
  /**
   * Its panel has "Disconnect site" and the wallet tells the page (checked after the modal's
   * Disconnect). 'while refusing': the wallet tells the page only that its keys changed (Keplr's
   * `keplr_keystorechange`), and the page's asking again is what the wallet then refuses.
   */
  disconnectsSite?: boolean | 'while refusing'
  /** The refused demo signature's text beyond "Not signed: " (the wallet's own words). */
  refusal?: RegExp
  /** The refused send's alert (default: the modal's own "The request was rejected in the wallet"). */
  rejectedSend?: RegExp
  /** More checks once the first connect is through (its injection, what it logged besides, what the plugin kept). */
  connected?(kit: PersonaKit): Promise<void>
  /** More checks on the send's review, before Send (its fee speeds). */
  reviewed?(kit: PersonaKit): Promise<void>
  /** More checks on the sign-in's session (SIWE's fields). */
  session?(session: Session, kit: PersonaKit): Promise<void> | void
  /** This persona's own short tests, after the shared flow, on the page it left. */
  own?(kit: PersonaKit): void
}

export type Session = { data: { chainId: string; accountAddress: string }; message: string; signature: string }

export type PersonaKit = ChainPage & {
  chainRow: ChainRow
  persona: PersonaRow
  /** The sends the shared flow made, every persona's, in order. */
  sent: { persona: string; receiver: string; amount: string; symbol: string }[]
  /** The persona's panel on the demo page. */
  panel(): Locator
  /** The persona's log on this page. */
  activity(): Promise<Activity[]>
  setMode(mode: 'approve' | 'reject'): Promise<void>
  step<T>(wait: Promise<T>): Promise<T>
  closeDialog(): Promise<void>
  openAccount(address?: string): Promise<void>
  /** A first-time visitor (nothing stored, no cookie, no session) opens the demo with this persona, on the chain's network. */
  visit(query?: string): Promise<void>
  /** Connect Wallet → the persona (listed once). */
  openConnect(): Promise<void>
  /** Account → Send → token, amount, receiver → Preview Send; the review's text once its fee shows. */
  review(symbol: string, amount: string, receiver: string, from?: string): Promise<string>
}

/** The persona's last request that needed the visitor (not one it answers by itself). */
const lastAsked = (log: Activity[]) => log.filter((a) => a.outcome !== 'answered').at(-1)

/** Each text the header shows, in order (a text once, until it changes): a reload must never show "Connect Wallet". */
const recordHeaderTexts = `window.__headerTexts = [];
new MutationObserver(() => {
  const text = document.querySelector('nav[aria-label="Wallet"]')?.textContent;
  if (text && text !== window.__headerTexts.at(-1)) window.__headerTexts.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });`

/**
 * Registers, for each persona of `chainRow`'s namespace, the shared persona flow (below), its own
 * tests, then `specific(kit)` (the namespace's), then the page's CSP / page-error / loopback check.
 * Every persona the sandbox has in that namespace needs a row (a new one fails the first test).
 *
 * @example
 * personaE2e(rows.sui, [{ id: 'sui/suiet', wallet: 'Suiet', docs: 'docs/wallets/suiet.md', ... }])
 */
export function personaE2e(chainRow: ChainRow, personas: PersonaRow[], specific?: (kit: PersonaKit) => void, options: { initScripts?: string[]; signer?: SignerRow } = {}): void {
  const shared = { sent: [] } as unknown as { sandbox: TestSandbox; visitor: SandboxPage; truth: ChainTruth; chain: SandboxChain; info: SignerSandbox['info']; sent: PersonaKit['sent'] }

  beforeAll(async () => {
    shared.sandbox = await startSandbox({ reuseFromEnv: true })
    await chainRow.prepare?.(shared.sandbox)
    const info = (shared.info = (await (await fetch(`${shared.sandbox.url}/sandbox.json`)).json()) as SignerSandbox['info'])
    const chain = info.chains.find((c) => c.caipNetworkId.startsWith(chainRow.caip2))
    if (!chain) throw new Error(`The sandbox has no ${chainRow.caip2} chain`)
    shared.chain = chain
    shared.truth = await chainRow.open(chain, shared.sandbox)
    // Reduced motion: no test here checks an animation, and the modal's transitions and spinners cost both waits and CPU.
    shared.visitor = await openSandboxPage({ initScripts: [recordSendTrace, recordHeaderTexts, ...(options.initScripts ?? [])], contextOptions: { reducedMotion: 'reduce' } })
    shared.visitor.page.setDefaultTimeout(20_000)
  })

  afterAll(async () => {
    await options.signer?.close?.()
    await shared.truth?.close?.()
    await shared.visitor?.close()
    await shared.sandbox?.stop()
  })

  it(`every ${chainRow.namespace} persona of the sandbox has a row, with its docs page`, () => {
    const listed = listPersonas().filter((p) => p.namespace === chainRow.namespace)
    expect(personas.map((p) => `${p.id} ${p.docs}`).sort()).toEqual(listed.map((p) => `${p.id} ${p.docs}`).sort())
  })

  for (const persona of personas) {
    const kit = { chainRow, persona } as PersonaKit
    const page = () => kit.page
    const activity = () => page().evaluate((id) => window.__porticoPersonas?.[id]?.activity() ?? [], persona.id)
    const describePage = async () => `${await describeSend(page(), activity)}\n${persona.id}'s panel: ${((await kit.panel().textContent({ timeout: 1_000 }).catch(() => '(unreadable)')) ?? '').slice(0, 300)}`
    Object.assign(kit, {
      header: () => page().getByRole('navigation', { name: 'Wallet' }),
      dialog: () => page().getByRole('dialog'),
      // One persona at a time on the page: its panel is the one "(persona, <namespace>)".
      panel: () => page().getByRole('region', { name: new RegExp(`\\(persona, ${chainRow.namespace}\\)$`) }),
      activity,
      setMode: (mode: 'approve' | 'reject') => page().evaluate(([id, m]) => window.__porticoPersonas![id!]!.setMode(m as 'approve' | 'reject'), [persona.id, mode]),
      step: <T>(wait: Promise<T>) => explainFailure(wait, describePage),
      async closeDialog() {
        if ((await kit.dialog().count()) === 0) return
        await page().keyboard.press('Escape')
        await kit.step(expect.poll(() => kit.dialog().count()).toBe(0))
      },
      async openAccount(address = kit.truth.devAddress) {
        if ((await kit.dialog().count()) > 0 && (await kit.dialog().getAttribute('data-view')) !== 'Account') await kit.closeDialog()
        if ((await kit.dialog().count()) === 0) await kit.header().getByRole('button', { name: new RegExp(chainRow.shortAddress(address)) }).click()
        await kit.step(expect.poll(() => kit.dialog().getAttribute('data-view')).toBe('Account'))
      },
      async visit(query = '') {
        await clearSiteStorage(page(), kit.sandbox.url)
        await kit.visitor.context.clearCookies()
        await page().goto(`${kit.sandbox.url}/?personas=${persona.id}${query}`)
        await kit.step(expect.poll(() => page().evaluate((id) => Boolean(window.__porticoPersonas?.[id]), persona.id), { message: `${persona.id} was not installed` }).toBe(true))
        // A fresh page is on the site's default network, Portico Devnet A.
        if (chainRow.network !== 'Portico Devnet A') await chooseNetwork(page(), chainRow.network, describePage)
        else await kit.step(expect.poll(() => kit.header().getByRole('button', { name: /Portico Devnet A/ }).count()).toBe(1))
      },
      async openConnect() {
        await kit.header().getByRole('button', { name: 'Connect Wallet' }).click()
        const list = page().getByRole('dialog', { name: 'Connect Wallet' })
        await kit.step(expect.poll(() => list.getByRole('button', { name: persona.wallet, exact: true }).count()).toBe(1))
        for (const twin of persona.notListedAs ?? []) expect(await list.getByRole('button', { name: twin, exact: true }).count(), `${persona.wallet} also listed as ${twin}`).toBe(0)
        await list.getByRole('button', { name: persona.wallet, exact: true }).click()
      },
      async review(symbol: string, amount: string, receiver: string, from?: string) {
        await fillSendForm({ ...kit, openAccount: () => kit.openAccount(from) }, symbol, amount, receiver)
        await kit.dialog().getByRole('button', { name: 'Preview Send' }).click()
        await kit.step(expect.poll(() => kit.dialog().getAttribute('data-view')).toBe('WalletSendPreview'))
        await kit.step(expect.poll(() => kit.dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`Network feeup to \\d+(\\.\\d+)? ${chainRow.symbol}`)))
        return (await kit.dialog().locator('dl').textContent()) ?? ''
      },
    })
    const header = () => kit.header()
    const dialog = () => kit.dialog()
    const sign = () => page().getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
    const signResult = () => page().getByRole('region', { name: 'Sign a message' }).getByRole('status')
    const signMethod = persona.signMethod ?? persona.signInMethod
    const refusedBy = persona.refusedConnect ?? persona.connectMethod
    const balanceShown = async () => [amountOf((await header().textContent()) ?? '', chainRow.symbol), truncated(await kit.truth.balance(kit.truth.devAddress), chainRow.decimals)]

    describe(`${persona.wallet} (${persona.id}, follows ${persona.docs})`, () => {
      beforeAll(() => {
        Object.assign(kit, shared, { page: shared.visitor.page, short: chainRow.shortAddress(shared.truth.devAddress) })
      })

      it(`a first-time visitor on ${chainRow.network} finds it listed once; a refusal shows "Connection rejected", "Try again" connects, and the header shows the ${chainRow.symbol} balance the chain holds`, async () => {
        await kit.visit()
        // The site's own transaction is there only while an account is connected on the namespace.
        if (options.signer) expect(await siteTransaction(page()).count()).toBe(0)
        await kit.setMode('reject')
        try {
          await kit.openConnect()
          await kit.step(expect.poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 }).toBeGreaterThan(0))
          expect(lastAsked(await activity())).toEqual({ method: refusedBy, outcome: 'rejected' })
        } finally {
          await kit.setMode('approve')
        }
        await dialog().getByRole('button', { name: 'Try again' }).click()
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        await kit.step(expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
        // The header's amount against the node's, read together until they agree (other files may spend from the dev account meanwhile).
        await kit.step(expect.poll(async () => { const [shown, chain] = await balanceShown(); return shown === chain }, { timeout: 20_000 }).toBe(true))
        expect((await activity()).filter((a) => a.method === persona.connectMethod).map((a) => a.outcome)).toEqual(refusedBy === persona.connectMethod ? ['rejected', 'approved'] : ['approved'])
        expect(await page().getByTestId('account-status').textContent()).toBe('connected')
        await persona.connected?.(kit)
      }, 90_000)

      it(persona.reload === 'one click' ? 'a reload does not restore the connection by itself; one click on the wallet connects again without a prompt' : 'a reload restores the connection without a prompt; the header never shows "Connect Wallet" meanwhile', async () => {
        await page().evaluate(() => ((window as unknown as { __headerTexts: string[] }).__headerTexts.length = 0))
        await page().reload()
        if (persona.reload === 'one click') {
          await kit.step(expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
          expect(await activity()).toEqual([])
          await kit.openConnect()
          await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
          persona.restored(await activity())
          return
        }
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
        const seen = await page().evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts)
        expect(seen.length).toBeGreaterThan(0)
        expect(seen.filter((text) => text.includes('Connect Wallet'))).toEqual([])
        persona.restored(await activity())
      })

      it(`the demo's message, signed through the persona, is the dev account's by ${chainRow.verifier} (an altered message is not)`, async () => {
        await kit.step(expect.poll(() => page().getByTestId('account-status').textContent(), { timeout: 20_000 }).toBe('connected'))
        await sign().click()
        await kit.step(expect.poll(() => signResult().textContent(), { timeout: 20_000 }).toMatch(/^Signature: /))
        const signature = ((await signResult().textContent()) ?? '').replace('Signature: ', '')
        expect(await kit.truth.verify('Hello from the Portico demo', signature, kit.truth.devAddress)).toBe(true)
        expect(await kit.truth.verify('Hello from the Portico demo!', signature, kit.truth.devAddress)).toBe(false)
        expect(lastAsked(await activity())).toEqual({ method: signMethod, outcome: 'approved' })
      })

      const send = chainRow.sends[0]!
      it(`sends ${send.amount} ${send.symbol} to a fresh address: the review shows it and the fee before the persona is asked; the chain holds it at the receiver`, async () => {
        const receiver = kit.truth.fresh()
        console.log(`[${persona.id}] receiver of ${send.amount} ${send.symbol}: ${receiver}`)
        const decimals = chainRow.tokens.find((t) => t.symbol === send.symbol)!.decimals
        const signed = (await activity()).filter((a) => a.method === persona.sendMethod).length
        const review = await kit.review(send.symbol, send.amount, receiver)
        expect(review).toContain(`${send.amount} ${send.symbol}`)
        expect(review).toContain(chainRow.network)
        expect(feeShown(review, chainRow.symbol, chainRow.decimals)).toBeGreaterThan(0n)
        expect((await activity()).filter((a) => a.method === persona.sendMethod).length).toBe(signed)
        await persona.reviewed?.(kit)
        await dialog().getByRole('button', { name: 'Send', exact: true }).click()
        await sendCompletes({ ...kit, row: chainRow })
        await kit.step(expect.poll(() => kit.truth.balance(receiver, send.symbol), { timeout: 20_000 }).toBe(unitsOf(send.amount, decimals)))
        expect(lastAsked(await activity())).toEqual({ method: persona.sendMethod, outcome: 'approved' })
        expect((await activity()).filter((a) => a.method === persona.sendMethod).map((a) => a.outcome)).toEqual([...Array(signed + 1).fill('approved')])
        shared.sent.push({ persona: persona.id, receiver, amount: send.amount, symbol: send.symbol })
        await kit.closeDialog()
      }, 90_000)

      // The site's own transaction (issue 47, the signer kit's row) over this persona, on its connected page.
      const overPersona = options.signer && personaConnector(options.signer, persona.id)
      if (overPersona) {
        const signer = options.signer!
        it(`the site's own transaction through useSigner('${chainRow.namespace}'), ${signer.example}: ${overPersona.refusal ? 'a refusal in the wallet shows on the page and moves nothing; ' : ''}approved, ${signer.verifier} reads it back from the chain`, async () => {
          const ctx = { sandbox: kit.sandbox, browser: kit.visitor.browser, info: shared.info, chain: kit.chain, truth: kit.truth, network: chainRow.network, caipNetworkId: kit.chain.caipNetworkId, from: kit.truth.devAddress, label: persona.wallet }
          await siteTransactionOverPersona(signer, { page: page(), describe: describePage, log: activity }, ctx, overPersona, kit.setMode)
        }, 120_000)
      }

      it(`refusing in the wallet: the send shows the rejection and nothing moves; the demo's signature says "Not signed"`, async () => {
        const receiver = kit.truth.fresh()
        await kit.setMode('reject')
        try {
          await kit.review(chainRow.symbol, send.amount, receiver)
          await dialog().getByRole('button', { name: 'Send', exact: true }).click()
          const alert = dialog().getByRole('alert')
          if (persona.rejectedSend) await kit.step(expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(persona.rejectedSend))
          else await kit.step(expect.poll(() => alert.textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'))
          expect(lastAsked(await activity())).toEqual({ method: persona.sendMethod, outcome: 'rejected' })
          expect(await kit.truth.balance(receiver)).toBe(0n)
          await kit.closeDialog()
          await sign().click()
          await kit.step(expect.poll(() => signResult().textContent(), { timeout: 20_000 }).toMatch(/^Not signed: /))
          if (persona.refusal) expect(await signResult().textContent()).toMatch(persona.refusal)
          expect(lastAsked(await activity())).toEqual({ method: signMethod, outcome: 'rejected' })
        } finally {
          await kit.setMode('approve')
        }
      }, 90_000)

      if (persona.accountChange) {
        const change = persona.accountChange
        it(`follows an account change made in the wallet (to ${chainRow.shortAddress(change.to)}), and back`, async () => {
          // The header shows the account's short address, or the name a name service gives it (the
          // sandbox names EVM dev account 1 bob.eth): then the demo's own "Address" line says which account.
          const shows = async (address: string) =>
            ((await header().textContent()) ?? '').includes(chainRow.shortAddress(address)) ||
            ((await page().getByTestId('account-status').locator('xpath=following-sibling::dd[1]').textContent({ timeout: 1_000 }).catch(() => '')) ?? '').trim().toLowerCase() === address.toLowerCase()
          await change.there(page())
          await kit.step(expect.poll(() => shows(change.to), { timeout: 20_000 }).toBe(true))
          await change.back(page())
          await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        })
      }

      it(`Disconnect in the modal ends the connection${persona.disconnectsSite ? '; connected again, the site disconnected in the wallet ends it too (the page follows the wallet)' : ''}`, async () => {
        await kit.openAccount()
        await dialog().getByRole('button', { name: 'Disconnect' }).click()
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).not.toContain(kit.short))
        await kit.closeDialog()
        expect(await page().getByTestId('account-status').textContent()).toBe('disconnected')
        if (!persona.disconnectsSite) return
        await kit.openConnect()
        await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        await kit.closeDialog()
        if (persona.disconnectsSite === 'while refusing') await kit.setMode('reject')
        try {
          await kit.panel().getByRole('button', { name: 'Disconnect site' }).click()
          await kit.step(expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
          expect(await page().getByTestId('account-status').textContent()).toBe('disconnected')
        } finally {
          await kit.setMode('approve')
        }
      })

      it(`signs in (?siwx=required) as a first-time visitor: the server holds the session for the account, and ${chainRow.verifier} verifies it`, async () => {
        await kit.visit('&siwx=required')
        await kit.openConnect()
        const signView = dialog().filter({ has: page().getByRole('heading', { name: 'Sign in with your wallet' }) })
        const shown = (await kit.step(signInMessage(signView)).then((region) => region.textContent())) ?? ''
        expect(shown).toContain(`wants you to sign in with your ${chainRow.signInWord} account`)
        expect(shown).toContain(kit.truth.devAddress)
        await signView.getByRole('button', { name: 'Sign', exact: true }).click()
        await kit.step(expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
        const body = (await (await kit.visitor.context.request.get(`${kit.sandbox.url}/siwx/sessions`)).json()) as { signedIn: boolean; sessions: Session[] }
        expect(body.signedIn).toBe(true)
        const session = body.sessions.find((s) => s.data.chainId === kit.chain.caipNetworkId)
        expect(session?.data.accountAddress).toBe(kit.truth.devAddress)
        expect(await kit.truth.verify(session!.message, session!.signature, kit.truth.devAddress)).toBe(true)
        expect(await kit.truth.verify(`${session!.message} `, session!.signature, kit.truth.devAddress)).toBe(false)
        await persona.session?.(session!, kit)
        expect(lastAsked(await activity())).toEqual({ method: persona.signInMethod, outcome: 'approved' })
        await header().getByRole('button', { name: new RegExp(kit.short) }).click()
        await kit.step(expect.poll(() => dialog().textContent()).toContain('Signed in'))
        await kit.closeDialog()
      }, 90_000)

      persona.own?.(kit)
    })
  }

  if (specific) {
    describe(`the ${chainRow.namespace} personas: the namespace's own tests`, () => {
      const kit = { chainRow } as PersonaKit
      beforeAll(() => {
        Object.assign(kit, shared, { page: shared.visitor.page, short: chainRow.shortAddress(shared.truth.devAddress) })
      })
      specific(kit)
    })
  }

  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(await shared.visitor.cspViolations()).toEqual([])
    expect(shared.visitor.pageErrors).toEqual([])
    expect(shared.visitor.blocked).toEqual([])
  })
}
