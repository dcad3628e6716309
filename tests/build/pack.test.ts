import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteLockfile } from '../helpers/siteLockfile.js'

const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const subpaths = Object.keys(pkg.exports as Record<string, unknown>).filter((s) => s !== './package.json')

// `npm test` builds first (scripts/test.ts); this test packs what was built.
describe('the packed package', () => {
  let site = ''
  beforeAll(() => {
    if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
    site = mkdtempSync(join(tmpdir(), 'portico-site-'))
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', site], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop() as string
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

  it('ships only dist/, README.md, LICENSE and package.json', () => {
    const files = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8' })
    const names = (JSON.parse(files)[0].files as { path: string }[]).map((f) => f.path)
    expect(names.every((name) => name.startsWith('dist/') || ['README.md', 'package.json', 'LICENSE'].includes(name))).toBe(true)
    expect(names).toContain('dist/index.js')
    expect(names).toContain('dist/styles.css')
    expect(names).toContain('LICENSE')
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
