import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { installDebianPackages } from '../utils/installDebianPackages.js'

/**
 * Throwaway Postgres and Redis for tests, the relay bench and the scale sandbox
 * (`npm start -- --scale`): Debian's `postgresql` and
 * `redis-server`, started on free loopback ports in a temporary folder and removed on `stop()`.
 * When a package is missing and the process runs as root it is installed with apt (like
 * Chromium in tests/helpers/chromium.ts); otherwise the error names the command to run.
 */

const installCommand = 'apt-get update && apt-get install -y postgresql redis-server'
const installLock = '/tmp/portico-engines-install.lock'
/**
 * Postgres refuses to run as root: as root it runs as Debian's `nobody` (uid and gid 65534),
 * spawned directly with that uid so that signals reach it (no `runuser` in between).
 */
const postgresUid = 65534

/** The bin folder of the newest installed Postgres (`/usr/lib/postgresql/<major>/bin`). */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return majors[0] === undefined ? undefined : join(root, majors[0], 'bin')
}

function findRedisServer(): string | undefined {
  for (const path of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(path)) return path
  return undefined
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

/** Installs the missing engines with apt (root only), one installer at a time across test workers. */
function installEngines(): void {
  if (!isRoot()) {
    throw new Error(`Postgres or Redis is not installed. Install Debian's packages with: sudo sh -c '${installCommand}'`)
  }
  installDebianPackages({ what: 'postgresql and redis-server', command: installCommand, lock: installLock, installed: () => findPostgresBin() !== undefined && findRedisServer() !== undefined })
}

/**
 * Makes sure Debian's Postgres and Redis are installed (installing them as root when missing).
 *
 * @returns the Postgres bin folder and the redis-server path
 * @example
 * const { postgresBin, redisServer } = ensureEngines()
 */
export function ensureEngines(): { postgresBin: string; redisServer: string } {
  if (!findPostgresBin() || !findRedisServer()) installEngines()
  const postgresBin = findPostgresBin()
  const redisServer = findRedisServer()
  if (!postgresBin || !redisServer) throw new Error(`Postgres or Redis is still missing. Run: ${installCommand}`)
  return { postgresBin, redisServer }
}

/** A free TCP port on 127.0.0.1 (the OS picks one). */
export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, child: ChildProcess, log: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${String(child.exitCode)}) before it was ready:\n${log()}`)
    try {
      if (await check()) return
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${log()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill(signal)
  })
}

const initdbArgs = ['-U', 'portico', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']

type AsPostgresUser = { uid?: number; gid?: number; env?: NodeJS.ProcessEnv }

function initdb(postgresBin: string, dataDir: string, cwd: string, asPostgresUser: AsPostgresUser): void {
  const init = spawnSync(join(postgresBin, 'initdb'), ['-D', dataDir, ...initdbArgs], { encoding: 'utf8', cwd, ...asPostgresUser })
  if (init.status !== 0) throw new Error(`initdb failed (exit ${String(init.status)}): ${init.stderr}`)
}

/**
 * Fills `dataDir` with a fresh cluster. `initdb` costs most of an engines' start (some 0.7 s of CPU),
 * and the suite starts engines in some twenty files, so it runs once per machine user and Postgres
 * version, into a template folder in the temporary directory that each start copies (`cp -a`, which
 * keeps the owner: uid 65534 as root). Two workers may make it at once: each runs initdb into a
 * folder of its own and renames it into place; the rename is atomic, so a template that exists is
 * whole, and the loser removes its own copy. A template of another version or other initdb
 * arguments has another name.
 */
function copyPostgresTemplate(postgresBin: string, folder: string, dataDir: string, asPostgresUser: AsPostgresUser): void {
  const major = postgresBin.split('/').at(-2) ?? 'unknown'
  const key = createHash('sha256').update(`${postgresBin}\0${initdbArgs.join('\0')}`).digest('hex').slice(0, 12)
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0
  const template = join(tmpdir(), `portico-pg-template-${uid}-${major}-${key}`)
  const whole = () => existsSync(join(template, 'PG_VERSION')) && readFileSync(join(template, 'PG_VERSION'), 'utf8').trim() === major
  if (!whole()) {
    const making = join(folder, 'template')
    initdb(postgresBin, making, folder, asPostgresUser)
    try {
      renameSync(making, template)
    } catch {
      // Another worker put its template in place first (or a broken one is in the way): use this one directly.
      if (!whole()) return renameSync(making, dataDir)
      rmSync(making, { recursive: true, force: true })
    }
  }
  const copy = spawnSync('cp', ['-a', template, dataDir], { encoding: 'utf8' })
  if (copy.status !== 0) throw new Error(`copying the Postgres template ${template} failed (exit ${String(copy.status)}): ${copy.stderr}`)
}

/** Running throwaway engines. */
export type TestEngines = {
  /** `postgres://portico@127.0.0.1:<port>/postgres` (trust auth, loopback only). */
  postgresUrl: string
  /** `redis://127.0.0.1:<port>`. */
  redisUrl: string
  /** Creates an empty database and returns its URL (one per test file keeps them independent). */
  createDatabase(name: string): Promise<string>
  /** Stops Postgres (fast shutdown) and keeps its data, as an outage would; {@link startPostgres} brings it back on the same port. */
  stopPostgres(): Promise<void>
  /** Starts a stopped Postgres again on its port and data; resolves once it answers. */
  startPostgres(): Promise<void>
  /** Stops Redis, as an outage would (it keeps nothing); {@link startRedis} brings it back on the same port. */
  stopRedis(): Promise<void>
  /** Starts a stopped Redis again on its port; resolves once it accepts connections. */
  startRedis(): Promise<void>
  /** Stops both engines and removes their folder. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts Postgres (as root: as uid 65534 `nobody`; data in a temporary folder, fsync off) and Redis
 * (no persistence) on free loopback ports.
 *
 * @returns the running engines; call `stop()` in `afterAll`
 * @example
 * const engines = await startEngines()
 * const url = await engines.createDatabase('relay_test')
 * // …
 * await engines.stop()
 */
