// cachedBuild runs a build once per state of the sources: a second start reads the result back,
// an edited, added or removed source (or a new install) builds again, and a broken cache file is
// rebuilt instead of crashing the sandbox.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cachedBuild } from '../../../sandbox/build/cachedBuild.js'

let root: string
let builds: number
const build = async () => ({ build: ++builds, body: 'console.log(1)' })

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'portico-cached-build-'))
  mkdirSync(join(root, 'kernel'))
  writeFileSync(join(root, 'kernel/a.ts'), 'export const a = 1\n')
  mkdirSync(join(root, 'node_modules'))
  writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}')
  builds = 0
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('cachedBuild', () => {
  it('builds once, then returns the kept result while no source changed', async () => {
    expect(await cachedBuild('assets', build, { root })).toEqual({ build: 1, body: 'console.log(1)' })
    expect(await cachedBuild('assets', build, { root })).toEqual({ build: 1, body: 'console.log(1)' })
    expect(builds).toBe(1)
  })

  it('builds again after an edit, a new file, a removed file or a new install', async () => {
    await cachedBuild('assets', build, { root })
    writeFileSync(join(root, 'kernel/a.ts'), 'export const a = 22\n')
    expect((await cachedBuild('assets', build, { root })).build).toBe(2)
    writeFileSync(join(root, 'kernel/b.ts'), 'export const b = 1\n')
    expect((await cachedBuild('assets', build, { root })).build).toBe(3)
    unlinkSync(join(root, 'kernel/b.ts'))
    expect((await cachedBuild('assets', build, { root })).build).toBe(4)
    writeFileSync(join(root, 'node_modules/.package-lock.json'), '{"packages":{}}')
    expect((await cachedBuild('assets', build, { root })).build).toBe(5)
    expect((await cachedBuild('assets', build, { root })).build).toBe(5)
  })

  it('ignores what is not a source: tests, docs, the build output and other packages', async () => {
    await cachedBuild('assets', build, { root })
    for (const dir of ['tests', 'docs', 'dist', 'node_modules/viem']) {
      mkdirSync(join(root, dir), { recursive: true })
      writeFileSync(join(root, dir, 'x.ts'), 'x')
    }
    expect((await cachedBuild('assets', build, { root })).build).toBe(1)
  })

  it('rebuilds over a cache file that is corrupted or not its own, and keeps a sound one after', async () => {
    await cachedBuild('assets', build, { root })
    const file = join(root, '.portico/cache/assets.json')
    for (const bad of ['{"fingerprint":', 'null', '[]', '{"fingerprint":"other","value":{"build":99}}']) {
      writeFileSync(file, bad)
      const before = builds
      expect((await cachedBuild('assets', build, { root })).build).toBe(before + 1)
    }
    expect((await cachedBuild('assets', build, { root })).build).toBe(builds)
  })

  it('does not keep a failed build: the error reaches the caller and the next call builds', async () => {
    await expect(cachedBuild('assets', async () => Promise.reject(new Error('esbuild failed')), { root })).rejects.toThrow('esbuild failed')
    expect((await cachedBuild('assets', build, { root })).build).toBe(1)
  })

  it('two sandboxes starting side by side both get a whole result', async () => {
    const results = await Promise.all([cachedBuild('assets', build, { root }), cachedBuild('assets', build, { root })])
    expect(results.map((r) => r.body)).toEqual(['console.log(1)', 'console.log(1)'])
    expect((await cachedBuild('assets', build, { root })).body).toBe('console.log(1)')
  })
})
