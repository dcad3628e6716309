import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteLockfile } from '../helpers/siteLockfile.js'

const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const subpaths = Object.keys(pkg.exports as Record<string, unknown>).filter((s) => s !== './package.json')

/** Relative specifiers in a built file: `from './x.js'`, `import('./x.js')`, `import './x.js'`, `declare module '../x.js'`. */
const relativeSpecifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bmodule\s+)["'](\.{1,2}\/[^"']+)["']/g

/**
 * The packed files that `starts` reach through relative imports, each resolved by `resolve` among
 * the packed files (a specifier that names no packed file, such as one in a doc comment's example,
 * leads nowhere).
 */
function reachable(starts: string[], packed: ReadonlySet<string>, resolve: (target: string) => string[]): Set<string> {
  const seen = new Set<string>()
  const todo = [...starts]
  while (todo.length) {
    const file = todo.pop() as string
    if (seen.has(file) || !packed.has(file)) continue
    seen.add(file)
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(relativeSpecifier)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1] as string))
      todo.push(...resolve(target).filter((candidate) => packed.has(candidate)))
    }
  }
  return seen
}

// `npm test` builds first (scripts/test.ts); this test packs what was built. `npm publish --dry-run`
// would pack the same files, but it asks the registry for the package's versions first, so the
// list comes from `npm pack`, which never leaves the machine.
describe('the packed package', () => {
  let site = ''
  /** The packed files, as `npm pack --json` lists them: what `npm publish` would upload. */
  let packedFiles: string[] = []
  beforeAll(() => {
    if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
    site = mkdtempSync(join(tmpdir(), 'portico-site-'))
    const [tarball] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', site], { cwd: root, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[]
    const packed = (tarball as { filename: string }).filename
    packedFiles = (tarball as { files: { path: string }[] }).files.map((file) => file.path)
    // The site's lockfile is cut from the project's, so `--offline` needs only the tarballs that a fresh
    // `npm install` of the project put in npm's cache: nothing leaves the machine, and no registry
    // metadata (which a lockfile install never caches) is asked for.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
    // The site has what each entry's optional peers need: React for portico/react and
    // portico/elements, @wagmi/core for portico/wagmi (a wagmi site has it already).
    const { manifest, lockfile } = siteLockfile(lock, packed, pkg, ['react', 'react-dom', '@wagmi/core'])
    writeFileSync(join(site, 'package.json'), JSON.stringify(manifest, null, 2))
    writeFileSync(join(site, 'package-lock.json'), JSON.stringify(lockfile, null, 2))
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: site,
      encoding: 'utf8',
      stdio: 'pipe',
    })
  }, 120_000)
  afterAll(() => {
    if (site) rmSync(site, { recursive: true, force: true })
  })

  it('ships only what a site needs: the entries and what they load, their types, the styles, the auth frame, README, LICENSE, CHANGELOG', () => {
    const packed = new Set(packedFiles)
    expect(packedFiles.filter((name) => !name.startsWith('dist/')).sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json'])
    const targets = Object.values(pkg.exports as Record<string, string | { types: string; import: string }>)
    // Every entry's file and types are in the package.
    for (const target of targets) {
      for (const file of typeof target === 'string' ? [target] : [target.import, target.types]) expect(packedFiles, file).toContain(file.replace(/^\.\//, ''))
    }
    // Code: every script is an entry or a chunk an entry imports (statically or with import()), so
    // no test, sandbox or server code rides along; the one exception is the embedded wallet's frame,
    // which the site's Portico server serves (docs/server/auth.md), never the site's bundle.
    const code = reachable(
      targets.flatMap((target) => (typeof target === 'string' ? [] : [target.import.slice(2)])),
      packed,
      (target) => [target],
    )
    const frame = ['dist/auth-frame/frame.js', 'dist/auth-frame/frame.css']
    expect(packedFiles.filter((name) => name.endsWith('.js') && !code.has(name) && !frame.includes(name))).toEqual([])
    // Source maps: the project ships each script's external map beside it, and no other.
    expect(packedFiles.filter((name) => name.endsWith('.map') && !code.has(name.slice(0, -'.map'.length)))).toEqual([])
    // Types: only the declarations an entry's types reach (scripts/build/pruneDeclarations.mjs
    // removes the rest that tsc writes, the sandbox's internals among them).
    const types = reachable(
      targets.flatMap((target) => (typeof target === 'string' ? [] : [target.types.slice(2)])),
      packed,
      (target) => [target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`, `${target}/index.d.ts`],
    )
    expect(packedFiles.filter((name) => name.endsWith('.d.ts') && !types.has(name))).toEqual([])
    // Nothing else: no sources, fixtures or stray assets.
    const other = packedFiles.filter((name) => name.startsWith('dist/') && !/\.(js|map|d\.ts)$/.test(name))
    expect(other.sort()).toEqual(['dist/auth-frame/frame.css', 'dist/styles.css'])
    expect(code.size).toBeGreaterThan(targets.length)
  })

  it.each(subpaths)('imports %s from the installed tarball', (subpath) => {
    const specifier = subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`
    const script = subpath.endsWith('.css')
      ? `import { existsSync } from 'node:fs'; const url = import.meta.resolve(${JSON.stringify(specifier)}); if (!existsSync(new URL(url))) process.exit(2); console.log(JSON.stringify(['css']))`
      : `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()))`
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { cwd: site, encoding: 'utf8' })
    const keys = JSON.parse(out.trim().split('\n').pop() as string) as string[]
    expect(keys.length).toBeGreaterThan(0)
    if (subpath === '.') expect(keys).toEqual(expect.arrayContaining(['createPortico', 'definePlugin', 'defineLazyPlugin', 'parseCaipAddress', 'InvalidPluginOptionsError']))
    if (subpath === './errors') expect(keys).toEqual(expect.arrayContaining(['BaseError', 'ProviderRpcError', 'ConnectionRejectedError', 'rpcErrorCodes']))
    if (subpath === './kernel') expect(keys).toEqual(expect.arrayContaining(['createPortico', 'createPorticoKernel', 'formatBalance']))
    if (subpath === './react') expect(keys).toEqual(expect.arrayContaining(['PorticoProvider', 'usePortico', 'useAccount']))
    if (subpath === './react/kit') expect(keys).toEqual(expect.arrayContaining(['PorticoProvider', 'Button', 'useTranslate']))
    if (subpath === './testing') expect(keys).toEqual(expect.arrayContaining(['checkPlugin']))
    if (subpath === './wagmi') expect(keys).toEqual(expect.arrayContaining(['portico']))
  })

  it('carries type declarations for every entry', () => {
    for (const [subpath, target] of Object.entries(pkg.exports as Record<string, { types?: string } | string>)) {
      if (typeof target === 'string') continue
      expect(existsSync(join(site, 'node_modules/portico', target.types as string)), subpath).toBe(true)
    }
  })
})
