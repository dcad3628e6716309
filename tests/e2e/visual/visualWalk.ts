// The machinery the visual walks share (issue 52): the devices, axe-core over what Portico draws,
// the frame-by-frame height sampler, the watchers of console, requests and answers, and one walk's
// checks: each view photographed (masked where a run differs) and compared with its baseline,
// checked by axe, and measured while it loads. modal.visual.test.ts walks the demo's main path with
// it, plugins.visual.test.ts and chains.visual.test.ts the rest (docs/testing.md, "The visual baseline").
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
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
 * axe-core over what Portico draws on the page (the dialog and the header's wallet buttons; not
 * the demo's own text or the dev wallets' panels, which are sandbox tools), injected through the
 * debugger so the strict CSP stays on: every violation, minor to critical.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: { include: string[][] }): Promise<AxeResult> } }).axe.run({ include: [['[role="dialog"]'], ['nav[aria-label="Wallet"]']] }),
  )
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}

/**
 * Samples the modal's height on every frame into `window.__porticoHeights` (a sample when the view
 * or the height changed). The height is the one the frame paints: the modal's body follows its
 * content through a ResizeObserver that runs after this requestAnimationFrame callback, so the
 * sample adds the content's height to the header's and caps it at the modal's max-height. A view
 * with tabs is named with its selected tab (`Account:NFTs`).
 */
export const heightSampler = `window.__porticoHeights = [];
(function sample() {
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
})();`
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

export type VisualWalk = {
  /** Per view (per view and scheme when the walk takes both): the axe findings and the screenshot comparison ('ok' when it matched). */
  results: Record<string, { axe: string[]; screenshot: string }>
  /** Per view that loads: how far the modal's height moved from the view's first frame until it settled, and the heights. */
  loading: Record<string, { moved: number; heights: number[] }>
  /** Console errors and warnings, failed requests and error answers, in the order they came. */
  noise: string[]
  /** Waits for the dialog's images, then checks the view with axe and against its baseline (in each of the walk's schemes). */
  check(name: string, mask?: (dialog: Locator) => Locator[]): Promise<void>
  /** Photographs `target` (not the dialog: the page's header) against its baseline, in each of the walk's schemes, without axe. */
  shoot(name: string, target: () => Locator, mask?: (target: Locator) => Locator[]): Promise<void>
  /**
   * Does `act` (a click that opens `view`, or what makes the view load more: an amount for a
   * quote), waits until `loaded` and the page settled, and records how far the modal's height moved
   * over the frames that showed `view`: from its first frame, whatever loaded after it.
   */
  measureLoading(name: string, view: string, act: () => Promise<void>, loaded: () => Promise<unknown>): Promise<void>
  /** What the walk found that it should not have: axe violations, screenshot mismatches, views that moved more than 8 px while they loaded, and the noise. */
  findings(): { axe: string[]; screenshots: string[]; moved: string[]; noise: string[] }
}

/**
 * One walk's checks on one page of one device. With one scheme (the context's), each view is
 * taken as it is, named `<device>-<scheme>/<name>.png`, and its result keyed by its name. With both,
 * each view is taken in the first, then the page's `prefers-color-scheme` is switched to the second
 * (`themeMode: 'system'` follows it live, through CSS) and the view taken again, then switched back;
 * its results are keyed `<name> (<scheme>)`.
 *
 * @param page the walk's page (a getter: the page is opened in a hook)
 * @param device the device, for the baselines' folder
 * @param schemes the schemes each view is taken in, the context's first
 * @example
 * const walk = visualWalk(() => page, 'phone', ['light', 'dark'])
 * await walk.check('Connect')
 */
export function visualWalk(page: () => Page, device: Device, schemes: readonly ColorScheme[]): VisualWalk {
  const results: VisualWalk['results'] = {}
  const loading: VisualWalk['loading'] = {}
  const noise: string[] = []
  const key = (name: string, scheme: ColorScheme) => (schemes.length === 1 ? name : `${name} (${scheme})`)

  /** Runs `take` in each scheme, switching the page's `prefers-color-scheme` between them (and back to the first). */
  async function inEachScheme(take: (scheme: ColorScheme) => Promise<void>): Promise<void> {
    for (const [index, scheme] of schemes.entries()) {
      if (index > 0) await page().emulateMedia({ colorScheme: scheme })
      await take(scheme)
    }
    if (schemes.length > 1) {
      await page().emulateMedia({ colorScheme: schemes[0] })
      await pageSettled(page())
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
    async check(name, mask = () => []) {
      await imagesLoaded()
      await inEachScheme(async (scheme) => {
        await pageSettled(page())
        const dialog = page().getByRole('dialog')
        const actual = await dialog.screenshot({ animations: 'disabled', caret: 'hide', mask: mask(dialog), maskColor: '#ff00ff' })
        const compared = compareScreenshot({ name: `${device}-${scheme}/${name}.png`, actual })
        results[key(name, scheme)] = { axe: await axeViolations(page()), screenshot: compared.status === 'mismatch' ? compared.message : 'ok' }
      })
    },
    async shoot(name, target, mask = () => []) {
      await inEachScheme(async (scheme) => {
        await pageSettled(page())
        const compared = compareScreenshot({ name: `${device}-${scheme}/${name}.png`, actual: await target().screenshot({ animations: 'disabled', mask: mask(target()), maskColor: '#ff00ff' }) })
        results[key(name, scheme)] = { axe: [], screenshot: compared.status === 'mismatch' ? compared.message : 'ok' }
      })
    },
    async measureLoading(name, view, act, loaded) {
      await page().evaluate(() => ((window as unknown as { __porticoHeights: HeightSample[] }).__porticoHeights = []))
      await act()
      await loaded()
      await imagesLoaded()
      await pageSettled(page())
      const samples = await page().evaluate(() => (window as unknown as { __porticoHeights: HeightSample[] }).__porticoHeights)
      const heights = samples.filter((sample) => sample.view === view).map((sample) => sample.height)
      expect(heights.length, `${name}: no frame showed the ${view} view`).toBeGreaterThan(0)
      loading[name] = { moved: Math.max(...heights) - Math.min(...heights), heights }
    },
    findings() {
      return {
        axe: Object.entries(results).filter(([, r]) => r.axe.length > 0).map(([name, r]) => `${name}: ${r.axe.join('; ')}`),
        screenshots: Object.values(results).filter((r) => r.screenshot !== 'ok').map((r) => r.screenshot),
        // At most 8 px of movement per view while it loads (docs/design.md, "How a view may grow").
        moved: Object.entries(loading).filter(([, l]) => l.moved > 8).map(([name, l]) => `${name}: ${l.moved} px (${l.heights.join(' → ')})`),
        noise: [...noise],
      }
    },
  }
}
