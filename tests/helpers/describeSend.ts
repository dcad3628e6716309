import type { Locator, Page } from 'playwright-core'
import { explainFailure } from './explainFailure.js'
import { dialog as dialogOf, header } from './pageRegions.js'

/**
 * An init script (`openSandboxPage({ initScripts: [recordSendTrace] })`) that keeps, in
 * `window.__porticoSendTrace` (the last 300 entries, with `performance.now()` times), what decides
 * whether a click on the review's Send reached it: each pointer and mouse event on a button (its
 * text, `disabled`, whether it was still in the page, where it was), each scroll inside the dialog, each change of a Send
 * button's `disabled` / `aria-busy` and of the dialog's `data-view`, each view mounted or removed,
 * and each text the review's details or alerts changed to. {@link describeSend} adds the last
 * entries to its description, so a send that never reached the wallet says whether the click
 * landed, on what, and what the review did around it.
 */
export const recordSendTrace = `(() => {
  const trace = (window.__porticoSendTrace = []);
  const log = (entry) => { trace.push(Math.round(performance.now()) + ' ' + entry); if (trace.length > 300) trace.shift(); };
  const label = (node) => ((node && node.textContent) || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
  const place = (node) => { const r = node.getBoundingClientRect(); return Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); };
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    window.addEventListener(type, (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button) return log(type + ' at ' + Math.round(event.clientX) + ',' + Math.round(event.clientY) + ' on ' + (event.target && event.target.nodeName) + ' "' + label(event.target) + '" (no button)');
      const body = button.closest('.portico-modal__body');
      log(type + ' at ' + Math.round(event.clientX) + ',' + Math.round(event.clientY) + ' on button "' + label(button) + '" disabled=' + button.disabled + ' attached=' + button.isConnected + ' box=' + place(button) + (body ? ' (modal body ' + body.clientHeight + ' of ' + body.scrollHeight + ' px shown, scrolled ' + Math.round(body.scrollTop) + ')' : ''));
    }, true);
  }
  // A scroll of the modal's body moves everything in it under a pointer that is already down.
  window.addEventListener('scroll', (event) => {
    const target = event.target;
    if (target instanceof Element && target.closest('[role="dialog"]')) log('scroll ' + target.className + ' to ' + Math.round(target.scrollTop) + ' of ' + Math.round(target.scrollHeight - target.clientHeight));
  }, true);
  const isSend = (node) => node instanceof HTMLButtonElement && label(node) === 'Send';
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target;
      if (record.type === 'attributes') {
        if (record.attributeName === 'data-view') log('view ' + target.getAttribute('data-view'));
        else if (isSend(target)) log('Send ' + record.attributeName + '=' + target.getAttribute(record.attributeName) + ' box=' + place(target));
        continue;
      }
      const element = target instanceof Element ? target : target.parentElement;
      if (!element || !element.closest('[role="dialog"]')) continue;
      if (record.type === 'childList') {
        for (const node of record.addedNodes) if (node instanceof Element && node.classList.contains('portico-view')) log('mounted view "' + label(node) + '"');
        for (const node of record.removedNodes) if (node instanceof Element && node.classList.contains('portico-view')) log('removed view "' + label(node) + '"');
      }
      const changed = element.closest('dl, [role="alert"], .portico-send-preview__waiting');
      if (changed) log('text ' + changed.nodeName + ': "' + label(changed).slice(0, 120) + '"');
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['disabled', 'aria-busy', 'data-view'] });
})()`

/** Reads a text without waiting long for it: a failure's description must not time out in turn. */
const quick = { timeout: 1_000 }

/**
 * The text `locator` (its first match) shows, on one line and at most 500 characters, for a
 * failure's message: "(none)" when nothing matches, "(unreadable)" when it cannot be read within a second.
 */
export async function shownText(locator: Locator): Promise<string> {
  return (await locator.count()) > 0 ? ((await locator.first().innerText(quick).catch(() => '(unreadable)')) ?? '').replace(/\s+/g, ' ').slice(0, 500) : '(none)'
}

/**
 * What a send through the modal shows at this moment, for the message of a wait that failed: the
 * modal's view and text, the Send button's state (disabled, busy), the toasts, the header, and the
 * wallet's activity as its persona or dev wallet logged it (the last ten entries), and, on a page
 * that runs {@link recordSendTrace}, the last 40 entries of its trace. Never waits more than a
 * second for any of them.
 *
 * @param page - the visitor's page
 * @param activity - the wallet's log, when the test can read it
 * @returns one line per part
 * @example
 * await explainFailure(expect.poll(() => sendSuccess(page).textContent(), { timeout: 30_000 }).toContain('Sent'), () => describeSend(page, () => activity(id)))
 */
export async function describeSend(page: Page, activity?: () => Promise<unknown>): Promise<string> {
  const dialog = dialogOf(page)
  const send = dialog.getByRole('button', { name: 'Send', exact: true })
  const button =
    (await send.count()) > 0
      ? `disabled=${await send.first().isDisabled(quick).catch(() => '?')} aria-busy=${await send.first().getAttribute('aria-busy', quick).catch(() => '?')}`
      : '(no Send button)'
  const trace = await page.evaluate(() => (window as { __porticoSendTrace?: string[] }).__porticoSendTrace?.slice(-40)).catch(() => undefined)
  const log = activity ? await activity().then((entries) => (Array.isArray(entries) ? entries.slice(-10) : entries)).catch((error: unknown) => `(unreadable: ${String(error)})`) : '(not read)'
  return [
    `view: ${(await dialog.count()) > 0 ? await dialog.first().getAttribute('data-view', quick).catch(() => '?') : '(no dialog)'}`,
    `dialog: ${await shownText(dialog)}`,
    `Send button: ${button}`,
    `toasts: ${await shownText(page.getByRole('status', { name: 'Notifications' }))}`,
    `header: ${await shownText(header(page))}`,
    `wallet activity: ${JSON.stringify(log)}`,
    ...(trace ? [`the page's trace (recordSendTrace), last ${trace.length}:`, ...trace.map((entry) => `  ${entry}`)] : []),
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
