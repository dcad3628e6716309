import type { Locator } from 'playwright-core'

/**
 * Chooses a token in the send form's token picker: opens it (its button is named "Token" and the
 * chosen token; `names` in another locale) and clicks the row whose name starts with the symbol, once the balances loaded.
 *
 * @example
 * await chooseSendToken(page.getByRole('dialog'), 'pUSD')
 */
export async function chooseSendToken(dialog: Locator, symbol: string, names: { token: string; list: string } = { token: 'Token', list: 'Your tokens' }): Promise<void> {
  const toggle = dialog.getByRole('button', { name: new RegExp(`^${names.token}(\\s|$)`) })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const escaped = symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const option = dialog.getByRole('list', { name: names.list }).getByRole('button', { name: new RegExp(`^${escaped} `) })
  await option.waitFor({ timeout: 20_000 })
  await option.click()
}
