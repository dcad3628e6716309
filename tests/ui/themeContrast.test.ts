// The theme's colours read well in both themes (docs/design.md, "Contrast"): text on every surface
// it sits on at 4.5:1 or more (WCAG 2.2, 1.4.3), a disabled control's words at 3:1 or more, the
// filled buttons' words on the accent at 4.5:1. Computed from ui/theme/styles.css itself, so a new
// value that reads badly fails here before a screenshot shows it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const css = readFileSync(join(fileURLToPath(new URL('../../', import.meta.url)), 'ui/theme/styles.css'), 'utf8')

/** The `--portico-*` values a block of the stylesheet declares. */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`No ${selector} block in styles.css`)
  const body = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...body.matchAll(/--portico-([a-z0-9-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]))
}

const light = block(':where([data-portico])')
const dark = { ...light, ...block(":where([data-portico][data-portico-theme='dark'])") }

type Rgb = [number, number, number]

/** An opaque colour of the stylesheet: #rrggbb, #rgb or hsla(h, s%, l%, 1). */
function rgb(value: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb
  }
  const hsl = /^hsla?\(\s*([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%(?:,\s*1)?\s*\)$/.exec(value)
  if (hsl) {
    const [h, s, l] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100]
    const k = (n: number) => (n + h / 30) % 12
    const a = s * Math.min(l, 1 - l)
    const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
    return [f(0), f(8), f(4)].map((c) => Math.round(c * 255)) as Rgb
  }
  throw new Error(`Not an opaque colour this test reads: ${value}`)
}

/** WCAG 2.2 relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p) as [number, number]
  return (x + 0.05) / (y + 0.05)
}

const surfaces = ['background', 'surface', 'surface-strong']
/** Text colours and the surfaces they are read on, with the least contrast each needs. */
const rules: { text: string; on: string[]; min: number }[] = [
  { text: 'foreground', on: surfaces, min: 4.5 },
  { text: 'muted', on: surfaces, min: 4.5 },
  { text: 'link', on: ['background', 'surface'], min: 4.5 },
  { text: 'error', on: ['background', 'surface'], min: 4.5 },
  { text: 'success', on: ['background', 'surface'], min: 4.5 },
  { text: 'accent-foreground', on: ['accent-strong', 'accent-stronger'], min: 4.5 },
  // A disabled button's words: legible, though it cannot be pressed (WCAG exempts it; the house rule does not).
  { text: 'disabled-foreground', on: ['disabled-background'], min: 3 },
]

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('the %s theme', (_, theme) => {
  it.each(rules.flatMap((rule) => rule.on.map((on) => [rule.text, on, rule.min] as const)))('%s on %s: at least %s:1', (text, on, min) => {
    expect(theme[text], text).toBeDefined()
    expect(theme[on], on).toBeDefined()
    expect(Number(contrast(theme[text]!, theme[on]!).toFixed(2))).toBeGreaterThanOrEqual(min)
  })
})

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('a chain\'s or a token\'s mark in the %s theme (docs/design.md, "Icons")', (_, theme) => {
  // A one-colour mark without a background of its own (the Stacks mark, black on transparent) stands
  // on --portico-mark-background: a dark mark keeps 3:1 on it (WCAG 2.2, 1.4.11), in both themes.
  it.each(['#000000', '#141414', '#211f6d'])('a dark mark (%s) on the mark tile: at least 3:1', (markColour) => {
    expect(theme['mark-background']).toBeDefined()
    expect(Number(contrast(markColour, theme['mark-background']!).toFixed(2))).toBeGreaterThanOrEqual(3)
  })
})

describe('the contrast arithmetic', () => {
  it('reads the WCAG extremes and a known pair', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(rgb('hsla(0, 100%, 50%, 1)')).toEqual([255, 0, 0])
    expect(rgb('#abc')).toEqual([170, 187, 204])
  })
})
