// Issue 50: the CSS follows the code. Each stylesheet piece ships in the module the code that
// draws it imports (the page buttons', the modal's, each plugin's views'); portico/styles.css is
// every piece in one file; the pieces are adopted in the single file's order, once, and not at all
// when the page links the single file.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { syncStylesheets } from '../../scripts/build/syncStylesheets.mjs'
import { minifyCss, porticoStylesheet, singleFileMarker, stylesheetPieces, uiStylesheets } from '../../scripts/build/uiStylesheets.mjs'
import { firstPaintCssCeiling } from '../../scripts/size/firstPaintOver.js'
import { buttonsStylesheet } from '../../ui/theme/buttonsStylesheet.js'
import { adoptStylesheet } from '../../ui/utils/adoptStylesheet.js'

const root = fileURLToPath(new URL('../../', import.meta.url))

describe('the stylesheet pieces', () => {
  it('their modules are up to date with the .css files (node scripts/build/syncStylesheets.mjs)', () => {
    expect(syncStylesheets({ check: true })).toEqual([])
  })

  it('hold every stylesheet once; portico/styles.css is all of them in the same order, marked', () => {
    const files = stylesheetPieces().flatMap((piece) => piece.files)
    expect(new Set(files).size).toBe(files.length)
    expect(files.map((file) => join(root, file))).toEqual(uiStylesheets())
    const single = porticoStylesheet()
    expect(single).toContain(singleFileMarker)
    const at = files.map((file) => single.indexOf(`/* ${file} */`))
    expect(at.every((index) => index > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  it("the page buttons' piece (with the theme) stays within the first-paint CSS ceiling", () => {
    expect(gzipSync(buttonsStylesheet.css, { level: 9 }).length).toBeLessThanOrEqual(firstPaintCssCeiling)
    expect(buttonsStylesheet.css).toContain('.portico-page-button{')
    expect(buttonsStylesheet.css).toContain(":where([data-portico][data-portico-theme='system'])")
  })

  it('minifying drops comments and white space and changes no selector', () => {
    expect(minifyCss("/* c */\n.a :hover,\n.b > .c {\n  color: red;\n  --x-y: 1px;\n}\n@media (max-width: 4px) {\n  a:hover { display: none; }\n}")).toBe('.a :hover,.b>.c{color:red;--x-y:1px}@media (max-width: 4px){a:hover{display:none}}')
  })

  it("every view a plugin loads adopts its plugin's piece, and the page buttons and the modal adopt theirs", () => {
    const missing: string[] = []
    for (const piece of stylesheetPieces().filter((p) => p.module.startsWith('plugins/'))) {
      const plugin = piece.module.split('/')[1] as string
      const setup = readdirSync(join(root, 'plugins', plugin, 'setup')).map((file) => readFileSync(join(root, 'plugins', plugin, 'setup', file), 'utf8')).join('\n')
      const views = [...setup.matchAll(/import\('\.\.\/views\/(\w+)\.js'\)/g)].map((m) => m[1] as string)
      expect(views.length, plugin).toBeGreaterThan(0)
      for (const view of views) if (!readFileSync(join(root, 'plugins', plugin, 'views', `${view}.tsx`), 'utf8').includes('useStylesheet(viewsStylesheet)')) missing.push(`${plugin}/${view}`)
    }
    for (const [file, sheet] of [
      ['ui/components/ConnectButton/ConnectButton.tsx', 'buttonsStylesheet'],
      ['ui/components/NetworkButton/NetworkButton.tsx', 'buttonsStylesheet'],
      ['ui/components/AccountButton/AccountButton.tsx', 'buttonsStylesheet'],
      ['ui/components/ModalRoot/ModalRoot.tsx', 'modalStylesheet'],
    ] as const) {
      if (!readFileSync(join(root, file), 'utf8').includes(`useStylesheet(${sheet})`)) missing.push(file)
    }
    expect(missing).toEqual([])
  })
})

/** A document that can adopt stylesheets, as far as adoptStylesheet uses one; `marker` is the root's `--portico-styles`. */
function fakeDocument(marker = '') {
  class FakeSheet {
    text = ''
    replaceSync(text: string) {
      this.text = text
    }
  }
  const own = new FakeSheet()
  const doc = {
    adoptedStyleSheets: [own] as unknown[],
    documentElement: {},
    defaultView: { CSSStyleSheet: FakeSheet, getComputedStyle: () => ({ getPropertyValue: (name: string) => (name === '--portico-styles' ? marker : '') }) },
  }
  const texts = () => (doc.adoptedStyleSheets as FakeSheet[]).map((sheet) => (sheet === own ? 'page' : sheet.text))
  return { doc: doc as unknown as Document, texts }
}

describe('adoptStylesheet', () => {
  it("adopts each piece once, after the page's own sheets, in the single file's order whatever order they come in", () => {
    const { doc, texts } = fakeDocument()
    expect(adoptStylesheet({ name: 'swap', css: 'swap' }, doc)).toBe(true)
    expect(adoptStylesheet({ name: 'modal', css: 'modal' }, doc)).toBe(true)
    expect(adoptStylesheet({ name: 'modal', css: 'modal' }, doc)).toBe(false)
    expect(adoptStylesheet({ name: 'auth', css: 'auth' }, doc)).toBe(true)
    expect(adoptStylesheet({ name: 'buttons', css: 'buttons' }, doc)).toBe(true)
    expect(texts()).toEqual(['page', 'buttons', 'modal', 'auth', 'swap'])
  })

  it('adopts nothing when the page links portico/styles.css, nor without a document', () => {
    const { doc, texts } = fakeDocument('all')
    expect(adoptStylesheet({ name: 'buttons', css: 'buttons' }, doc)).toBe(false)
    expect(texts()).toEqual(['page'])
    expect(adoptStylesheet({ name: 'buttons', css: 'buttons' }, undefined)).toBe(false)
  })
})
