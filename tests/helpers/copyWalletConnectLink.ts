import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * As a visitor on the demo page: Connect Wallet → WalletConnect → Copy link. Checks the copied link
 * against the QR figure and that it names only the relay protocol and a key; the QR code carries
 * WalletConnect's logo and showing it does not make the header say "Connecting…".
 *
 * @param p the demo page (its context may read the clipboard)
 * @returns the copied `wc:` link
 * @example
 * const uri = await copyWalletConnectLink(demo)
 */
export async function copyWalletConnectLink(p: Page): Promise<string> {
  await p.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).click()
  await p.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const dialog = p.getByRole('dialog', { name: 'WalletConnect' })
  const copy = dialog.getByRole('button', { name: 'Copy link' })
  await expect.poll(() => copy.isEnabled(), { timeout: 20_000 }).toBe(true)
  const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' })
  // On a phone the code is folded under "Scan from another device" (the view leads with "Open a wallet app").
  const fold = dialog.getByText('Scan from another device')
  if ((await fold.count()) > 0) await fold.click()
  await qr.waitFor()
  // WalletConnect's logo in the code's centre; a QR code on screen is not "Connecting…" (issue 14).
  expect(await qr.locator('image.portico-qr__logo').getAttribute('href')).toMatch(/^data:image\/svg\+xml,%3Csvg/)
  expect(await p.getByRole('navigation', { name: 'Wallet' }).textContent()).not.toContain('Connecting')
  await copy.click()
  await p.getByRole('status', { name: 'Notifications' }).filter({ hasText: 'Link copied' }).waitFor()
  const copied = await p.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(await dialog.locator('figure[data-wc-uri]').getAttribute('data-wc-uri')).toBe(copied)
  // On a phone, "Open a wallet app" is that same link.
  if ((await fold.count()) > 0) expect(await dialog.getByRole('link', { name: 'Open a wallet app' }).getAttribute('href')).toBe(copied)
  // The link names the sandbox's relay protocol and a symmetric key, nothing else to reach.
  expect(new URLSearchParams(copied.split('?')[1]).get('relay-protocol')).toBe('irn')
  return copied
}
