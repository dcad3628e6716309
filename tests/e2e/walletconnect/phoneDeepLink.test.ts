// Issue 14, acceptance 2 (the phone half), as a visitor on a phone: the demo site from `npm start`
// in real Chromium with a phone viewport and user agent, the sandbox's own WalletConnect relay.
// Tapping a directory wallet opens its universal link carrying the pairing URI instead of a QR
// code; the navigation is answered here by page.route, so nothing leaves 127.0.0.1. On a desktop the
// same wallet shows its QR code under "Scan with <wallet>" with the wallet's own icon (issue 14, point 7).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { iPhone } from './wcE2e.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page
/** The deep links the page navigated to (answered locally). */
const opened: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  visitor = await openSandboxPage({ contextOptions: { ...iPhone, reducedMotion: 'reduce' } })
  page = visitor.page
  page.setDefaultTimeout(20_000)
  // Bramble Safe's universal link (server/directory/wallets.json `link_mode`): answered here.
  await page.route('https://bramblesafe.example.com/**', async (route) => {
    opened.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Bramble Safe</title>' })
  })
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('a directory wallet on a phone', () => {
  it('keeps the WalletConnect row and opens the wallet’s universal link with the wc: URI', async () => {
    await page.goto(sandbox.url)
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => connect.getByRole('button', { name: 'WalletConnect', exact: true }).count()).toBe(1)
    // The demo's four installed dev wallets fill the list (no Recommended group then): the visitor
    // finds the wallet under All Wallets.
    await connect.getByRole('button', { name: 'All Wallets' }).tap()
    await page.getByRole('dialog').getByRole('searchbox', { name: 'Search wallet' }).fill('Bramble')
    const wallet = page.getByRole('dialog').getByRole('button', { name: 'Bramble Safe', exact: true })
    await expect.poll(() => wallet.count(), { timeout: 20_000 }).toBe(1)
    await wallet.tap()

    await expect.poll(() => opened.length, { timeout: 20_000 }).toBeGreaterThan(0)
    const link = new URL(opened[0] as string)
    expect(`${link.origin}${link.pathname}`).toBe('https://bramblesafe.example.com/wc/link/wc')
    const uri = link.searchParams.get('uri') ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(uri).toContain('relay-protocol=irn')
    // Encoded once, per the deep-link convention: the raw query carries `wc%3A…`.
    expect(link.search.startsWith('?uri=wc%3A')).toBe(true)
    await expect.poll(() => page.url()).toContain('https://bramblesafe.example.com/wc/link/wc?uri=wc%3A')
    expect(visitor.blocked).toEqual([])
  })
})

describe('the same directory wallet on a desktop', () => {
  let desktop: SandboxPage
  afterAll(async () => {
    await desktop?.close()
  })

  it('shows "Scan with Bramble Safe", titled "Bramble Safe", with the wallet’s own icon beside the heading and in the QR code', async () => {
    desktop = await openSandboxPage({ contextOptions: { reducedMotion: 'reduce' } })
    const page = desktop.page
    page.setDefaultTimeout(20_000)
    await page.goto(sandbox.url)
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'All Wallets' }).click()
    await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('Bramble')
    await dialog.getByRole('button', { name: 'Bramble Safe', exact: true }).click()
    const heading = dialog.getByRole('heading', { name: 'Scan with Bramble Safe' })
    await heading.waitFor()
    // The dialog is titled by the wallet chosen, not "WalletConnect" (its own button keeps that title).
    expect(await page.getByRole('dialog', { name: 'Bramble Safe', exact: true }).count()).toBe(1)
    // The directory's image for that wallet, served by the server, loaded (not the letter fallback).
    const icon = heading.locator('img')
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const src = new URL(await icon.evaluate((img: HTMLImageElement) => img.src))
    expect(src.origin).toBe(sandbox.url)
    expect(src.pathname).toMatch(/^\/getWalletImage\/[-\w.]+$/)
    // The QR code carries the same picture in its centre.
    await dialog.locator('figure[data-wc-uri^="wc:"]').waitFor()
    const qrImages = await dialog.locator('figure').evaluate((figure) => [...figure.querySelectorAll('image, img')].map((el) => el.getAttribute('href') ?? el.getAttribute('src')))
    expect(qrImages).toContain(src.href)
    expect(desktop.blocked).toEqual([])
  })
})
