// docs/design.md's rules that only a baseline held (issue 52's closing audit): each is read from the
// stylesheet the component ships, and every rule of that file naming the same selector counts, so a
// later rule that overrides the first (as the email field's row once did to the address in a
// sentence) fails here as well as a changed declaration.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

/** The declarations a selector ends with in one stylesheet: its rules merged in source order (comments dropped). */
function declarations(file: string, selector: string): Record<string, string> {
  const css = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  const merged: Record<string, string> = {}
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors!.split(',').some((one) => one.trim() === selector)) continue
    for (const declaration of body!.split(';')) {
      const colon = declaration.indexOf(':')
      if (colon > 0) merged[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim()
    }
  }
  return merged
}

describe('design rules a baseline alone held', () => {
  it("an NFT's name takes two lines before it is cut, in the grid and in Activity (issue 52: NFT names were cut)", () => {
    for (const [file, selector] of [
      ['ui/components/NftGrid/NftGrid.css', '.portico-nft-grid__name'],
      ['ui/components/ActivityList/ActivityList.css', '.portico-activity__what--name'],
    ] as const) {
      const rule = declarations(file, selector)
      expect({ file, clamp: rule['-webkit-line-clamp'], lineClamp: rule['line-clamp'], overflow: rule.overflow, display: rule.display }).toEqual({
        file,
        clamp: '2',
        lineClamp: '2',
        overflow: 'hidden',
        display: '-webkit-box',
      })
    }
  })

  it("the header's balance is drawn in the foreground colour, not the muted one (issue 52: dim in the dark theme)", () => {
    expect(declarations('ui/components/AccountButton/AccountButton.css', '.portico-page-button__balance').color).toBe('var(--portico-foreground)')
  })

  it('an email address in a sentence is one inline box, so it moves to the next line whole (issue 52: it broke at its hyphen)', () => {
    const rule = declarations('plugins/auth/views/AuthViews.css', '.portico-auth__sentence-email')
    expect({ display: rule.display, maxWidth: rule['max-width'] }).toEqual({ display: 'inline-block', maxWidth: '100%' })
  })
})
