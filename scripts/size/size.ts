// `npm run size`: builds, then prints the min+gzip bytes of every entry and of each site scenario
// (scripts/size/scenarios.ts), and the gzip bytes of every stylesheet piece and of the single
// `portico/styles.css` (issue 50; each site's first-paint CSS is the pieces its eager chunks carry). `--check` fails when a figure is over its budget in
// scripts/size/budgets.json, or when a site scenario loads more than the first-paint ceiling
// (20,000 B before any click, scripts/size/firstPaintOver.ts); `--update` re-sets every budget to
// its figure plus 1% (rounded up to 100 B), for a change that moved the figures on purpose;
// `--no-build` measures the existing dist/.
import { execSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { stylesheetPieces } from '../build/uiStylesheets.mjs'
import { firstPaintOver } from './firstPaintOver.js'
import { measure, wholeEntryCode } from './measure.js'
import { scenarios } from './scenarios.js'

const root = join(import.meta.dirname, '../..')
const args = new Set(process.argv.slice(2))
if (!args.has('--no-build')) execSync('npm run build --silent', { cwd: root, stdio: 'inherit' })

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
const budgets = JSON.parse(readFileSync(join(import.meta.dirname, 'budgets.json'), 'utf8')) as Record<string, { eager: number; total?: number }>

type Row = { name: string; site: boolean; eager: number; total: number; locales: number; eagerLocales: number; eagerCss?: number; eagerCssShare?: number; cssPieces?: string[]; budget?: { eager: number; total?: number }; shares?: { source: string; bytes: number }[]; totalShares?: { source: string; bytes: number }[] }
const rows: Row[] = []
for (const subpath of Object.keys(pkg.exports)) {
  // Node-side code is not shipped to a page, so it is not measured: plugins' server halves
  // (portico/<plugin>/server) and the conformance kit plugin authors run in Node (portico/testing).
  if (subpath === './package.json' || subpath.endsWith('.css') || subpath.endsWith('/server') || subpath === './testing') continue
  const m = await measure(wholeEntryCode(subpath))
  const name = `entry: ${subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`}`
  rows.push({ name, site: false, eager: m.eagerBytes, total: m.totalBytes, locales: m.localeBytes, eagerLocales: m.eagerLocaleBytes, budget: budgets[name] })
}
for (const scenario of scenarios) {
  const m = await measure(scenario.code)
  rows.push({ name: scenario.name, site: true, eager: m.eagerBytes, total: m.totalBytes, locales: m.localeBytes, eagerLocales: m.eagerLocaleBytes, eagerCss: m.eagerCss.reduce((sum, piece) => sum + piece.bytes, 0), eagerCssShare: m.eagerCssShare, cssPieces: m.eagerCss.map((piece) => piece.name), budget: budgets[scenario.name], shares: m.eagerShares, totalShares: m.totalShares })
}
// The CSS: every piece as its built module ships it, and the single file, gzip -9 (a piece is
// adopted whole, so its eager and total are the same figure).
const cssRows: Row[] = []
for (const piece of stylesheetPieces()) {
  const built = (await import(pathToFileURL(join(root, 'dist', piece.module.replace(/\.ts$/, '.js'))).href)) as Record<string, { css: string }>
  const bytes = gzipSync(built[piece.exportName]?.css ?? '', { level: 9 }).length
  const name = `css: ${piece.name}`
  cssRows.push({ name, site: false, eager: bytes, total: bytes, locales: 0, eagerLocales: 0, budget: budgets[name] })
}
{
  const bytes = gzipSync(readFileSync(join(root, 'dist/styles.css')), { level: 9 }).length
  cssRows.push({ name: 'css: portico/styles.css', site: false, eager: bytes, total: bytes, locales: 0, eagerLocales: 0, budget: budgets['css: portico/styles.css'] })
}
rows.push(...cssRows)

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const width = Math.max(...rows.map((r) => r.name.length))
console.log(`${'min+gzip (react, react-dom excluded)'.padEnd(width)}   eager        total        budget (eager)   locales (all, lazy)   CSS at first paint (in eager)`)
const over: string[] = []
for (const row of rows) {
  const budget = row.budget ? kb(row.budget.eager) : '—'
  const css = row.eagerCss !== undefined ? `${row.eagerCss} B (${row.cssPieces?.join(', ') || 'none'}${row.eagerCssShare ? `; about ${row.eagerCssShare} B of the eager JS` : ''})` : ''
  console.log(`${row.name.padEnd(width)}   ${kb(row.eager).padEnd(11)}  ${kb(row.total).padEnd(11)}  ${budget.padEnd(15)}  ${(row.locales ? kb(row.locales) : '—').padEnd(20)}  ${css}`)
  // English is built in; every other language's strings must stay lazy (issue 26).
  if (row.eagerLocales > 0) over.push(`${row.name}: ${row.eagerLocales} B of locale strings load eagerly`)
  if (row.budget && row.eager > row.budget.eager) over.push(`${row.name}: eager ${row.eager} B > ${row.budget.eager} B`)
  if (row.budget?.total !== undefined && row.total > row.budget.total) over.push(`${row.name}: total ${row.total} B > ${row.budget.total} B`)
}
// Where each site scenario's eager bytes go: its five largest sources by estimated gzip share.
console.log('\nlargest eager sources per site scenario (estimated share of the gzipped bytes):')
for (const row of rows.filter((r) => r.shares)) {
  const top = (row.shares ?? []).slice(0, 5).map((s) => `${s.source} ${kb(s.bytes)} (${Math.round((100 * s.bytes) / row.eager)}%)`)
  console.log(`  ${row.name}: ${top.join(' · ')}`)
}
// And where all its bytes go, lazy chunks included (other languages' strings apart).
console.log('\nlargest sources in all chunks per site scenario (estimated share of the gzipped bytes):')
for (const row of rows.filter((r) => r.totalShares)) {
  const top = (row.totalShares ?? []).slice(0, 6).map((s) => `${s.source} ${kb(s.bytes)} (${Math.round((100 * s.bytes) / row.total)}%)`)
  console.log(`  ${row.name}: ${top.join(' · ')}`)
}
// Whatever its own budget, no site may load more than the first-paint ceiling before any click (issue 44).
over.push(...firstPaintOver(rows))
// Heavy wallet SDKs a site may add for one wallet: never in a site's eager bytes, whatever the budget.
// Ledger's libraries (Ledger's own, Sui's, and Zondax's Cosmos, Stacks and Substrate apps) and the
// `buffer` polyfill they need load only when a visitor picks Ledger (docs/guides/hardware-wallets.md
// §6), so no scenario's eager chunk may hold any of them. Nor Solana's Mobile Wallet Adapter (and its
// `qrcode`), which a site opts into with `portico/solana/mobile` and which loads on Android only.
const neverEager = [/sats-connect/, /@polkadot\/extension-dapp/, /@stacks\/connect/, /^@ledgerhq\//, /^@mysten\/ledgerjs-hw-app-sui/, /^@zondax\//, /^buffer$/, /^bip32-path$/, /^@solana-mobile\//, /^qrcode$/]
for (const row of rows) {
  for (const share of row.shares ?? []) if (neverEager.some((pattern) => pattern.test(share.source))) over.push(`${row.name}: ${share.source} loads eagerly`)
}
if (args.has('--update')) {
  const headroom = (bytes: number) => Math.ceil((bytes * 1.01) / 100) * 100
  const updated = Object.fromEntries(rows.map((row) => [row.name, { eager: headroom(row.eager), total: headroom(row.total) }]))
  writeFileSync(join(import.meta.dirname, 'budgets.json'), `${JSON.stringify(updated, null, 2)}\n`)
  console.log('\nbudgets re-set to the figures plus 1% (scripts/size/budgets.json)')
  process.exit(0)
}
const missing = rows.filter((r) => !r.budget).map((r) => r.name)
if (args.has('--check')) {
  if (missing.length) over.push(...missing.map((name) => `${name}: no budget in scripts/size/budgets.json`))
  if (over.length) {
    console.error(`\nSize budget exceeded:\n${over.map((o) => `  ${o}`).join('\n')}`)
    process.exit(1)
  }
  console.log('\nall sizes within budget')
}
