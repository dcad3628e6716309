// Issue 51, acceptance 1: the `portico-server` package (dist-server/, built by `npm run build`),
// packed and installed in an empty folder as an operator installs it, starts with
// `npx portico-server config.json`, and `--check-config` refuses a mistyped key, naming it.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteLockfile } from '../helpers/siteLockfile.js'

const root = join(import.meta.dirname, '../..')
const packageDir = join(root, 'dist-server')

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No line matching ${pattern} in ${timeoutMs} ms:\n${output()}`)), timeoutMs)
    const check = () => {
      const line = output().split('\n').find((candidate) => pattern.test(candidate))
      if (line) {
        clearTimeout(timer)
        resolve(line)
      }
    }
    child.stdout?.on('data', check)
    // The line may be in already.
    check()
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`portico-server exited (code ${String(code)}) before ${pattern}:\n${output()}`))
    })
  })
}

describe('the packed portico-server package', () => {
  let site = ''
  let manifest: { name: string; version: string; bin: Record<string, string>; dependencies: Record<string, string> }
  let packedFiles: string[] = []
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'main.js'))) throw new Error('dist-server/ is missing: run `npm run build` first (npm test does).')
    manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
    site = mkdtempSync(join(tmpdir(), 'portico-operator-'))
    // One `npm pack --json`: the tarball and the list of what it holds (no second, dry-run pack).
    const [packInfo] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', site], { cwd: packageDir, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[]
    const packed = packInfo!.filename
    packedFiles = packInfo!.files.map((file) => file.path).sort()
    // As tests/build/pack.test.ts does: the folder's lockfile is cut from the project's, so an
    // offline install needs only the tarballs already in npm's cache.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
    const { manifest: siteManifest, lockfile } = siteLockfile(lock, packed, manifest, [])
    // npm links a package's commands from its lockfile entry.
    ;(lockfile.packages['node_modules/portico-server'] as { bin?: unknown }).bin = manifest.bin
    writeFileSync(join(site, 'package.json'), JSON.stringify(siteManifest, null, 2))
    writeFileSync(join(site, 'package-lock.json'), JSON.stringify(lockfile, null, 2))
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: site, encoding: 'utf8', stdio: 'pipe' })
    // better-sqlite3's install script fetches a prebuilt binary for this Node (or compiles one for
    // minutes); nothing may be fetched here, so the folder gets the binary that script gave the
    // project's own install: the same package version, the same Node.
    const binary = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'
    mkdirSync(join(site, 'node_modules/better-sqlite3/build/Release'), { recursive: true })
    copyFileSync(join(root, binary), join(site, binary))
  }, 180_000)
  afterAll(() => {
    if (site) rmSync(site, { recursive: true, force: true })
  })

  it('ships the server, its config schema and example, and a bin; depends on what the server imports', () => {
    expect(packedFiles).toEqual(['README.md', 'config.schema.json', 'main.js', 'main.js.map', 'package.json', 'portico.example.json'])
    expect(manifest.bin).toEqual({ 'portico-server': './main.js' })
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3', 'pg', 'ioredis', 'ws', 'prom-client', 'ajv']))
    // The modal's packages stay out: no React, no UI.
    expect(Object.keys(manifest.dependencies)).not.toContain('react')
    expect(readFileSync(join(site, 'node_modules/portico-server/config.schema.json'), 'utf8')).toBe(readFileSync(join(root, 'server/config.schema.json'), 'utf8'))
  })

  it('starts with `npx portico-server config.json`, answers, and stops on SIGTERM', async () => {
    writeFileSync(
      join(site, 'config.json'),
      JSON.stringify({ $schema: './node_modules/portico-server/config.schema.json', port: 0, dataDir: './data', chains: [], indexer: false, projects: { shop: { allowedOrigins: ['https://shop.example.com'] } } }),
    )
    let output = ''
    const child = spawn('npx', ['--no-install', 'portico-server', 'config.json'], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    try {
      const line = await waitForLine(child, /^Portico server listening at /, 90_000, () => output)
      const url = line.split(' ').at(-1) as string
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      const ready = await fetch(`${url}/readyz`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toMatchObject({ status: 'ready', down: [] })
      expect(await (await fetch(`${url}/projects/v1/origins?projectId=shop`)).json()).toEqual({ allowedOrigins: ['https://shop.example.com'] })
      expect(existsSync(join(site, 'data/portico.sqlite'))).toBe(true)
      // The logs are JSON lines with request ids, and the server's pid.
      await waitForLine(child, /"reqId"/, 10_000, () => output)
      const logs = output.split('\n').filter((entry) => entry.startsWith('{')).map((entry) => JSON.parse(entry) as { reqId?: string; pid: number })
      expect(logs.some((entry) => entry.reqId !== undefined)).toBe(true)
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      // SIGTERM to the server (npx runs it in a child of its own and exits with its code), as a service manager stops it.
      process.kill(logs[0]!.pid, 'SIGTERM')
      expect(await exited).toBe(0)
      expect(output).toContain('SIGTERM: shutting down')
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    }
  }, 120_000)

  it('`--check-config` accepts a valid file and refuses a mistyped key, naming it and the nearest valid one', () => {
    copyFileSync(join(site, 'node_modules/portico-server/portico.example.json'), join(site, 'example.json'))
    const valid = spawnSync('npx', ['--no-install', 'portico-server', '--check-config', 'example.json'], { cwd: site, encoding: 'utf8' })
    expect(valid.status, valid.stderr).toBe(0)
    expect(valid.stdout).toContain('a valid Portico server configuration')
    writeFileSync(join(site, 'typo.json'), JSON.stringify({ dataDir: './data', chains: [], rpcRateLimt: { perIp: 10 } }))
    const typo = spawnSync('npx', ['--no-install', 'portico-server', '--check-config', 'typo.json'], { cwd: site, encoding: 'utf8' })
    expect(typo.status).toBe(1)
    expect(typo.stderr).toContain('Unknown key "rpcRateLimt" at the top level; did you mean "rpcRateLimit"?')
    // Nothing was started or created.
    expect(existsSync(join(site, 'typo-data'))).toBe(false)
  }, 60_000)
})
