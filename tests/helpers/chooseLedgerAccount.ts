import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { escapeRegExp as escape } from './escapeRegExp.js'

export type ChooseLedgerAccountParameters = {
  /** The device app the namespace needs, as the view names it and the emulator opens it (`Sui`, `Stacks`, `Bitcoin Test`); none when the device already shows it (Ethereum, the emulator's first app). */
  app?: string
  /** The second account's address and path, and the balance's symbol, as its row reads. */
  address: string
  path: string
  symbol: string
  /** What the visitor does in the listed picker before choosing (a screenshot, another path). */
  inPicker?: () => Promise<void>
}

/**
 * The ConnectingLedger view from its Connect button to a chosen account, as a visitor goes through
 * it with the sandbox's emulated Ledger (which starts on the Ethereum app): the view asks for the
 * namespace's app, follows it once opened, lists five accounts with their balances, and the second
 * one is chosen; the modal closes and the demo shows the account.
 *
 * @example
 * await chooseLedgerAccount(page, { app: 'Sui', address, path: "m/44'/784'/1'/0'/0'", symbol: 'SUI' })
 */
export async function chooseLedgerAccount(page: Page, { app, address, path, symbol, inPicker }: ChooseLedgerAccountParameters): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
  if (app) {
    await expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain(`Open the ${app} app on your Ledger`)
    await page.evaluate(`window.__porticoLedger.openApp(${JSON.stringify(app)})`)
  }
  const rows = dialog.getByRole('list', { name: 'Accounts on your Ledger' }).getByRole('button')
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(5)
  const row = new RegExp(`^Account 2 ${escape(address)} ${escape(path)} balance \\d+(\\.\\d+)? ${escape(symbol)}$`)
  await expect.poll(() => dialog.getByRole('button', { name: row }).count(), { timeout: 30_000 }).toBe(1)
  if (inPicker) {
    await inPicker()
    await expect.poll(() => dialog.getByRole('button', { name: row }).count(), { timeout: 30_000 }).toBe(1)
  }
  await dialog.getByRole('button', { name: row }).click()
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
  await expect.poll(() => page.locator('main').innerText()).toContain(address)
}
