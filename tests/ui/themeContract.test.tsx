import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, InvalidThemeVariableError, sanitizeThemeVariables, themeVariableNames, type Portico, type PorticoThemeVariables } from '../../kernel/kernel.js'
import { renderToString } from 'react-dom/server'
import { ConnectButton, PorticoProvider } from '../../ui/kit.js'
import { applyThemeVariables } from '../../ui/utils/applyThemeVariables.js'
import { porticoStylesheet } from '../../scripts/build/uiStylesheets.mjs'
import { createTestPortico, newWallet, testChain } from '../kernel/helpers/testKit.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const css = readFileSync(join(root, 'ui/theme/styles.css'), 'utf8')

/** The `--portico-*` names a block of the theme stylesheet declares. */
function declared(selector: string, text = css): string[] {
  const start = text.indexOf(`${selector} {`)
  expect(start, selector).toBeGreaterThanOrEqual(0)
  const body = text.slice(start, text.indexOf('}', start))
  return [...body.matchAll(/(--portico-[a-z0-9-]+)\s*:/g)].map((m) => (m[1] as string).slice('--portico-'.length))
}

/** Variables of styles.css that are the spec's layout numbers and timings, not the site's to theme. */
const internal = ['modal-width', 'icon-size', 'duration-view', 'duration-height', 'duration-header', 'duration-shake', 'duration-spin', 'wallet-row-height', 'wallet-list-height']

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

describe('the theme contract', () => {
  it('names exactly the variables styles.css declares for sites (the type cannot drift from the stylesheet)', () => {
    const light = declared(':where([data-portico])')
    expect([...themeVariableNames].sort()).toEqual(light.filter((name) => !internal.includes(name)).sort())
    expect(internal.every((name) => light.includes(name))).toBe(true)
    // Dark mode only changes contract variables, and each has a light default.
    for (const name of declared(":where([data-portico][data-portico-theme='dark'])")) expect(themeVariableNames).toContain(name)
  })

  it('"system" repeats the dark values inside prefers-color-scheme: dark in the shipped stylesheet', () => {
    const shipped = porticoStylesheet()
    const media = shipped.slice(shipped.indexOf('@media (prefers-color-scheme: dark)'))
    expect(media.length).toBeLessThan(shipped.length)
    expect(declared(":where([data-portico][data-portico-theme='system'])", media)).toEqual(declared(":where([data-portico][data-portico-theme='dark'])"))
  })

  it('every variable is documented in docs/guides/theming.md', () => {
    const guide = readFileSync(join(root, 'docs/guides/theming.md'), 'utf8')
    for (const name of themeVariableNames) expect(guide, name).toContain(`\`--portico-${name}\``)
  })
})

describe('sanitizeThemeVariables', () => {
  it('keeps known names with safe values, by bare or full name; numbers are pixels except z-index', () => {
    const { variables, issues } = sanitizeThemeVariables({ accent: '#0a7', '--portico-radius': 4, 'font-family': ' Inter, sans-serif ', 'z-index': 2000.7, shadow: '0 1px 2px rgba(0, 0, 0, 0.2)' })
    expect(issues).toEqual([])
    expect(variables).toEqual({ '--portico-accent': '#0a7', '--portico-radius': '4px', '--portico-font-family': 'Inter, sans-serif', '--portico-z-index': '2000', '--portico-shadow': '0 1px 2px rgba(0, 0, 0, 0.2)' })
  })

  it('ignores unknown names and hostile values with a typed error each, and keeps the rest', () => {
    const hostile = {
      accent: 'red',
      colour: 'blue',
      '--portico-modal-width': '900px',
      background: 'url(javascript:alert(1))',
      foreground: 'red;}body{display:none',
      border: 'red /* */',
      surface: '@import "x"',
      muted: 'image-set("https://evil.example/x.png" 1x)',
      overlay: '',
      link: 'x'.repeat(201),
      error: Number.NaN,
      success: { toString: () => 'red' },
      radius: 'expression(alert(1))',
      'font-size': 'calc(1rem\n)',
    } as unknown as PorticoThemeVariables
    const { variables, issues } = sanitizeThemeVariables(hostile)
    expect(variables).toEqual({ '--portico-accent': 'red' })
    expect(issues.map((issue) => issue.variable).sort()).toEqual(Object.keys(hostile).filter((k) => k !== 'accent').sort())
    for (const issue of issues) {
      expect(issue).toBeInstanceOf(InvalidThemeVariableError)
      expect(issue.code).toBe('INVALID_THEME_VARIABLE')
    }
    expect(issues.find((i) => i.variable === 'colour')?.shortMessage).toBe('Ignored theme variable `colour`: not a variable of the theme contract')
    expect(sanitizeThemeVariables('accent: red').issues).toHaveLength(1)
    expect(sanitizeThemeVariables(undefined)).toEqual({ variables: {}, issues: [] })
  })

  it('the provider reports each ignored entry once through the error hook, and nothing throws', async () => {
    const reported: string[] = []
    const { portico } = createTestPortico({
      plugins: [
        definePlugin({
          name: 'listener', kind: 'feature', version: '1.0.0', meta: { description: 'Listens for errors.' },
          setup: (context) => void context.hooks.error.tap('listener', ({ error }) => void reported.push(`${error.code}:${(error as InvalidThemeVariableError).variable}`)),
        }),
        testChain('eip155', newWallet()),
      ],
      themeVariables: { accent: '#0a7', accentColor: '#f00', background: 'url(x)' } as PorticoThemeVariables,
    })
    instances.push(portico)
    expect(reported).toEqual([])
    const page = () => renderToString(<PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>)
    expect(page()).toContain('Connect Wallet')
    expect(reported).toEqual(['INVALID_THEME_VARIABLE:accentColor', 'INVALID_THEME_VARIABLE:background'])
    page()
    expect(reported).toHaveLength(2)
  })

  it('applyThemeVariables sets only the sanitized variables on the element', () => {
    const set: [string, string][] = []
    const element = { style: { setProperty: (name: string, value: string) => void set.push([name, value]) } } as unknown as HTMLElement
    applyThemeVariables(element, { accent: '#0a7', background: 'url(x)', radius: 6 } as PorticoThemeVariables)
    expect(set).toEqual([['--portico-accent', '#0a7'], ['--portico-radius', '6px']])
  })
})
