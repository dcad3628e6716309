// After `tsc -p tsconfig.build.json`: removes the declarations that no entry's types reach.
// tsc writes a `.d.ts` for every source file it compiles, the sandbox's and the frame's too
// (portico/testing imports dev wallets, whose internals the JavaScript needs but the types do
// not); a site's compiler only ever opens what the entries' declarations import, so the rest would
// ship for nothing. The walk follows relative specifiers (`from`, `import()`, `declare module`);
// one it missed would make the API report check after the build fail (a type turned to `any`).
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { exportsMap, root } from './entries.mjs'

const typesDir = join(root, 'dist/types')
const specifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bmodule\s+)["'](\.{1,2}\/[^"']+)["']/g

/** The declaration file a relative specifier names, if there is one. */
function declarationOf(from, target) {
  const path = resolve(dirname(from), target)
  for (const candidate of [path.replace(/\.js$/, '.d.ts'), `${path}.d.ts`, join(path, 'index.d.ts')]) {
    if (candidate.endsWith('.d.ts') && existsSync(candidate)) return candidate
  }
  return undefined
}

const reached = new Set()
const todo = Object.values(exportsMap()).flatMap((target) => (typeof target === 'object' && target.types ? [join(root, target.types)] : []))
while (todo.length) {
  const file = todo.pop()
  if (reached.has(file) || !existsSync(file)) continue
  reached.add(file)
  for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
    const next = declarationOf(file, match[1])
    if (next) todo.push(next)
  }
}

/** Removes the unreached declarations under `dir`; true when `dir` is left empty. */
function prune(dir) {
  let empty = true
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (prune(path)) rmdirSync(path)
      else empty = false
    } else if (entry.name.endsWith('.d.ts') && !reached.has(path)) {
      rmSync(path)
    } else {
      empty = false
    }
  }
  return empty
}

if (!existsSync(typesDir)) {
  console.error(`${relative(root, typesDir)} is missing: run tsc -p tsconfig.build.json first.`)
  process.exit(1)
}
prune(typesDir)
