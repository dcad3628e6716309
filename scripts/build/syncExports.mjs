// Writes package.json's `exports` from the folders (scripts/build/entries.mjs).
// `node scripts/build/syncExports.mjs --check` fails when package.json is out of date.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { exportsMap, root } from './entries.mjs'

const path = join(root, 'package.json')
const pkg = JSON.parse(readFileSync(path, 'utf8'))
const wanted = exportsMap()
if (process.argv.includes('--check')) {
  if (JSON.stringify(pkg.exports) !== JSON.stringify(wanted)) {
    console.error('package.json "exports" is out of date: run `node scripts/build/syncExports.mjs`.')
    process.exit(1)
  }
} else {
  const { exports: _old, ...rest } = pkg
  const ordered = {}
  for (const [key, value] of Object.entries(rest)) {
    ordered[key] = value
    if (key === 'sideEffects') ordered.exports = wanted
  }
  if (!ordered.exports) ordered.exports = wanted
  writeFileSync(path, `${JSON.stringify(ordered, null, 2)}\n`)
}
