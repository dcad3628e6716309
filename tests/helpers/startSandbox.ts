import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { pickSandboxPort } from './pickSandboxPort.js'
import { isAlive, type SharedSandboxRecord } from '../setup/sharedSandboxes.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const readyLine = /^Portico sandbox ready at (http:\/\/127\.0\.0\.1:(\d+))$/m
// Seven chains start at once; with the suite's other workers busy on a two-core machine that can take
// well over a minute (below the suite's hookTimeout, so this error, with the sandbox's output, is what shows).
const readyTimeoutMs = 180_000
const stopTimeoutMs = 15_000

export type StartSandboxParameters = {
  /** A fixed base port; default: a random high one whose four ports are free. */
  port?: number
  /** Extra environment for `sandbox/start.ts`. */
  env?: Record<string, string>
  /**
   * The file works against a sandbox that other files used before it (it makes no assumption of a
   * fresh chain state). Then: when the environment has `PORTICO_SANDBOX_URL` (a sandbox you already
   * run with `npm start`), that one is used; otherwise, under the suite's global setup
   * (`tests/setup/sharedSandboxes.ts`), the one sandbox of this vitest worker slot, which the files
   * of that slot share one after another and the global teardown stops. `stop()` leaves either
   * running. Without it, the file gets a fresh sandbox of its own.
   */
  reuseFromEnv?: boolean
}

