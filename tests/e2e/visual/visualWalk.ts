// The machinery the visual walks share (issue 52): the devices, axe-core over what Portico draws,
// the frame-by-frame height sampler, the watchers of console, requests and answers, one walk's
// checks (each view photographed, masked where a run differs, compared with its baseline, checked
// by axe, measured while it loads) and the page a walk drives (docs/testing.md, "The visual baseline").
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { pageSettled } from '../../helpers/pageSettled.js'
import { compareScreenshot } from './compareScreenshot.js'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
export const phoneUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

export type Device = 'desktop' | 'phone'
export type ColorScheme = 'light' | 'dark'

export const devices: Record<Device, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: phoneUserAgent },
}

/** A device's context options for a walk: reduced motion, en-US, UTC, and the first colour scheme. */
export const walkContextOptions = (device: Device, colorScheme: ColorScheme): BrowserContextOptions => ({ ...devices[device], colorScheme, reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC' })

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }

/**
 * The axe-core rules a colour scheme can change: of axe-core 4.14's rules, those that read colours
 * (its `cat.color` category) and run by default, `color-contrast` (WCAG 1.4.3) and
 * `link-in-text-block` (1.4.1: a link told from its text by colour alone); `color-contrast-enhanced`
 * (AAA) is off by default. The dark scheme is CSS custom properties of colour only
 * (ui/theme/styles.css, the wallet frame's frame.css; no script reads `prefers-color-scheme`), so
 * every other rule sees the same DOM, names, roles and layout in both schemes.
 */
export const colourRules = ['color-contrast', 'link-in-text-block'] as const

/**
 * axe-core over what Portico draws on the page (the dialog and the header's wallet buttons; not
 * the demo's own text or the dev wallets' panels, which are sandbox tools), injected through the
 * debugger so the strict CSP stays on: every violation, minor to critical, of every rule, or of
 * `rules` alone. Only violations are gathered in full (`resultTypes`: of a rule passed, incomplete or
 * inapplicable axe keeps one node, so it builds and sends back less).
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const result = await page.evaluate(
    (rules) =>
      (window as unknown as { axe: { run(context: { include: string[][] }, options: object): Promise<AxeResult> } }).axe.run(
        { include: [['[role="dialog"]'], ['nav[aria-label="Wallet"]']] },
        { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}) },
      ),
    rules,
  )
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}

/**
 * Defines `window.__porticoSampleHeights(on)`: with `true` it samples the modal's height on every
 * frame into a fresh `window.__porticoHeights` (a sample when the view or the height changed), with
 * `false` it stops and returns the samples. The height is the one the frame paints: the modal's body
 * follows its content through a ResizeObserver that runs after this requestAnimationFrame callback,
 * so the sample adds the content's height to the header's and caps it at the modal's max-height. A
 * view with tabs is named with its selected tab (`Account:NFTs`). It runs only while a load is
 * measured: a requestAnimationFrame loop makes the page draw a frame 60 times a second, about 0.09
 * CPU-s of Chromium per second with the modal open and nothing moving (0.005 without it).
 */
export const heightSampler = `window.__porticoSampleHeights = function (on) {
  const run = (window.__porticoSamplerRun = (window.__porticoSamplerRun || 0) + 1);
  if (!on) return window.__porticoHeights || [];
  window.__porticoHeights = [];
  (function sample() {
    if (window.__porticoSamplerRun !== run) return;
    const dialog = document.querySelector('[role="dialog"]');
    const body = dialog && dialog.querySelector('.portico-modal__body');
    const inner = body && body.querySelector('.portico-modal__inner');
    let height = 0;
    if (dialog && body && inner) {
      const max = parseFloat(getComputedStyle(dialog).maxHeight);
      height = Math.min(dialog.offsetHeight - body.offsetHeight + inner.offsetHeight, Number.isFinite(max) ? max : Infinity);
    }
    const tab = dialog && dialog.querySelector('[role="tab"][aria-selected="true"]');
    const view = dialog ? dialog.getAttribute('data-view') + (tab ? ':' + tab.textContent : '') : null;
    const last = window.__porticoHeights[window.__porticoHeights.length - 1];
    if (!last || last.view !== view || last.height !== height) window.__porticoHeights.push({ view, height });
    requestAnimationFrame(sample);
  })();
};`
export type HeightSample = { view: string | null; height: number }

/** Records console errors and warnings, failed requests and error answers of `page` into `noise`, in the order they came. */
export function watchNoise(page: Page, noise: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(`console ${message.type()}: ${message.text()} (${message.location().url})`)
  })
  page.on('requestfailed', (request) => {
    // An image the page dropped before it loaded (its element left the DOM as the view moved on) is
    // cancelled by the browser itself (net::ERR_ABORTED): nothing failed. Any other failure counts.
    if (request.resourceType() === 'image' && request.failure()?.errorText === 'net::ERR_ABORTED') return
    // An analytics event (`POST /e`, sent with `keepalive`) still in flight as the page navigates is
    // reported cancelled (net::ERR_ABORTED) although the browser delivers it: probed in Chromium 156, a
    // keepalive POST answered 800 ms late while the page moved on reached the server whole and was
    // answered, and Playwright still fired requestfailed. Seen in the walks under load (two test files
    // at once): the slower the answer, the likelier a step's navigation overtakes it.
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/e' && request.failure()?.errorText === 'net::ERR_ABORTED') return
    noise.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`answered ${response.status()}: ${response.request().method()} ${response.url()}`)
  })
}

