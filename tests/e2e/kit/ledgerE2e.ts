// The chain e2e kit's Ledger flow (issues 25 and 53, on the kit by issue 49): a visitor of the demo
// site from `npm start` in real Chromium with the sandbox's emulated Ledger behind navigator.hid
// (sandbox/ledgerDevice, answered by the real @ledgerhq / @zondax / @mysten libraries the plugin
// loads on demand). `ledgerE2e(row)` registers, on one page: the row's network made active, "Ledger"
// → the view asks for the chain's app → the accounts with their balances → the second one
// (tests/helpers/chooseLedgerAccount.ts); a message signed on the device, verified with the
// ecosystem's library for that account only; a send through the modal's Send view, signed on the
// device and read back from the chain (the chain kit's `sendCompletes`); a Reject on the device, for
// a message and for a send; then the chain's own tests (`specific`) and the page's CSP / page-error /
// loopback check. Rows: tests/e2e/kit/ledgerRows.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseNetwork } from '../../helpers/chooseNetwork.js'
import { chooseLedgerAccount } from '../../helpers/chooseLedgerAccount.js'
import { describeSend } from '../../helpers/describeSend.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox } from '../../helpers/startSandbox.js'
import { fillSendForm, message, sendCompletes } from './chainE2e.js'
import type { DeviceActivity, LedgerKit, LedgerRow } from './ledgerRows.js'

/**
 * Registers the Ledger flows of `row`'s chain, then `specific(kit)`, then the page's check, in one `describe`.
 *
 * @example
 * ledgerE2e(ledgerRows.sui)
 */
