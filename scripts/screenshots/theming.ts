/**
 * The screenshots of docs/guides/theming.md: the open modal (Connect view) in light, dark,
 * 'system' on a dark OS, and with a custom accent, radius and font, each cropped to the modal
 * with a margin of backdrop, the first wallet focused from the keyboard (its ring is the accent). Runs the UI harness (strict CSP, real Portico server for the
 * directory) in Debian's Chromium; nothing leaves 127.0.0.1.
 *
 * Before saving, it checks that 'system' follows prefers-color-scheme live (no reload): the modal's
 * background must turn dark when the OS setting does.
 *
 * Run: `npx tsx scripts/screenshots/theming.ts`
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import type { PorticoThemeVariables } from '../../kernel/kernel.js'
import { launchChromium } from '../../tests/helpers/chromium.js'
import { openHarnessPage } from '../../tests/e2e/ui/helpers/openHarnessPage.js'
import { startHarness } from '../../tests/e2e/ui/helpers/startHarness.js'

const out = fileURLToPath(new URL('../../docs/guides/images/', import.meta.url))

/** The custom theme shown in the guide. */
export const customTheme: PorticoThemeVariables = {
  accent: '#0f9d76',
  'accent-strong': '#0b7a5c',
  'accent-stronger': '#08634a',
  link: '#0b7a5c',
  radius: 6,
  'radius-small': 4,
  'radius-icon': 6,
  'radius-modal': 10,
  'font-family': 'Georgia, "DejaVu Serif", serif',
}

type Shot = { file: string; theme: 'light' | 'dark' | 'system'; colorScheme: 'light' | 'dark'; themeVariables?: PorticoThemeVariables }

const shots: Shot[] = [
  { file: 'theme-light.png', theme: 'light', colorScheme: 'light' },
  { file: 'theme-dark.png', theme: 'dark', colorScheme: 'light' },
  { file: 'theme-system-dark.png', theme: 'system', colorScheme: 'dark' },
  { file: 'theme-custom.png', theme: 'light', colorScheme: 'light', themeVariables: customTheme },
]

async function openModal(browser: Browser, url: string, colorScheme: 'light' | 'dark'): Promise<{ page: Page; close(): Promise<void>; errors(): Promise<string[]> }> {
  const h = await openHarnessPage(browser, url, { reducedMotion: 'reduce' })
  await h.page.emulateMedia({ colorScheme })
  await h.page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = h.page.getByRole('dialog')
  await dialog.waitFor()
  // The directory's wallets and their icons, then fonts: the modal as a visitor sees it settled.
  await dialog.getByRole('button', { name: /Portico Dev Wallet/ }).first().waitFor()
  await h.page.waitForFunction(() => [...document.images].every((img) => img.complete))
  await h.page.evaluate(() => document.fonts.ready)
  await h.page.waitForTimeout(400)
  return h
}

/**
 * Readies a shot: the page behind the backdrop hidden (through the CSSOM, which the CSP allows),
 * and the first wallet focused from the keyboard, so the accent shows as its focus ring.
 */
async function stage(page: Page): Promise<void> {
  await page.locator('main').evaluate((el) => void ((el as HTMLElement).style.visibility = 'hidden'))
  const wallet = page.getByRole('dialog').getByRole('button', { name: /Portico Dev Wallet/ }).first()
  for (let i = 0; i < 6 && !(await wallet.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  if (!(await wallet.evaluate((el) => el.matches(':focus-visible')))) throw new Error('the first wallet did not take keyboard focus')
  await page.waitForTimeout(200)
}

const background = (page: Page) => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).getPropertyValue('--portico-background').trim())

/**
 * Writes the guide's screenshots.
 *
 * @example
 * await screenshotTheming()
 */
export async function screenshotTheming(): Promise<string[]> {
  mkdirSync(out, { recursive: true })
  const [browser, harness] = await Promise.all([launchChromium(), startHarness()])
  const written: string[] = []
  try {
    // 'system' follows the OS setting live.
    const live = await openModal(browser, `${harness.url}&theme=system`, 'light')
    const before = await background(live.page)
    await live.page.emulateMedia({ colorScheme: 'dark' })
    const after = await background(live.page)
    if (before !== '#ffffff' || after !== '#121313') throw new Error(`themeMode 'system' did not follow prefers-color-scheme live: ${before} → ${after}`)
    await live.close()

    for (const shot of shots) {
      const query = `&theme=${shot.theme}${shot.themeVariables ? `&themeVariables=${encodeURIComponent(JSON.stringify(shot.themeVariables))}` : ''}`
      const h = await openModal(browser, `${harness.url}${query}`, shot.colorScheme)
      const errors = await h.errors()
      if (errors.length) throw new Error(`${shot.file}: the page reported ${errors.join('; ')}`)
      await stage(h.page)
      const box = await h.page.getByRole('dialog').boundingBox()
      if (!box) throw new Error(`${shot.file}: no dialog on screen`)
      const margin = 16
      const file = join(out, shot.file)
      await h.page.screenshot({ path: file, clip: { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin } })
      written.push(file)
      await h.close()
    }
  } finally {
    await browser.close()
    await harness.close()
  }
  return written
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  screenshotTheming().then(
    (files) => console.log(files.join('\n')),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
