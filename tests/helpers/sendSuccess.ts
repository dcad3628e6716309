import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

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

/**
 * Waits until the send's success screen says "Sent" (its heading), then presses Done, which leads
 * back to the Account view. Where a test read the chain first, this is the visitor's way on.
 *
 * @example
 * await expect.poll(() => balanceOf(receiver), { timeout: 30_000 }).toBe(amount)
 * await pressSendDone(page)
 * await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
 */
export async function pressSendDone(root: { locator(selector: string): Locator }): Promise<void> {
  const screen = sendSuccess(root)
  await expect.poll(() => screen.getByRole('heading', { level: 3 }).textContent(), { timeout: 30_000 }).toBe('Sent')
  await screen.getByRole('button', { name: 'Done' }).click()
}