export function ledgerE2e(row: LedgerRow, specific?: (kit: LedgerKit) => void): void {
  const chainRow = row.chain
  const kit = { row } as LedgerKit
  let visitor: SandboxPage
  const page = () => kit.page
  const dialog = () => page().getByRole('dialog')
  const header = () => page().getByRole('navigation', { name: 'Wallet' })

  Object.assign(kit, {
    dialog,
    header,
    device: () => page().evaluate(() => (window as unknown as { __porticoLedger: { activity(): DeviceActivity[] } }).__porticoLedger.activity()),
    ledger: (call: string) => page().evaluate(`window.__porticoLedger.${call}`),
    step: <T>(wait: Promise<T>) => explainFailure(wait, async () => `${await describeSend(page(), kit.device)}\nsandbox: ${kit.sandbox.url}`),
    async openAccount() {
      if ((await dialog().count()) === 0) await header().getByRole('button', { name: new RegExp(chainRow.shortAddress(kit.second)) }).click()
      await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('Account'))
    },
    async fillSend(symbol: string, amount: string, receiver: string) {
      await fillSendForm({ dialog, openAccount: () => kit.openAccount(), step: (wait) => kit.step(wait) }, symbol, amount, receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('WalletSendPreview'))
    },
    async signMessage() {
      await page().getByRole('button', { name: `Sign "${message}"` }).click()
      const status = page().getByRole('status').filter({ hasText: /^(Signature|Not signed): / })
      await kit.step(status.waitFor())
      return ((await status.textContent()) ?? '').trim()
    },
    async closeDialog() {
      if ((await dialog().count()) === 0) return
      await page().keyboard.press('Escape')
      await kit.step(expect.poll(() => dialog().count()).toBe(0))
    },
  } satisfies Partial<LedgerKit>)

  /** The device refuses what it is asked during `body`, and approves again after. */
  async function refusing(body: () => Promise<void>) {
    await kit.ledger("setMode('reject')")
    try {
      await body()
    } finally {
      await kit.ledger("setMode('approve')")
    }
  }

  beforeAll(async () => {
    kit.sandbox = await startSandbox({ reuseFromEnv: true })
    await chainRow.prepare?.(kit.sandbox)
    kit.info = (await (await fetch(`${kit.sandbox.url}/sandbox.json`)).json()) as LedgerKit['info']
    const chain = kit.info.chains.find((c) => c.caipNetworkId.startsWith(chainRow.caip2))
    if (!chain) throw new Error(`The sandbox has no ${chainRow.caip2} chain`)
    kit.chain = chain
    kit.truth = await chainRow.open(chain, kit.sandbox)
    kit.accounts = row.accounts(kit.info)
    kit.second = kit.accounts[1]!
    await row.prepare?.(kit)
    // No test here checks motion: the modal's transitions are skipped (it honours prefers-reduced-motion).
    visitor = await openSandboxPage({ contextOptions: { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' } })
    kit.page = visitor.page
    kit.page.setDefaultTimeout(20_000)
  }, 240_000)

  afterAll(async () => {
    await kit.truth?.close?.()
    await visitor?.close()
    await kit.sandbox?.stop()
  })

  describe(`Ledger on ${chainRow.name}, end to end (the chain kit)`, () => {
    it(`${row.app ? `asks for the ${row.app} app, ` : ''}lists five accounts with their ${chainRow.symbol} and connects the second (${row.path})`, async () => {
      expect(kit.accounts).toHaveLength(5)
      await page().goto(kit.sandbox.url)
      if (chainRow.network !== 'Portico Devnet A') await chooseNetwork(page(), chainRow.network, () => describeSend(page(), kit.device))
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
      await kit.step(expect.poll(() => dialog().getAttribute('data-view')).toBe('ConnectingLedger'))
      await kit.step(expect.poll(() => dialog().innerText()).toContain('Plug in your Ledger and unlock it'))
      await kit.step(chooseLedgerAccount(page(), { app: row.app, address: kit.second, path: row.path, symbol: chainRow.symbol, inPicker: row.inPicker && (() => row.inPicker!(kit)) }))
      await kit.step(expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(chainRow.shortAddress(kit.second)))
    }, 120_000)

    it(`signs a message on the device; ${row.verifier} verifies it for the second account only, and not an altered message`, async () => {
      const asked = (await kit.device()).length
      const shown = await kit.signMessage()
      expect(shown).toMatch(/^Signature: /)
      const signature = shown.replace('Signature: ', '')
      if (row.signatureFormat) expect(signature).toMatch(row.signatureFormat)
      expect(await row.verify(message, signature, kit.second)).toBe(true)
      expect(await row.verify(message, signature, kit.accounts[row.otherAccount ?? 0]!)).toBe(false)
      expect(await row.verify(`${message}!`, signature, kit.second)).toBe(false)
      // The device was asked once, in the chain's app, and the visitor approved it there.
      const asks = (await kit.device()).slice(asked)
      expect(asks.map(({ app, action, outcome }) => ({ app, action, outcome }))).toEqual([{ app: row.deviceApp, action: row.messageAction, outcome: 'approved' }])
      if (row.messageScreen) expect(asks[0]!.screen).toBe(row.messageScreen(kit.second))
    }, 60_000)

    const send = row.send
    if (send) {
      it(`sends ${send.amount} ${send.symbol} through the Send view, signed on the device; the chain has it`, async () => {
        const receiver = kit.truth.fresh()
        const before = await kit.truth.balance(kit.second, send.symbol)
        const asked = (await kit.device()).length
        await kit.fillSend(send.symbol, send.amount, receiver)
        await dialog().getByRole('button', { name: 'Send', exact: true }).click()
        await kit.step(expect.poll(() => kit.truth.balance(receiver, send.symbol), { timeout: 30_000 }).toBe(send.units))
        expect(await kit.truth.balance(kit.second, send.symbol)).toBeLessThan(before - send.units + 1n)
        const asks = (await kit.device()).slice(asked)
        expect(asks.map(({ app, action, outcome }) => ({ app, action, outcome }))).toEqual([{ app: row.deviceApp, action: send.action ?? 'signTransaction', outcome: 'approved' }])
        if (send.screen) expect(asks[0]!.screen).toMatch(send.screen(receiver))
        await sendCompletes({ page: page(), dialog, step: kit.step, row: chainRow, sandbox: kit.sandbox })
        await kit.closeDialog()
      }, 90_000)
    }

    it(`a Reject on the device shows the refusal for a message${send ? ' and in the modal for a send; nothing moves' : ''}`, async () => {
      await refusing(async () => {
        expect(await kit.signMessage()).toBe('Not signed: The request was rejected on your Ledger')
        if (!send) return
        const receiver = kit.truth.fresh()
        await kit.fillSend(send.symbol, send.amount, receiver)
        await dialog().getByRole('button', { name: 'Send', exact: true }).click()
        // The Send view words every wallet's refusal (4001) alike.
        await kit.step(expect.poll(() => dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toContain('The request was rejected in the wallet'))
        expect((await kit.device()).at(-1)).toMatchObject({ app: row.deviceApp, action: send.action ?? 'signTransaction', outcome: 'rejected' })
        expect(await kit.truth.balance(receiver, send.symbol)).toBe(0n)
        await kit.closeDialog()
      })
    }, 90_000)

    specific?.(kit)

    it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
      expect(await visitor.cspViolations()).toEqual([])
      expect(visitor.pageErrors).toEqual([])
      expect(visitor.blocked).toEqual([])
    })
  })
}
