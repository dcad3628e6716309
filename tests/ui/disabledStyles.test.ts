// docs/design.md, "Contrast": a disabled control takes the theme's disabled colours
// (`--portico-disabled-background` / `--portico-disabled-foreground`, the wallet frame's
// `--portico-approval-disabled-*`), never the control faded by opacity, which left words under
// 3:1 in the dark theme. A busy control (`aria-busy`, or a row that acts in place while it runs,
// with `cursor: progress`) keeps its colours, slightly dimmed (opacity 0.85 or more).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

/** Every stylesheet Portico ships: the UI's and each plugin's (not the sandbox's or the tests'). */
function stylesheets(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.css')) found.push(path)
    }
  }
  walk(join(root, 'ui'))
  walk(join(root, 'plugins'))
  return found
}

/** The innermost rules of a stylesheet: selector and declarations (comments dropped). */
function rules(css: string): { selector: string; body: string }[] {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '')
  return [...bare.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }))
}

/** Rules still fading a disabled control, each an open point of docs/design.md's last section. */
const stillFading = new Set([
  // Every connect option until the visitor ticks the terms (features.legalCheckbox): the whole list
  // is shown as not yet usable, the checkbox above it at full strength.
  'ui/views/Connect/ConnectView.css .portico-connect__methods:disabled',
])

describe('disabled controls (docs/design.md, Contrast)', () => {
  it('no stylesheet fades a disabled control by opacity; a busy one is dimmed to 0.85 at most', () => {
    const fading: string[] = []
    let disabledRules = 0
    for (const file of stylesheets()) {
      for (const { selector, body } of rules(readFileSync(file, 'utf8'))) {
        if (!selector.includes(':disabled')) continue
        disabledRules++
        const opacity = /(?:^|;)\s*opacity\s*:\s*([\d.]+)/.exec(body)?.[1]
        if (opacity === undefined) continue
        const busy = selector.includes('aria-busy') || /cursor\s*:\s*progress/.test(body)
        if (busy && Number(opacity) >= 0.85) continue
        for (const one of selector.split(',').map((s) => s.trim())) {
          const name = `${relative(root, file)} ${one}`
          if (!stillFading.has(name)) fading.push(`${name} { opacity: ${opacity} }`)
        }
      }
    }
    // The scan found the rules it is about (a broken parser would find none and pass).
    expect(disabledRules).toBeGreaterThan(10)
    expect(fading).toEqual([])
  })
})
