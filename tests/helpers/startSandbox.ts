import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pickSandboxPort } from './pickSandboxPort.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const readyLine = /^Portico sandbox ready at (http:\/\/127\.0\.0\.1:(\d+))$/m
const readyTimeoutMs = 90_000
const stopTimeoutMs = 15_000

export type StartSandboxParameters = {
  /** A fixed base port; default: a random high one whose four ports are free. */
  port?: number
  /** Extra environment for `sandbox/start.ts`. */
  env?: Record<string, string>
  /**
   * When the environment has `PORTICO_SANDBOX_URL` (a sandbox you already run with `npm start`),
   * use it instead of starting one; `stop()` then leaves it running. For quick e2e iterations.
   */
  reuseFromEnv?: boolean
}

export type TestSandbox = {
  url: string
  port: number
  /** The sandbox process's pid. */
  pid: number
  /** Everything it printed so far. */
  stdout(): string
  stderr(): string
  /** Sends SIGTERM, waits for the exit (SIGKILL after 15 s) and removes its data directory. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts the sandbox exactly as `npm start` does (`tsx sandbox/start.ts`) on a free base port with
 * a fresh data directory, and waits for its ready line.
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
  const port = parameters.port ?? (await pickSandboxPort())
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-sandbox-'))
  // `node --import tsx` is what the tsx CLI runs; one process, so signals reach start.ts directly.
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...parameters.env, PORT: String(port), PORTICO_DATA_DIR: dataDir },
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

  return { url, port, pid: child.pid!, stdout: () => stdout, stderr: () => stderr, stop }
}
