// Issue 52's one-line rules, measured in Chromium on a phone (390×844) and at the narrowest width
// Portico supports (360 px), in every locale the project ships, on one page: the demo's language
// picker switches the open modal in place, and the page is resized between the widths (the modal's
// layout is CSS alone), so each view is reached once. Each of Swap's quote rows keeps one line (its label may give way with an ellipsis, the amount is never cut); Send's
// review keeps its fee label and the fee ("up to 0.000021 ETH") on one line, side by side (its USD
// value is the fee's second line by design); and a Buy quote's fees line keeps one line (its total
// whole; the breakdown after it may give way, the whole line in its title; its name for a screen
// reader in the locale). A text
// "keeps one line" when the boxes of its text span at most 1.5 line-heights; nothing may leave the
// modal. Until now only the baselines (English) held these rules.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locales as onrampLocales } from '../../../plugins/onramp/locales/index.js'
import { messages as onrampMessages } from '../../../plugins/onramp/messages.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { supportedLocales } from '../../../ui/locales/supported.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { iPhone } from '../../helpers/phones.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { openVisitor } from '../kit/authE2e.js'

/** A dev account of its own (funded by anvil), so a shared sandbox's other visitors never meet it. */
const devAccount = 8
const address = devAddresses[devAccount]!
const short = new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`)

let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
}, 240_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** What a measured text shows: its text, how many lines its text takes, whether it is cut, whether it leaves the modal. */
type Measured = { text: string; lines: number; cut: boolean; outside: boolean; top: number; title: string | null }

/** Measures every element matching `selector` inside the dialog. */
function measure(page: Page, selector: string): Promise<Measured[]> {
  return page.evaluate((selector) => {
    const dialog = document.querySelector('[role="dialog"]')!.getBoundingClientRect()
    return [...document.querySelectorAll(`[role="dialog"] ${selector}`)].map((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0)
      const style = getComputedStyle(element)
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2
      const top = Math.min(...rects.map((rect) => rect.top))
      const height = Math.max(...rects.map((rect) => rect.bottom)) - top
      const box = element.getBoundingClientRect()
      return {
        text: (element.textContent ?? '').trim(),
        lines: rects.length === 0 ? 0 : height <= 1.5 * lineHeight ? 1 : Math.round(height / lineHeight),
        cut: element.scrollWidth > element.clientWidth + 1,
        outside: box.left < dialog.left - 0.5 || box.right > dialog.right + 0.5,
        top,
        title: element.getAttribute('title'),
      }
    })
  }, selector)
}

/** A phone and the narrowest width Portico supports, on one page resized in place. */
const widths = [
  { width: 390, height: 844 },
  { width: 360, height: 760 },
]

describe('one line each on a phone (390 px) and at the narrowest supported width (360 px), in every locale', () => {
  let visitor: SandboxPage
  let page: Page
  const header = () => page.getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page.getByRole('dialog')
  const waitForView = (view: string) => page.locator(`[role="dialog"][data-view="${view}"]`).waitFor()
  /** Switches the page (and the open modal) to a locale. */
  async function switchTo(locale: string) {
    await page.getByRole('combobox', { name: 'Language' }).selectOption(locale)
    await expect.poll(() => page.locator('.portico-root').getAttribute('lang')).toBe(locale)
  }
  /** Resizes the page; what is measured next is laid out at that width (a box read lays the page out). */
  async function resizeTo(viewport: (typeof widths)[number]) {
    await page.setViewportSize(viewport)
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(viewport.width)
  }
  /** In every locale, at both widths, `wrongOf` finds nothing breaking a rule (a failure names each `<locale> at <width> px`). */
  async function inEveryLocaleAndWidth(wrongOf: (locale: string) => Promise<unknown[]>): Promise<void> {
    const seen: Record<string, unknown> = {}
    for (const viewport of widths) {
      await resizeTo(viewport)
      for (const locale of supportedLocales) {
        await switchTo(locale)
        const wrong = await wrongOf(locale)
        if (wrong.length) seen[`${locale} at ${viewport.width} px`] = wrong
      }
    }
    expect(seen).toEqual({})
  }
  /** Back to English and the Account view. */
  async function backToAccount() {
    await switchTo('en')
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')
  }

  beforeAll(async () => {
    visitor = await openVisitor({ ...iPhone, viewport: widths[0] })
    page = visitor.page
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  it('connects the EVM dev wallet and opens the Account view, as wide as the screen at most', async () => {
    await page.goto(`${sandbox.url}/?locale=en&devAccount=${devAccount}`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(short)
    await header().getByRole('button', { name: short }).click()
    await waitForView('Account')
    for (const viewport of widths) {
      await resizeTo(viewport)
      expect((await dialog().boundingBox())?.width, `at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width)
    }
  })

  it("Swap's four quote rows: each one line, its amount whole, inside the modal", async () => {
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog().getByLabel('You pay').fill('0.1')
    await dialog().locator('dl[aria-label="Quote"]').getByText('Minimum received').waitFor()
    await inEveryLocaleAndWidth(async (locale) => {
      const rows = await measure(page, '.portico-swap__details > div')
      const amounts = await measure(page, '.portico-swap__details dd')
      // The quote's four rows, each with its amount (no dash: the quote is there).
      expect(rows, locale).toHaveLength(4)
      expect(amounts.map((amount) => amount.text).filter((text) => text === '—'), locale).toEqual([])
      return [...rows.filter((row) => row.lines !== 1 || row.outside), ...amounts.filter((amount) => amount.lines !== 1 || amount.cut || amount.outside)]
    })
    await backToAccount()
  }, 120_000)

  it("Send's review: the fee's label and the fee keep one line, side by side, inside the modal", async () => {
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'ETH')
    await dialog().getByLabel('Amount').fill('0.001')
    await dialog().getByLabel('Receiver address').fill(devAddresses[1]!)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    const fee = dialog().locator('.portico-send-preview__row--fee dd > span').first()
    await expect.poll(() => fee.textContent(), { timeout: 20_000 }).toMatch(/ETH$/)
    await inEveryLocaleAndWidth(async (locale) => {
      await expect.poll(() => fee.textContent(), { message: locale }).toMatch(/ETH$/)
      const [label] = await measure(page, '.portico-send-preview__row--fee dt')
      const [value] = await measure(page, '.portico-send-preview__row--fee dd > span:first-child')
      expect(label?.text, locale).toBeTruthy()
      // The fee is never cut; its label may give way (an end ellipsis) when it keeps the whole label in its title.
      const wrong: Measured[] = [label!, value!].filter((text) => text.lines !== 1 || text.outside || (text.cut && (text !== label || text.title !== text.text)))
      // Side by side: the label and the fee start on one line.
      if (Math.abs(label!.top - value!.top) > 4) wrong.push({ ...label!, text: `${label!.text} | ${value!.text}: not side by side` })
      return wrong
    })
    await switchTo('en')
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await waitForView('WalletSend')
    await backToAccount()
  }, 120_000)

  it("Buy's quote: the fees line keeps one line, its total whole, inside the modal", async () => {
    await dialog().getByRole('button', { name: 'Buy', exact: true }).click()
    await dialog().getByLabel('You pay (USD)').fill('50')
    await dialog().locator('dl[aria-label="Portico Sandbox Pay quote"]').waitFor()
    // The fees line: the second row of the quote (You receive, Fees, Total, the payment methods).
    const fees = 'fieldset .portico-onramp__quote-details > div:nth-child(2)'
    await inEveryLocaleAndWidth(async (locale) => {
      const [row] = await measure(page, fees)
      const [amount] = await measure(page, `${fees} dd`)
      expect(amount?.text, locale).toMatch(/\p{Nd}/u)
      // Where the breakdown gives way (an end ellipsis), the line keeps its whole text in its title
      // and the total that leads it ("1.25 USD") stays whole in sight.
      const totalShown = await page.evaluate((fees) => {
        const dd = document.querySelector(`[role="dialog"] ${fees} dd`)!
        const text = dd.firstChild as Text
        const range = document.createRange()
        range.setStart(text, 0)
        range.setEnd(text, text.data.search(/\s*[(（]/))
        return range.getBoundingClientRect().right <= dd.getBoundingClientRect().right + 0.5
      }, fees)
      // Its name for a screen reader is in the locale too: "Portico Sandbox Pay quote" was English in every language.
      const named = (locale === 'en' ? onrampMessages : await onrampLocales[locale]!())['onramp.quoteOf']!.replace('{provider}', 'Portico Sandbox Pay')
      const label = await page.locator('fieldset .portico-onramp__quote-details').getAttribute('aria-label')
      return [...[row!, amount!].filter((text) => text.lines !== 1 || text.outside || (text.cut && (text !== amount || text.title !== text.text || !totalShown))), ...(label === named ? [] : [`aria-label "${label}", not "${named}"`])]
    })
    await backToAccount()
    expect(visitor.pageErrors).toEqual([])
  }, 120_000)
})
