// Issue 50: React Server Components. A Next.js App Router page (a server component) imports
// Portico's buttons and hooks; they work only from modules marked 'use client', and server code
// (a sign-in store, the errors, `createPortico` in a route handler) only from modules that are
// not. rollup.config.mjs marks every entry that reaches React; this test checks the built entries
// by what they export, imported the way Node imports them, not by the rule the build applies.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { import?: string }> }
/** The JavaScript entries a site imports (the exports map), but `portico/testing`, which is for test runners. */
const entries = Object.entries(pkg.exports)
  .flatMap(([subpath, target]) => (typeof target === 'object' && target.import?.endsWith('.js') && subpath !== './testing' ? [{ subpath, output: target.import.replace(/^\.\/dist\//, '').replace(/\.js$/, '') }] : []))
const fileOf = (output: string) => join(root, 'dist', `${output}.js`)

beforeAll(() => {
  // `npm test` builds first (scripts/test.ts); this test reads what was built.
  if (!existsSync(fileOf('react'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
})

const isClass = (value: unknown) => typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value))
/** The exports a server component cannot call: hooks (`useX`), and components (a memo/forwardRef object, or a function named like a component that is no class). */
function clientOnlyExports(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([name, value]) => {
      if (/^use[A-Z]/.test(name) && typeof value === 'function') return true
      if (typeof value === 'object' && value !== null && typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol') return true
      return /^[A-Z]/.test(name) && typeof value === 'function' && !isClass(value)
    })
    .map(([name]) => name)
}
const marked = (output: string) => /^'use client';\r?\n/.test(readFileSync(fileOf(output), 'utf8'))

describe("'use client' in the built entries", () => {
  it('every entry that exports a hook or a component starts with it', async () => {
    const missing: string[] = []
    const clientEntries: string[] = []
    for (const entry of entries) {
      const module = (await import(pathToFileURL(fileOf(entry.output)).href)) as Record<string, unknown>
      const clientOnly = clientOnlyExports(module)
      if (clientOnly.length === 0) continue
      clientEntries.push(entry.subpath)
      if (!marked(entry.output)) missing.push(`${entry.subpath} (${clientOnly.slice(0, 4).join(', ')})`)
    }
    expect(missing).toEqual([])
    // The check found what it looks for: the React entries and the hooks of portico/calls.
    expect(clientEntries).toEqual(expect.arrayContaining(['./react', './react/kit', './calls']))
  })

  it('no entry a server runs carries it: the light entry, the kernel, the errors and every server half', () => {
    const serverEntries = entries.filter((entry) => ['.', './kernel', './errors'].includes(entry.subpath) || /\/(errors|server|utils)$/.test(entry.subpath))
    expect(serverEntries.length).toBeGreaterThan(10)
    expect(serverEntries.filter((entry) => marked(entry.output)).map((entry) => entry.subpath)).toEqual([])
  })
})
