import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freeLoopbackPort } from '../../../helpers/engines.js'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

/** One `server/main.ts` process on a loopback port. */
export type ServerProcess = {
  port: number
  url: string
  /** `ws://127.0.0.1:<port>/relay` */
  relayUrl: string
  child: ChildProcess
  output(): string
  /** SIGKILL: the instance dies as a crashed machine would, without closing anything. */
  kill(): Promise<void>
  /** SIGTERM and wait; removes its data folder. */
  stop(): Promise<void>
}

export type StartServerProcessOptions = {
  /**
   * Whether the config is merged over the test defaults (no chains, no indexer, any project id
   * accepted from loopback); `false` writes it exactly as given, as an operator's file (default true).
   */
  defaults?: boolean
  /** More environment for the process (`DATABASE_URL`, `REDIS_URL`, which override the file). */
  env?: Record<string, string>
}

/**
 * Starts the real server (`npx tsx server/main.ts config.json`) as a child process with the
 * given config (merged over: no chains, no indexer, any project id accepted from loopback, unless
 * `defaults: false`).
 *
 * @example
 * const a = await startServerProcess({ database: { url }, redis: { url: redisUrl } })
 * const asDocumented = await startServerProcess(configFromDocs, { defaults: false, env: { DATABASE_URL: url } })
 */
export async function startServerProcess(config: Record<string, unknown>, { defaults = true, env = {} }: StartServerProcessOptions = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-instance-'))
  const port = await freeLoopbackPort()
  const file = join(dir, 'portico.json')
  writeFileSync(file, JSON.stringify(defaults ? { dataDir: './data', chains: [], indexer: false, defaultProject: {}, ...config } : config))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', file], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in 60 s:\n${output}`)), 60_000)
    const check = () => {
      if (output.includes('Portico server listening at')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited (code ${String(code)}) before listening:\n${output}`))
    })
  })
  const remove = () => rmSync(dir, { recursive: true, force: true })
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    relayUrl: `ws://127.0.0.1:${port}/relay`,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
      remove()
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
        child.kill('SIGTERM')
        await exited
        clearTimeout(force)
      }
      remove()
    },
  }
}