export type WalkPage = {
  /** Per view and scheme (`<name> (<scheme>)`; by name alone with one scheme): the axe findings (every rule's, or the colour rules' in a view's second scheme) and the screenshot comparison ('ok' when it matched). */
  results: Record<string, { axe: string[]; screenshot: string }>
  /** Per view that loads: how far the modal's height moved from the view's first frame until it settled, and the heights. */
  loading: Record<string, { moved: number; heights: number[] }>
  /** Console errors and warnings, failed requests and error answers, in the order they came. */
  noise: string[]
  page(): Page
  visitor(): SandboxPage
  header(): Locator
  dialog(): Locator
  waitForView(view: string): Promise<void>
  /**
   * Waits for the dialog's images, then checks the view with axe and against its baselines, in each
   * scheme; `fix` before each picture (a text the run varies set to a fixed one: a re-render in
   * between, as a poll's answer, would bring the run's back).
   */
  check(name: string, mask?: (dialog: Locator) => Locator[], fix?: () => Promise<unknown>): Promise<void>
  /** Photographs `target` (not the dialog: the page's header) against its baselines, in each scheme, without axe. */
  shoot(name: string, target: () => Locator): Promise<void>
  /**
   * Does `act` (a click that opens `view`, or what makes the view load more: an amount for a
   * quote), waits until `loaded` and the page settled, and records how far the modal's height moved
   * over the frames that showed `view`: from its first frame, whatever loaded after it.
   */
  measureLoading(name: string, view: string, act: () => Promise<void>, loaded: () => Promise<unknown>): Promise<void>
  /** Escape, the modal gone and its analytics event answered (a page left with one in flight has it cancelled: a failed request). */
  closeModal(): Promise<void>
  /** Connect Wallet, `wallet`, the modal closed and the header showing a balance in `symbol`. */
  connect(wallet: string, symbol: string): Promise<void>
  /** The Account from the header's account button, then Disconnect. */
  disconnect(): Promise<void>
  /**
   * The walk's last check: exactly `views` taken and `loads` measured; no axe violation, screenshot
   * mismatch, view that moved more than 8 px while it loaded (docs/design.md, "How a view may
   * grow"), noise, CSP violation, page error or request beyond 127.0.0.1.
   */
  expectClean(views: readonly string[], loads: readonly string[]): Promise<void>
}

/**
 * A walk on `device`: its page (opened in `beforeAll` of the calling describe, closed in
 * `afterAll`), its checks and the steps the walks share. With both `schemes` (the default), each
 * view is taken in the page's scheme (the first of `schemes` at first), then the page's `prefers-color-scheme` is
 * switched (`themeMode: 'system'` follows it live, through CSS) and the view taken again: one walk,
 * not two. axe runs every rule in the first scheme and only the `colourRules` in the second, the
 * only ones a scheme can change. The context starts in the first of `schemes`. A picture is
 * `<device>-<scheme>/<name>.png`. `pointerAway`: the pointer is moved off the dialog before each
 * picture (the button a click landed on, or the one that took its place, would show its hover
 * colour); the main path's baselines were taken without.
 *
 * @example
 * const { page, check } = walkPage('phone')
 * await check('Connect')
 */
