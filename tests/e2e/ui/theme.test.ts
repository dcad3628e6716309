import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, useHarness } from './helpers/useHarness.js'

// The theme contract in a real browser, under the harness's strict CSP: the three modes, and a
// site's themeVariables (good ones applied, hostile ones ignored).
const t = useHarness()

/** The dialog's computed value of each variable, and its painted background colour. */
const themeOf = (page: Page, names: string[]) =>
  page.getByRole('dialog').evaluate((el, list) => {
    const style = getComputedStyle(el)
    return { ...Object.fromEntries(list.map((name) => [name, style.getPropertyValue(name).trim()])), painted: style.backgroundColor } as Record<string, string>
  }, names)

async function openModal(query: string, colorScheme: 'light' | 'dark') {
  const h = await t.open(query)
  await h.page.emulateMedia({ colorScheme })
  await h.page.getByRole('button', { name: 'Connect Wallet' }).click()
  await h.page.getByRole('dialog').waitFor()
  return h
}

describe('theme modes and variables in Chromium', () => {
  it('light and dark paint their values whatever the OS says; system follows prefers-color-scheme live', async () => {
    const light = await openModal('theme=light', 'dark')
    expect(await themeOf(light.page, ['--portico-background'])).toEqual({ '--portico-background': '#ffffff', painted: 'rgb(255, 255, 255)' })
    const dark = await openModal('theme=dark', 'light')
    expect(await themeOf(dark.page, ['--portico-background'])).toEqual({ '--portico-background': '#121313', painted: 'rgb(18, 19, 19)' })
    const system = await openModal('theme=system', 'light')
    const button = system.page.getByRole('button', { name: 'Portico Devnet A' })
    expect(await themeOf(system.page, ['--portico-background'])).toEqual({ '--portico-background': '#ffffff', painted: 'rgb(255, 255, 255)' })
    // The visitor switches their OS to dark with the modal open: no reload, the modal follows.
    await system.page.emulateMedia({ colorScheme: 'dark' })
    expect(await themeOf(system.page, ['--portico-background'])).toEqual({ '--portico-background': '#121313', painted: 'rgb(18, 19, 19)' })
    expect(await button.evaluate((el) => getComputedStyle(el).getPropertyValue('--portico-foreground').trim())).toBe('#e4e7e7')
    await system.page.emulateMedia({ colorScheme: 'light' })
    expect((await themeOf(system.page, ['--portico-background']))['--portico-background']).toBe('#ffffff')
    await expectClean(system)
  })

  it('applies a site\'s theme variables under the strict CSP and ignores hostile ones, keeping the rest', async () => {
    const themeVariables = { accent: '#0f9d76', '--portico-radius-modal': 10, 'font-family': 'Georgia, serif', 'z-index': 2000, background: 'url(http://127.0.0.1:9/track.png)', foreground: 'red;}body{display:none', colour: 'blue' }
    const h = await openModal(`themeVariables=${encodeURIComponent(JSON.stringify(themeVariables))}`, 'light')
    const theme = await themeOf(h.page, ['--portico-accent', '--portico-radius-modal', '--portico-font-family', '--portico-z-index', '--portico-background', '--portico-foreground'])
    expect(theme).toEqual({
      '--portico-accent': '#0f9d76',
      '--portico-radius-modal': '10px',
      '--portico-font-family': 'Georgia, serif',
      '--portico-z-index': '2000',
      '--portico-background': '#ffffff',
      '--portico-foreground': '#141414',
      painted: 'rgb(255, 255, 255)',
    })
    // Applied through the CSSOM on the page buttons too, with no style attribute in the markup.
    const connect = h.page.getByRole('button', { name: 'Portico Devnet A' })
    expect(await connect.evaluate((el) => getComputedStyle(el).getPropertyValue('--portico-accent').trim())).toBe('#0f9d76')
    expect(await h.page.evaluate(() => document.body.style.display)).toBe('')
    await expectClean(h)
  })
})
