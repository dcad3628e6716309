import type { Page } from 'playwright-core'
import { explainFailure } from './explainFailure.js'

/** Reads a text without waiting long for it: a failure's description must not time out in turn. */
const quick = { timeout: 1_000 }

/**
 * What a send through the modal shows at this moment, for the message of a wait that failed: the
 * modal's view and text, the Send button's state (disabled, busy), the toasts, the header, and the
 * wallet's activity as its persona or dev wallet logged it (the last ten entries). Never waits more
 * than a second for any of them.
 *
 * @param page - the visitor's page
 * @param activity - the wallet's log, when the test can read it
 * @returns one line per part
 * @example
 * await explainFailure(expect.poll(() => toasts.textContent(), { timeout: 30_000 }).toContain('Transaction confirmed'), () => describeSend(page, () => activity(id)))
 */
export async function describeSend(page: Page, activity?: () => Promise<unknown>): Promise<string> {
  const dialog = page.getByRole('dialog')
  const text = async (locator: ReturnType<Page['getByRole']>) =>
    (await locator.count()) > 0 ? ((await locator.first().innerText(quick).catch(() => '(unreadable)')) ?? '').replace(/\s+/g, ' ').slice(0, 500) : '(none)'
  const send = dialog.getByRole('button', { name: 'Send', exact: true })
  const button =
    (await send.count()) > 0
      ? `disabled=${await send.first().isDisabled(quick).catch(() => '?')} aria-busy=${await send.first().getAttribute('aria-busy', quick).catch(() => '?')}`
      : '(no Send button)'
  const log = activity ? await activity().then((entries) => (Array.isArray(entries) ? entries.slice(-10) : entries)).catch((error: unknown) => `(unreadable: ${String(error)})`) : '(not read)'
  return [
    `view: ${(await dialog.count()) > 0 ? await dialog.first().getAttribute('data-view', quick).catch(() => '?') : '(no dialog)'}`,
    `dialog: ${await text(dialog)}`,
    `Send button: ${button}`,
    `toasts: ${await text(page.getByRole('status', { name: 'Notifications' }))}`,
    `header: ${await text(page.getByRole('navigation', { name: 'Wallet' }))}`,
    `wallet activity: ${JSON.stringify(log)}`,
  ].join('\n')
}

/**
 * Awaits a wait of a send (its toast, the receiver's balance, the rejection's alert); when it fails,
 * its error says what {@link describeSend} reads at that moment.
 *
 * @example
 * await sendSettles(page, expect.poll(() => balanceOf(receiver), { timeout: 30_000 }).toBe(25n), () => wallet.activity())
 */
export function sendSettles<T>(page: Page, wait: Promise<T>, activity?: () => Promise<unknown>): Promise<T> {
  return explainFailure(wait, () => describeSend(page, activity))
}