export async function startEngines(): Promise<TestEngines> {
  const { postgresBin, redisServer } = ensureEngines()
  const folder = mkdtempSync(join(tmpdir(), 'portico-engines-'))
  const dataDir = join(folder, 'pg')
  // nobody must own the folder Postgres writes in (its data and its unix socket).
  const asPostgresUser = isRoot() ? { uid: postgresUid, gid: postgresUid, env: { ...process.env, HOME: folder } } : {}
  if (isRoot()) chownSync(folder, postgresUid, postgresUid)

  try {
    copyPostgresTemplate(postgresBin, folder, dataDir, asPostgresUser)
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  }

  const postgresPort = await freeLoopbackPort()
  let postgresLog = ''
  const spawnPostgres = () => {
    const child = spawn(
      join(postgresBin, 'postgres'),
      [
        '-D', dataDir, '-p', String(postgresPort), '-h', '127.0.0.1', '-k', folder,
        '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: folder, ...asPostgresUser },
    )
    child.stdout?.on('data', (chunk: Buffer) => (postgresLog += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (postgresLog += chunk.toString()))
    return child
  }
  let postgres = spawnPostgres()

  const redisPort = await freeLoopbackPort()
  let redisLog = ''
  const spawnRedis = () => {
    redisLog = ''
    const child = spawn(redisServer, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => (redisLog += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (redisLog += chunk.toString()))
    return child
  }
  let redis = spawnRedis()

  // If this process dies without stop() (a worker killed at a timeout, SIGKILL), a detached watchdog
  // stops the engines and removes the folder; it exits by itself once they are stopped. One more
  // watches each engine started again (startPostgres, startRedis).
  const reap = (...pids: (number | undefined)[]) =>
    spawn(process.execPath, [fileURLToPath(new URL('./reapWhenGone.mjs', import.meta.url)), String(process.pid), folder, ...pids.map(String)], {
      detached: true,
      stdio: 'ignore',
    }).unref()
  reap(postgres.pid, redis.pid)

  let stopped = false
  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    // SIGINT is Postgres' fast shutdown.
    await Promise.all([stopChild(postgres, 'SIGINT'), stopChild(redis, 'SIGTERM')])
    rmSync(folder, { recursive: true, force: true })
  }

  const postgresUrl = `postgres://portico@127.0.0.1:${postgresPort}/postgres`
  const { default: pg } = await import('pg')
  const adminQuery = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  const postgresReady = () => waitFor(async () => (await adminQuery('SELECT 1'), true), 'postgres', postgres, () => postgresLog)
  const redisReady = () => waitFor(() => redisLog.includes('Ready to accept connections'), 'redis-server', redis, () => redisLog)
  try {
    await postgresReady()
    await redisReady()
  } catch (error) {
    await stop()
    throw error
  }

  return {
    postgresUrl,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`createDatabase: "${name}" is not a plain lower-case identifier`)
      await adminQuery(`CREATE DATABASE ${name}`)
      return `postgres://portico@127.0.0.1:${postgresPort}/${name}`
    },
    async stopPostgres() {
      await stopChild(postgres, 'SIGINT')
    },
    async startPostgres() {
      if (stopped) throw new Error('startPostgres: the engines were stopped')
      if (postgres.exitCode === null && postgres.signalCode === null) return
      postgres = spawnPostgres()
      reap(postgres.pid)
      await postgresReady()
    },
    async stopRedis() {
      await stopChild(redis, 'SIGTERM')
    },
    async startRedis() {
      if (stopped) throw new Error('startRedis: the engines were stopped')
      if (redis.exitCode === null && redis.signalCode === null) return
      redis = spawnRedis()
      reap(redis.pid)
      await redisReady()
    },
    stop,
  }
}
