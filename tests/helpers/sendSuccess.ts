import type { Locator } from 'playwright-core'

/**
 * The send's success screen in the page's modal (WalletSendSuccess, docs/design.md "Success"): it
 * follows the transaction, "Transaction pending" with the explorer link, then "Sent" (or
 * "Transaction failed"), and leads on with Done. A page, a frame or a frame locator.
 *
 * @example
 * const screen = sendSuccess(page)
 * await expect.poll(() => screen.textContent(), { timeout: 30_000 }).toContain('Sent')
 * await screen.getByRole('button', { name: 'Done' }).click()
 */
export function sendSuccess(root: { locator(selector: string): Locator }): Locator {
  return root.locator('[role="dialog"][data-view="WalletSendSuccess"]')
}
