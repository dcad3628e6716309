import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Waits until the page has finished moving: no finite animation or CSS transition still running
 * (a spinner's endless one does not count), then two painted frames, so the last layout is on screen.
 * What a test waits for before it measures or photographs the page, instead of a fixed time.
 *
 * @param page the page
 * @example
 * await pageSettled(page)
 * const box = await button.boundingBox()
 */
export async function pageSettled(page: Page): Promise<void> {
  const running = () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).map((a) => (a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName ?? a.id))
  await expect.poll(running, { message: 'animations still running on the page' }).toEqual([])
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}