export function walkPage(device: Device, { pointerAway = true, schemes = ['light', 'dark'] as readonly ColorScheme[] } = {}): WalkPage {
  let visitor: SandboxPage
  const page = () => visitor.page
  const results: WalkPage['results'] = {}
  const loading: WalkPage['loading'] = {}
  const noise: string[] = []
  const analytics = new Set<unknown>()
  const header = () => page().getByRole('navigation', { name: 'Wallet' })
  const dialog = () => page().getByRole('dialog')
  const waitForView = (view: string) => page().locator(`[role="dialog"][data-view="${view}"]`).waitFor()

  beforeAll(async () => {
    visitor = await openSandboxPage({ initScripts: [heightSampler], contextOptions: walkContextOptions(device, schemes[0]!) })
    visitor.context.setDefaultTimeout(20_000)
    watchNoise(page(), noise)
    const isAnalytics = (request: { method(): string; url(): string }) => request.method() === 'POST' && new URL(request.url()).pathname === '/e'
    page().on('request', (request) => void (isAnalytics(request) && analytics.add(request)))
    page().on('requestfinished', (request) => void analytics.delete(request))
    page().on('requestfailed', (request) => void analytics.delete(request))
  }, 60_000)
  afterAll(async () => {
    await visitor?.close()
  })

  const key = (name: string, scheme: ColorScheme) => (schemes.length === 1 ? name : `${name} (${scheme})`)
  /** The page's scheme now: a view is taken in it first, then in the other (no switch back: the next view starts where this one ended). */
  let current = schemes[0]!
  /** Takes `shot` in each scheme, the page's scheme first; axe with every rule in the first, its colour rules in the other. */
  async function inEachScheme(name: string, shot: () => Promise<Buffer>, axe: (rules?: readonly string[]) => Promise<string[]>, fix?: () => Promise<unknown>): Promise<void> {
    for (const [index, scheme] of [current, ...schemes.filter((s) => s !== current)].entries()) {
      if (scheme !== current) await page().emulateMedia({ colorScheme: (current = scheme) })
      await fix?.()
      await pageSettled(page())
      const png = await shot()
      const compared = compareScreenshot({ name: `${device}-${scheme}/${name}.png`, actual: png })
      results[key(name, scheme)] = { axe: await axe(index === 0 ? undefined : colourRules), screenshot: compared.status === 'mismatch' ? compared.message : 'ok' }
    }
  }

  // The images the view shows: one in a closed list (a token picker's options, lazy) is not drawn and
  // never loads, nor does one the modal's body clips (scrolled out of sight: the wallet icons are
  // `loading="lazy"`, and Chromium loads a lazy image in a scroller only as it nears the scroller's
  // view; seen on the desktop Connect, whose Ledger chips sit under the fold since email and social lead).
  const imagesLoaded = () =>
    page().waitForFunction(() =>
      [...document.querySelectorAll('[role="dialog"] img')].every((img) => {
        if ((img as HTMLImageElement).complete || img.getClientRects().length === 0) return true
        const shown = img.closest('.portico-modal__body')?.getBoundingClientRect()
        const { top, bottom } = img.getBoundingClientRect()
        return shown !== undefined && (top >= shown.bottom || bottom <= shown.top)
      }),
    )

  return {
    results,
    loading,
    noise,
    page,
    visitor: () => visitor,
    header,
    dialog,
    waitForView,
    async check(name, mask = () => [], fix) {
      if (pointerAway) await page().mouse.move(0, 0)
      await imagesLoaded()
      await inEachScheme(name, () => dialog().screenshot({ animations: 'disabled', caret: 'hide', mask: mask(dialog()), maskColor: '#ff00ff' }), (rules) => axeViolations(page(), rules), fix)
    },
    async shoot(name, target) {
      await inEachScheme(name, () => target().screenshot({ animations: 'disabled' }), async () => [])
    },
    async measureLoading(name, view, act, loaded) {
      type Sampler = { __porticoSampleHeights(on: boolean): HeightSample[] }
      await page().evaluate(() => void (window as unknown as Sampler).__porticoSampleHeights(true))
      await act()
      await loaded()
      await imagesLoaded()
      await pageSettled(page())
      const samples = await page().evaluate(() => (window as unknown as Sampler).__porticoSampleHeights(false))
      const heights = samples.filter((sample) => sample.view === view).map((sample) => sample.height)
      expect(heights.length, `${name}: no frame showed the ${view} view`).toBeGreaterThan(0)
      loading[name] = { moved: Math.max(...heights) - Math.min(...heights), heights }
    },
    async closeModal() {
      await page().keyboard.press('Escape')
      await expect.poll(() => dialog().count()).toBe(0)
      await expect.poll(() => analytics.size).toBe(0)
    },
    async connect(wallet, symbol) {
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog().getByRole('button', { name: wallet, exact: true }).click()
      await expect.poll(() => dialog().count()).toBe(0)
      await expect.poll(() => header().textContent()).toMatch(new RegExp(`\\d[\\d,]*(?:\\.\\d+)? ${symbol}`))
    },
    async disconnect() {
      await header().locator('.portico-page-button--connect').click()
      await waitForView('Account')
      await dialog().getByRole('button', { name: 'Disconnect' }).click()
      await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
    },
    async expectClean(views, loads) {
      expect(Object.keys(results).sort()).toEqual(views.flatMap((name) => schemes.map((scheme) => key(name, scheme))).sort())
      expect(Object.keys(loading).sort()).toEqual([...loads].sort())
      // One comparison, so a failure shows every finding at once.
      expect({
        axe: Object.entries(results).filter(([, r]) => r.axe.length > 0).map(([name, r]) => `${name}: ${r.axe.join('; ')}`),
        screenshots: Object.values(results).filter((r) => r.screenshot !== 'ok').map((r) => r.screenshot),
        moved: Object.entries(loading).filter(([, l]) => l.moved > 8).map(([name, l]) => `${name}: ${l.moved} px (${l.heights.join(' → ')})`),
        noise,
      }).toEqual({ axe: [], screenshots: [], moved: [], noise: [] })
      expect(await visitor.cspViolations()).toEqual([])
      expect(visitor.pageErrors).toEqual([])
      expect(visitor.blocked).toEqual([])
    },
  }
}
