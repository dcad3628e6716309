import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

import { toHex } from 'viem'

import { jsonRpcCall } from '../chains/SandboxChain.js'
import { assertPortFree } from '../utils/assertPortFree.js'
import { forgetGroup, killGroup, trackGroup } from '../utils/processGroups.js'
import { BundlerStartError } from './AccountAbstractionError.js'
import { sandboxAccountAbstractionKeys, sandboxBundlerPrivateKeys } from './sandboxAccountAbstractionKeys.js'

/** A running alto bundler on 127.0.0.1. */
export type Alto = {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** Milliseconds from spawn to its first `eth_supportedEntryPoints` answer. */
  startMs: number
  /** Stops alto and resolves once its process has exited. Calling it twice is harmless. */
  stop(): Promise<void>
}

export type StartAltoParameters = {
  /** The anvil alto bundles for. */
  rpcUrl: string
  /** The port on 127.0.0.1. */
  port: number
  /** The EntryPoint (v0.7) it serves. */
  entryPoint: `0x${string}`
  /** Where alto's output goes (appended); none: kept in memory only, for error messages. */
  logFile?: string
  /** How long alto may take to answer (ms). Default 30 s. */
  timeoutMs?: number
}

/** How long alto may take to answer its first `eth_supportedEntryPoints` (a busy machine needs many seconds). */
export const altoStartTimeoutMs = 30_000
const defaultTimeoutMs = altoStartTimeoutMs
const stopTimeoutMs = 5_000
const outputTailChars = 4_000
const preload = fileURLToPath(new URL('./altoLoopbackOnly.mjs', import.meta.url))

/** The alto CLI script (`@pimlico/alto` keeps it out of its `exports`, so it is found by path). */
function altoScript(): string {
  const folders = createRequire(import.meta.url).resolve.paths('@pimlico/alto') ?? []
  for (const folder of folders) {
    const script = `${folder}/@pimlico/alto/esm/cli/alto.js`
    if (existsSync(script)) return script
  }
  throw new BundlerStartError({ reason: '@pimlico/alto is not installed (looked for @pimlico/alto/esm/cli/alto.js); run npm install', output: '' })
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts the `@pimlico/alto` 0.0.20 ERC-4337 bundler for one anvil on 127.0.0.1 (alto itself
 * binds 0.0.0.0; a preloaded module pins it to loopback), with `--safe-mode false` (anvil has no
 * ERC-7562 tracer) and the sandbox's own executor and utility keys, which it funds with
 * `anvil_setBalance`. Resolves once alto answers `eth_supportedEntryPoints` with the EntryPoint.
 *
 * @param parameters the anvil, the port, the EntryPoint and the log file
 * @returns its URL, start time and `stop()`
 * @throws BundlerStartError when alto exits or does not answer in time (its last output attached)
 * @example
 * const alto = await startAlto({ rpcUrl: anvil.rpcUrl, port: 4712, entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' })
 * await alto.stop()
 */
export async function startAlto({ rpcUrl, port, entryPoint, logFile, timeoutMs = defaultTimeoutMs }: StartAltoParameters): Promise<Alto> {
  // Another process on the port would answer the readiness probe in alto's place.
  try {
    await assertPortFree(port, '127.0.0.1')
  } catch (cause) {
    throw new BundlerStartError({ reason: `port ${port} on 127.0.0.1 is already in use`, output: '', cause })
  }
  for (const key of [sandboxAccountAbstractionKeys.bundlerExecutor, sandboxAccountAbstractionKeys.bundlerUtility]) {
    await jsonRpcCall(rpcUrl, 'anvil_setBalance', [key.address, toHex(10n ** 24n)])
  }
  const args = [
    '--import', preload, altoScript(),
    '--entrypoints', entryPoint,
    '--executor-private-keys', sandboxBundlerPrivateKeys.executor,
    '--utility-private-key', sandboxBundlerPrivateKeys.utility,
    '--rpc-url', rpcUrl,
    '--port', String(port),
    '--safe-mode', 'false',
    '--log-level', 'warn',
    '--min-bundle-interval', '50',
    '--block-time', '200',
    '--utility-wallet-monitor', 'false',
    '--refilling-wallets', 'false',
  ]
  const started = Date.now()
  const child: ChildProcess = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SENTRY_DSN: '' } })
  trackGroup(child.pid)
  let output = ''
  let log: ReturnType<typeof createWriteStream> | undefined
  if (logFile) {
    mkdirSync(dirname(logFile), { recursive: true })
    log = createWriteStream(logFile, { flags: 'a' })
    log.on('error', () => undefined)
    log.write(`--- alto on 127.0.0.1:${port} for ${rpcUrl}, ${new Date().toISOString()}\n`)
  }
  const onOutput = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputTailChars)
    log?.write(chunk)
  }
  child.stdout?.on('data', onOutput)
  child.stderr?.on('data', onOutput)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let hasExited = false
  void exited.then(() => {
    hasExited = true
    forgetGroup(child.pid)
    log?.end()
  })

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      if (hasExited || child.pid === undefined) return
      killGroup(child.pid, 'SIGTERM')
      const timer = setTimeout(() => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'), stopTimeoutMs)
      await exited
      clearTimeout(timer)
    })()
    return stopping
  }

  const url = `http://127.0.0.1:${port}`
  const deadline = started + timeoutMs
  while (Date.now() < deadline) {
    if (hasExited) {
      const inUse = /EADDRINUSE/.test(output)
      throw new BundlerStartError({ reason: inUse ? `port ${port} on 127.0.0.1 is already in use` : `it exited with code ${String(child.exitCode)}`, output })
    }
    try {
      const entryPoints = (await jsonRpcCall(url, 'eth_supportedEntryPoints', [], AbortSignal.timeout(1_000))) as string[]
      if (!hasExited && Array.isArray(entryPoints) && entryPoints.some((e) => e.toLowerCase() === entryPoint.toLowerCase())) {
        return { url, port, startMs: Date.now() - started, stop }
      }
    } catch {
      // not up yet
    }
    await delay(100)
  }
  await stop()
  throw new BundlerStartError({ reason: `it did not answer eth_supportedEntryPoints on ${url} within ${timeoutMs} ms`, output })
}
