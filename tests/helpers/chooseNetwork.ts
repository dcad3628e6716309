import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { describeSend } from './describeSend.js'
import { explainFailure } from './explainFailure.js'
import { escapeRegExp } from './escapeRegExp.js'
import { dialog, header } from './pageRegions.js'

/** The header's network button (`NetworkButton`), found by its class: on a phone its label is hidden. */
export const networkButton = (page: Page): Locator => header(page).locator('.portico-page-button--network')

/**
 * Picks `network` from the header's network button: the button, then the network in the modal's
 * list. What follows is the caller's to wait for: the modal closes (a network the wallet switches
 * to, or no wallet connected), asks to switch namespace (`SwitchActiveChain`), or shows the
 * wallet's refusal. A click that fails says what `describe` reads ({@link describeSend} by default).
 *
 * @example
 * await pickNetwork(page, 'Portico Solana Localnet')
 * await page.getByRole('dialog').getByRole('button', { name: 'Switch Network' }).click()
 */
export async function pickNetwork(page: Page, network: string, describe: () => Promise<string> = () => describeSend(page)): Promise<void> {
  await explainFailure(networkButton(page).click(), describe)
  await explainFailure(dialog(page).getByRole('button', { name: network }).click(), describe)
}

/**
 * Makes `network` active where the switch needs no confirmation: the network button, then
 * `network` in the modal's list (Escape when the list marks it current: choosing it again does
 * nothing), then waits until the modal closed and the header names `network`. The list, not the
 * header, says which is current: the header names the site's default network until the page has
 * read the one the visitor chose last. A wait that fails says what `describe` reads.
 *
 * @example
 * await chooseNetwork(page, 'Portico Devnet B', () => describeSend(page, wallet.activity))
 */
export async function chooseNetwork(page: Page, network: string, describe: () => Promise<string> = () => describeSend(page)): Promise<void> {
  await explainFailure(networkButton(page).click(), describe)
  const choice = dialog(page).getByRole('button', { name: network })
  await explainFailure(choice.waitFor(), describe)
  if ((await choice.getAttribute('aria-current')) === 'true') await page.keyboard.press('Escape')
  else await explainFailure(choice.click(), describe)
  await explainFailure(expect.poll(() => dialog(page).count(), { timeout: 20_000 }).toBe(0), describe)
  const named = header(page).getByRole('button', { name: new RegExp(escapeRegExp(network)) })
  await explainFailure(expect.poll(() => named.count(), { timeout: 20_000 }).toBe(1), describe)
}
