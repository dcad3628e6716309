import { describe, expect, it } from 'vitest'
import { porticoStylesheet, withSystemTheme } from '../../scripts/build/uiStylesheets.mjs'

describe("themeMode 'system' in portico/styles.css", () => {
  it('repeats the dark variables for the system theme inside prefers-color-scheme: dark', () => {
    const css = porticoStylesheet()
    const dark = /:where\(\[data-portico\]\[data-portico-theme='dark'\]\) \{([^}]*)\}/.exec(css)?.[1] ?? ''
    const system = /@media \(prefers-color-scheme: dark\) \{\s*:where\(\[data-portico\]\[data-portico-theme='system'\]\) \{([^}]*)\}\s*\}/.exec(css)?.[1] ?? ''
    const variables = (block: string) => block.split('\n').map((line) => line.trim()).filter(Boolean)
    expect(variables(dark).length).toBeGreaterThan(10)
    expect(variables(system)).toEqual(variables(dark))
  })

  it('refuses a theme without a dark block instead of shipping no system theme', () => {
    expect(() => withSystemTheme(':where([data-portico]) { --a: 1; }\n')).toThrow(/no :where\(\[data-portico\]\[data-portico-theme='dark'\]\) block/)
  })
})
