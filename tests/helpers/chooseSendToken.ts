import type { Locator } from 'playwright-core'
import { escapeRegExp } from './escapeRegExp.js'

/**
 * Chooses a token in the send form's token choice (the UI kit's TokenSelect): opens the combobox
 * (named "Token" and the chosen token; `names.token` in another locale) and clicks the option whose
 * name starts with the symbol, once the balances loaded.
 *
 * @example
 * await chooseSendToken(page.getByRole('dialog'), 'pUSD')
 */
export async function chooseSendToken(dialog: Locator, symbol: string, names: { token: string } = { token: 'Token' }): Promise<void> {
  const label = escapeRegExp(names.token)
  const combobox = dialog.getByRole('combobox', { name: new RegExp(`^${label}(\\s|$)`) })
  if ((await combobox.getAttribute('aria-expanded', { timeout: 20_000 })) !== 'true') await combobox.click({ timeout: 20_000 })
  const escaped = escapeRegExp(symbol)
  const option = dialog.getByRole('listbox', { name: names.token, exact: true }).getByRole('option', { name: new RegExp(`^${escaped}(\\s|$)`) })
  await option.waitFor({ timeout: 20_000 })
  await option.click()
}