export type TestSandbox = {
  url: string
  port: number
  /** The sandbox process's pid. */
  pid: number
  /** Its data directory (`portico.sqlite`, `auth-keys.json`): a fresh sandbox's own only; unknown for a shared one. */
  dataDir?: string
  /** Everything it printed so far. */
  stdout(): string
  stderr(): string
  /** Sends SIGTERM, waits for the exit (SIGKILL after 15 s) and removes its data directory. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts the sandbox exactly as `npm start` does (`tsx sandbox/start.ts`) on a free base port with
 * a fresh data directory, and waits for its ready line. Its Substrate node starts on the first
 * request to it (`PORTICO_SANDBOX_ON_DEMAND=1`; `env` may set it to '0'): a file that drives the
 * Polkadot chain through a page calls `startSandboxPolkadot` first (tests/helpers/startOnDemand.ts).
 *
 * @param parameters an optional fixed port and extra environment
 * @returns the running sandbox; call `stop()` in `afterAll`
 * @example
 * const sandbox = await startSandbox()
 * await fetch(`${sandbox.url}/v1/supported-chains`)
 * await sandbox.stop()
 */
export async function startSandbox(parameters: StartSandboxParameters = {}): Promise<TestSandbox> {
  const existing = process.env.PORTICO_SANDBOX_URL
  if (parameters.reuseFromEnv && existing) {
    const match = /^http:\/\/127\.0\.0\.1:(\d+)\/?$/.exec(existing)
    if (!match) throw new Error(`PORTICO_SANDBOX_URL must look like http://127.0.0.1:<port>, got ${existing}`)
    const url = existing.replace(/\/$/, '')
    return { url, port: Number(match[1]), pid: 0, stdout: () => '', stderr: () => '', stop: async () => ({ code: null, signal: null }) }
  }
  const sharedDir = parameters.reuseFromEnv && !parameters.port && !parameters.env ? sharedSandboxDir() : undefined
  if (sharedDir) return sharedSandbox(sharedDir)
  const port = parameters.port ?? (await pickSandboxPort())
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-sandbox-'))
  // `node --import tsx` is what the tsx CLI runs; one process, so signals reach start.ts directly.
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORTICO_SANDBOX_ON_DEMAND: '1', ...parameters.env, PORT: String(port), PORTICO_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let hasExited = false
  void exited.then(() => (hasExited = true))

  const cleanup = () => rmSync(dataDir, { recursive: true, force: true })
  let stopping: ReturnType<TestSandbox['stop']> | undefined
  const stop: TestSandbox['stop'] = () => {
    stopping ??= (async () => {
      if (!hasExited) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
      const result = await exited
      clearTimeout(timer)
      cleanup()
      return result
    })()
    return stopping
  }

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The sandbox printed no ready line within ${readyTimeoutMs / 1000} s.\nstdout: ${stdout}\nstderr: ${stderr}`))
    }, readyTimeoutMs)
    const onData = () => {
      const match = readyLine.exec(stdout)
      if (match?.[1]) {
        clearTimeout(timer)
        child.stdout.off('data', onData)
        resolve(match[1])
      }
    }
    child.stdout.on('data', onData)
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`The sandbox exited (${signal ?? `code ${String(code)}`}) before it was ready.\nstdout: ${stdout}\nstderr: ${stderr}`))
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })

  return { url, port, pid: child.pid!, dataDir, stdout: () => stdout, stderr: () => stderr, stop }
}

/** The global setup's directory of shared sandboxes, when the suite runs under it. */
function sharedSandboxDir(): string | undefined {
  try {
    return inject('sharedSandboxDir') || undefined
  } catch {
    return undefined
  }
}

/**
 * The sandbox of this worker slot (`VITEST_POOL_ID`): files of one slot run one after another, so
 * they never use it at the same time. Reused while it answers; started (detached, its output in
 * files, so it outlives the worker process) when there is none or it stopped answering.
 */
async function sharedSandbox(dir: string): Promise<TestSandbox> {
  const slot = process.env.VITEST_POOL_ID ?? '1'
  const recordFile = join(dir, `slot-${slot}.json`)
  const shared = (record: SharedSandboxRecord): TestSandbox => ({
    url: record.url,
    port: record.port,
    pid: record.pid,
    stdout: () => readFileSync(record.stdoutFile, 'utf8'),
    stderr: () => readFileSync(record.stderrFile, 'utf8'),
    // The global teardown stops it.
    stop: async () => ({ code: null, signal: null }),
  })
  if (existsSync(recordFile)) {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as SharedSandboxRecord
    const answers = isAlive(record.pid) && (await fetch(`${record.url}/sandbox.json`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false))
    if (answers) return shared(record)
    // It died or hangs: stop what is left of it and start another.
    try {
      process.kill(-record.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  const port = await pickSandboxPort()
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-sandbox-'))
  const stdoutFile = join(dir, `slot-${slot}-${port}.out`)
  const stderrFile = join(dir, `slot-${slot}-${port}.err`)
  const out = openSync(stdoutFile, 'w')
  const err = openSync(stderrFile, 'w')
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/start.ts'], {
    cwd: repoRoot,
    // The worker that starts it exits after its file; the sandbox watches the suite's main process instead.
    env: { ...process.env, PORTICO_SANDBOX_ON_DEMAND: '1', PORT: String(port), PORTICO_DATA_DIR: dataDir, PORTICO_SANDBOX_OWNER_PID: String(inject('sharedSandboxOwnerPid')) },
    stdio: ['ignore', out, err],
    detached: true,
  })
  closeSync(out)
  closeSync(err)
  let exited: string | undefined
  child.once('exit', (code, signal) => (exited = signal ?? `code ${String(code)}`))
  const record: SharedSandboxRecord = { url: '', port, pid: child.pid!, dataDir, stdoutFile, stderrFile }
  const started = Date.now()
  for (;;) {
    const match = readyLine.exec(readFileSync(stdoutFile, 'utf8'))
    if (match?.[1]) {
      record.url = match[1]
      break
    }
    if (exited || Date.now() - started > readyTimeoutMs) {
      if (!exited) process.kill(-child.pid!, 'SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
      const why = exited ? `exited (${exited}) before it was ready` : `printed no ready line within ${readyTimeoutMs / 1000} s`
      throw new Error(`The shared sandbox ${why}.\nstdout: ${readFileSync(stdoutFile, 'utf8')}\nstderr: ${readFileSync(stderrFile, 'utf8')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.unref()
  writeFileSync(recordFile, JSON.stringify(record))
  return shared(record)
}
