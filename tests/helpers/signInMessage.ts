import type { Locator } from 'playwright-core'

/**
 * The sign-in view's message, as a visitor reaches it: the view shows a card and keeps the exact
 * text behind its "Show message" disclosure (issue 52). Waits for the disclosure, opens it when it
 * is closed, and returns the "Message to sign" region once it shows.
 *
 * @param signView - the dialog holding the sign-in view
 * @example
 * const message = await signInMessage(signView)
 * expect(await message.textContent()).toContain(address)
 */
export async function signInMessage(signView: Locator, { timeout = 20_000 }: { timeout?: number } = {}): Promise<Locator> {
  const region = signView.getByRole('region', { name: 'Message to sign' })
  const toggle = signView.locator('summary', { hasText: 'Show message' })
  await toggle.waitFor({ timeout })
  if (!(await region.isVisible())) await toggle.click()
  await region.waitFor({ timeout })
  return region
}
