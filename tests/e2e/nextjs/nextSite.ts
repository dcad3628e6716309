import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '../../..')
const example = join(root, 'examples/nextjs')
/** Where the site is built: a copy of examples/nextjs whose node_modules link to this repository's. */
export const nextSiteDir = join(root, '.portico/nextjs-site')
const stampFile = join(nextSiteDir, '.next/portico-build-stamp')

/** The packages the example imports, linked from the repository's node_modules (`portico` is the repository itself). */
const linkedPackages = ['next', 'react', 'react-dom', 'typescript', '@types/react', '@types/react-dom', '@types/node']

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) filesUnder(full, out)
    else out.push(full)
  }
  return out
}

/** What the build depends on: the example's files, the built package (dist/) and the Next.js version. */
function buildStamp(): string {
  const hash = createHash('sha256')
  hash.update(JSON.parse(readFileSync(join(root, 'node_modules/next/package.json'), 'utf8')).version)
  for (const file of [...filesUnder(example), ...filesUnder(join(root, 'dist')).filter((f) => /\.(js|css|d\.ts)$/.test(f))]) {
    hash.update(relative(root, file))
    hash.update(readFileSync(file))
  }
  return hash.digest('hex')
}

/** The deepest folder holding every path (Turbopack's root must contain every file the build reads). */
function commonAncestor(paths: string[]): string {
  const parts = paths.map((p) => p.split(sep))
  const first = parts[0] as string[]
  let i = 0
  while (i < first.length && parts.every((p) => p[i] === first[i])) i++
  return first.slice(0, i).join(sep) || sep
}

/**
 * The environment of the `next` processes: no telemetry, and the tests' loopback guard preloaded
 * (tests/setup/loopbackOnly.ts, through tsx) in every Node process Next starts, so a request to
 * any host but 127.0.0.1 fails the build or the server.
 */
function nextEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const tsx = pathToFileURL(join(realpathSync(join(root, 'node_modules/tsx')), 'dist/esm/index.mjs')).href
  const guard = pathToFileURL(join(root, 'tests/setup/loopbackOnly.ts')).href
  return { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_OPTIONS: `--import ${tsx} --import ${guard}`, ...extra }
}

function run(child: ChildProcess, what: string): Promise<string> {
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${what} exited with ${code}:\n${output}`))))
  })
}

export type BuildNextSiteReturnType = {
  /** Whether this call ran `next build` (false: the previous build's inputs were the same). */
  built: boolean
  /** What `next build` printed (empty when reused). */
  output: string
}

/**
 * Builds examples/nextjs with `next build` (Turbopack, offline) against the built package, once:
 * a later call reuses the build while the example, dist/ and Next.js are unchanged.
 *
 * @example
 * await buildNextSite() // { built: true, output: '▲ Next.js 16.4.6 …' }
 */
export async function buildNextSite(): Promise<BuildNextSiteReturnType> {
  if (!existsSync(join(root, 'dist/react.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  const stamp = buildStamp()
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return { built: false, output: '' }
  rmSync(nextSiteDir, { recursive: true, force: true })
  mkdirSync(nextSiteDir, { recursive: true })
  cpSync(example, nextSiteDir, { recursive: true, filter: (source) => !/[\\/](node_modules|\.next)([\\/]|$)/.test(source) })
  const linked = [root]
  mkdirSync(join(nextSiteDir, 'node_modules'))
  symlinkSync(root, join(nextSiteDir, 'node_modules/portico'), 'dir')
  for (const name of linkedPackages) {
    const target = realpathSync(join(root, 'node_modules', name))
    mkdirSync(dirname(join(nextSiteDir, 'node_modules', name)), { recursive: true })
    symlinkSync(target, join(nextSiteDir, 'node_modules', name), 'dir')
    linked.push(target)
  }
  // The repository's node_modules may live elsewhere (a worktree's links): Turbopack's root holds them all.
  const turbopackRoot = commonAncestor([nextSiteDir, ...linked, realpathSync(join(root, 'node_modules/mobx'))])
  const next = join(nextSiteDir, 'node_modules/next/dist/bin/next')
  const output = await run(spawn(process.execPath, [next, 'build'], { cwd: nextSiteDir, env: nextEnv({ PORTICO_NEXT_ROOT: turbopackRoot }), stdio: ['ignore', 'pipe', 'pipe'] }), 'next build')
  writeFileSync(stampFile, stamp)
  return { built: true, output }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

export type NextSite = { url: string; output(): string; stop(): Promise<void> }

/**
 * Starts the built site with `next start` on 127.0.0.1, its Portico server at `porticoServer`.
 *
 * @example
 * const site = await startNextSite('http://127.0.0.1:4700')
 */
export async function startNextSite(porticoServer: string): Promise<NextSite> {
  const port = await freePort()
  const next = join(nextSiteDir, 'node_modules/next/dist/bin/next')
  const child = spawn(process.execPath, [next, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: nextSiteDir,
    env: nextEnv({ PORTICO_SERVER_URL: porticoServer }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  // Ready when Next says so (it listens before it prints the line).
  await Promise.race([
    new Promise<void>((resolve) => {
      const check = () => (/Ready in/.test(output) ? resolve() : undefined)
      child.stdout?.on('data', check)
      child.stderr?.on('data', check)
    }),
    exited.then((code) => {
      throw new Error(`next start exited with ${code}:\n${output}`)
    }),
  ])
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}
