import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/** Where the committed baseline PNGs live. */
export const screenshotsDir = join(import.meta.dirname, '__screenshots__')

export type CompareScreenshotParameters = {
  /** The file name under the baseline folder, e.g. `desktop-light/Connect.png`. */
  name: string
  /** The PNG the test just took. */
  actual: Buffer
  /** The baseline folder (default `tests/e2e/visual/__screenshots__`). */
  dir?: string
  /** Write the baseline instead of comparing (default: `UPDATE_SCREENSHOTS=1` in the environment). */
  update?: boolean
  /** Share of pixels that may differ (default 0.0005, i.e. 0.05 %). */
  maxDiffRatio?: number
  /** pixelmatch's per-pixel colour threshold, 0 to 1 (default 0.1). */
  threshold?: number
}

export type CompareScreenshotReturnType =
  | { status: 'written'; path: string }
  | { status: 'match'; diffPixels: number }
  | { status: 'mismatch'; message: string; diffPath?: string; actualPath: string }

/**
 * Compares a screenshot with its committed baseline (pixelmatch over pngjs). With `update` (or
 * `UPDATE_SCREENSHOTS=1`) it writes the baseline instead. A missing baseline is a mismatch, so a
 * new view cannot pass unreviewed. On a mismatch the actual PNG and a diff PNG are written to a
 * temporary folder named in the message.
 *
 * @example
 * const result = compareScreenshot({ name: 'desktop-light/Connect.png', actual: await dialog.screenshot() })
 * expect(result.status === 'mismatch' ? result.message : 'ok').toBe('ok')
 */
export function compareScreenshot({ name, actual, dir = screenshotsDir, update = process.env.UPDATE_SCREENSHOTS === '1', maxDiffRatio = 0.0005, threshold = 0.1 }: CompareScreenshotParameters): CompareScreenshotReturnType {
  const baselinePath = join(dir, name)
  if (update) {
    mkdirSync(dirname(baselinePath), { recursive: true })
    writeFileSync(baselinePath, actual)
    return { status: 'written', path: baselinePath }
  }
  const outDir = join(tmpdir(), 'portico-screenshots')
  const actualPath = join(outDir, name.replace(/\.png$/, '.actual.png'))
  const keepActual = () => {
    mkdirSync(dirname(actualPath), { recursive: true })
    writeFileSync(actualPath, actual)
  }
  if (!existsSync(baselinePath)) {
    keepActual()
    return { status: 'mismatch', actualPath, message: `${name}: no baseline at ${baselinePath}. Review ${actualPath}, then run with UPDATE_SCREENSHOTS=1 to store it.` }
  }
  const baseline = readFileSync(baselinePath)
  // The same bytes are the same picture: nothing to decode (Chromium encodes the same pixels alike).
  if (baseline.equals(actual)) return { status: 'match', diffPixels: 0 }
  const expected = PNG.sync.read(baseline)
  const got = PNG.sync.read(actual)
  if (expected.width !== got.width || expected.height !== got.height) {
    keepActual()
    return { status: 'mismatch', actualPath, message: `${name}: ${got.width}×${got.height} instead of the baseline's ${expected.width}×${expected.height} (actual: ${actualPath}).` }
  }
  const diff = new PNG({ width: got.width, height: got.height })
  const diffPixels = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold })
  const allowed = Math.floor(got.width * got.height * maxDiffRatio)
  if (diffPixels <= allowed) return { status: 'match', diffPixels }
  keepActual()
  const diffPath = join(outDir, name.replace(/\.png$/, '.diff.png'))
  writeFileSync(diffPath, PNG.sync.write(diff))
  return { status: 'mismatch', actualPath, diffPath, message: `${name}: ${diffPixels} pixels differ (at most ${allowed} may). Diff: ${diffPath}, actual: ${actualPath}.` }
}
