import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'

import { copyWalletConnectLink } from './copyWalletConnectLink.js'
import { newLoopbackContext } from './newLoopbackContext.js'
import { recordCspViolations } from './openSandboxPage.js'

export type WalletPagePair = {
  /** The demo's browser context; closing it closes the wallet page's too. */
  context: BrowserContext
  /** The demo site (after `pairWithWalletPage`: connected over WalletConnect on `network`). */
  demo: Page
  /** The sandbox's `/wallet` page (after `pairWithWalletPage`: holding the approved session). */
  walletPage: Page
  /** Page errors of either page. */
  errors: string[]
  /** Requests that tried to leave 127.0.0.1, from either page. */
  blocked: string[]
  /**
   * What both pages show now: the demo's open dialog (its view and text), the wallet page's
   * status, requests and sessions, and either page's console errors and warnings. For a failure's
   * message (`explainFailure` in tests/helpers/explainFailure.ts).
   */
  describe: () => Promise<string>
}

/**
 * Opens the demo and, beside it, the sandbox's `/wallet` page in a browser context of its own, as
 * on the visitor's phone (a second tab of one context is a background tab, where every Playwright
 * click on the other waits 2–4 s). Both record CSP violations and page errors; nothing leaves
 * 127.0.0.1 unrecorded; both have reduced motion. Nothing is loaded yet. Close `context` when done (the wallet page's
 * context closes with it).
 *
 * @example
 * const { demo, walletPage } = await openDemoBesideWalletPage({ browser, url: sandbox.url })
 */
export async function openDemoBesideWalletPage({ browser, url }: { browser: Browser; url: string }): Promise<WalletPagePair> {
  // Neither page's motion is under test here: reduced motion, so no step waits for a transition.
  const { context, blocked } = await newLoopbackContext(browser, { reducedMotion: 'reduce' })
  const wallet = await newLoopbackContext(browser, { reducedMotion: 'reduce' }, blocked)
  context.once('close', () => void wallet.context.close().catch(() => undefined))
  const errors: string[] = []
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url })
  for (const each of [context, wallet.context]) {
    await each.addInitScript({ content: recordCspViolations })
    each.setDefaultTimeout(20_000)
  }
  const demo = await context.newPage()
  const walletPage = await wallet.context.newPage()
  demo.on('pageerror', (error) => errors.push(`demo: ${error.message}`))
  walletPage.on('pageerror', (error) => errors.push(`wallet: ${error.message}`))
  const consoleLines: string[] = []
  for (const [name, page] of [['demo', demo], ['wallet', walletPage]] as const) {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') consoleLines.push(`${name} ${message.type()}: ${message.text().slice(0, 500)}`)
    })
  }
  const text = async (page: Page, selector: string) => {
    const found = page.locator(selector)
    return (await found.count()) ? (await found.first().innerText({ timeout: 2_000 })).trim().split(/\s*\n\s*/).join(' · ') || '(empty)' : 'none'
  }
  const describe = async () => {
    const view = (await demo.locator('[role="dialog"]').count()) ? await demo.locator('[role="dialog"]').first().getAttribute('data-view', { timeout: 2_000 }) : undefined
    return [
      `The demo's dialog${view ? ` (${view})` : ''}: ${await text(demo, '[role="dialog"]')}`,
      `The wallet page: ${await text(walletPage, '#wallet-relay')}; status ${await text(walletPage, '[role="status"]')}; requests ${await text(walletPage, '#requests')}; sessions ${await text(walletPage, '#sessions')}`,
      `Console: ${consoleLines.length ? consoleLines.join(' | ') : 'nothing'}`,
      `Page errors: ${errors.length ? errors.join(' | ') : 'none'}`,
    ].join('\n')
  }
  return { context, demo, walletPage, errors, blocked, describe }
}

/**
 * As a visitor with the sandbox's `/wallet` page open beside the demo ({@link openDemoBesideWalletPage}):
 * makes `network` active on the demo, connects with WalletConnect (Copy link, paste on `/wallet`),
 * checks the proposal names `chain` and `method`, and approves it. Close `pair.context` when done.
 *
 * @example
 * const pair = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Sui Localnet', chain: 'sui:localnet', method: 'sui_signPersonalMessage' })
 */
export async function pairWithWalletPage({ browser, url, network, chain, method }: { browser: Browser; url: string; network: string; chain: string; method: string }): Promise<WalletPagePair> {
  const pair = await openDemoBesideWalletPage({ browser, url })
  const { demo, walletPage } = pair
  await walletPage.goto(`${url}/wallet`)
  await expect.poll(() => walletPage.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Ready/)

  await demo.goto(url)
  const dialog = demo.getByRole('dialog')
  await demo.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: /Portico Devnet A/ }).click()
  await dialog.getByRole('button', { name: network }).click()
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0)
  const uri = await copyWalletConnectLink(demo)
  await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
  await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
  const proposal = walletPage.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: 'Portico demo dApp wants to connect' })
  await proposal.waitFor({ timeout: 20_000 })
  expect(await proposal.textContent()).toContain(chain)
  expect(await proposal.textContent()).toContain(method)
  await proposal.getByRole('button', { name: 'Approve' }).click()
  return pair
}
