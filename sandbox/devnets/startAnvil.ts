import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'

import { forgetGroup, killGroup, trackGroup } from '../utils/processGroups.js'
import { AnvilNotFoundError, AnvilStartError, InvalidDevnetParameterError, PortInUseError } from './errors.js'

/** A running anvil chain on 127.0.0.1. */
export type Anvil = {
  /** The EIP-155 chain id it answers to `eth_chainId`. */
  chainId: number
  /** The TCP port it listens on. */
  port: number
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string
  /** Stops anvil and resolves once its process has exited. Calling it twice is harmless. */
  stop(): Promise<void>
}

export type StartAnvilParameters = {
  /** The chain id, a positive safe integer (the sandbox uses 31337 and 31338). */
  chainId: number
  /** The port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
}
export type StartAnvilReturnType = Anvil
export type StartAnvilErrorType = AnvilNotFoundError | AnvilStartError | PortInUseError | InvalidDevnetParameterError

/** How long anvil may take from spawn to a correct `eth_chainId` answer. */
const startTimeoutMs = 20_000
/** How long `stop()` waits for a clean exit before it kills the process group. */
const stopTimeoutMs = 5_000
/** How much of anvil's output is kept for error messages. */
const outputTailChars = 4_000

/** npm platform packages of @foundry-rs/anvil, by `${process.platform}-${process.arch}`. */
const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
}

/**
 * A tiny POSIX shell guard that runs anvil and kills it as soon as its stdin reaches end of file.
 * Our end of that pipe closes when we call `stop()` and also when this Node process dies in any
 * way (even SIGKILL), so an anvil never outlives the process that started it.
 * `$@` is the anvil binary followed by its arguments.
 */
const guardScript = [
  'exec 3<&0',
  '"$@" &',
  'child=$!',
  '( read -r _line <&3; kill "$child" 2>/dev/null ) &',
  'watcher=$!',
  'wait "$child"',
  'status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n')

function resolveAnvilBinary(): string {
  const packageName = platformPackages[`${process.platform}-${process.arch}`]
  if (!packageName) throw new AnvilNotFoundError({ packageName: `@foundry-rs/anvil-${process.platform}-${process.arch}` })
  try {
    return createRequire(import.meta.url).resolve(`${packageName}/bin/anvil`)
  } catch (cause) {
    throw new AnvilNotFoundError({ packageName, cause })
  }
}

function validate(parameters: StartAnvilParameters): { chainId: number; port: number } {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new InvalidDevnetParameterError({ message: 'startAnvil: expected { chainId, port? }' })
  }
  const { chainId, port = 0 } = parameters
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidDevnetParameterError({
      message: `startAnvil: chainId must be a positive integer, got ${String(chainId)}`,
    })
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidDevnetParameterError({ message: `startAnvil: port must be an integer from 0 to 65535, got ${String(port)}` })
  }
  return { chainId, port }
}

async function readChainId(rpcUrl: string, signal: AbortSignal): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal,
    })
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined
  } catch {
    return undefined
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Starts an anvil EVM chain on 127.0.0.1 from the `@foundry-rs/anvil` npm package, and waits until
 * it answers `eth_chainId` with the requested id.
 *
 * @param parameters - `chainId`, and `port` (0 or undefined picks a free port).
 * @returns The chain's port and RPC URL and a `stop()` that awaits the process's exit.
 * @throws PortInUseError when the port is taken; AnvilNotFoundError when the binary is missing;
 *   AnvilStartError when anvil exits or does not answer in time.
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * // … use anvil.rpcUrl …
 * await anvil.stop()
 */
export async function startAnvil(parameters: StartAnvilParameters): Promise<StartAnvilReturnType> {
  const { chainId, port: requestedPort } = validate(parameters)
  const binary = resolveAnvilBinary()
  const args = ['--host', '127.0.0.1', '--port', String(requestedPort), '--chain-id', String(chainId)]

  const child = spawn('/bin/sh', ['-c', guardScript, 'portico-anvil', binary, ...args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  trackGroup(child.pid)

  let output = ''
  let listeningPort: number | undefined
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputTailChars)
    if (listeningPort === undefined) {
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)
      if (match?.[1]) listeningPort = Number(match[1])
    }
  }
  // Keep draining both pipes for the whole life of anvil, or it blocks once a pipe buffer fills.
  child.stdout.on('data', append)
  child.stderr.on('data', append)
  // Closing stdin after the guard has gone raises EPIPE; the exit handling below covers it.
  child.stdin.on('error', () => {})
  child.on('error', () => {})

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      forgetGroup(child.pid)
      resolve({ code, signal })
    })
    // A spawn that failed outright has no process and emits no 'exit'.
    child.once('error', () => {
      if (child.pid === undefined) resolve({ code: null, signal: null })
    })
  })
  let hasExited = false
  void exited.then(() => {
    hasExited = true
  })
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve))

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= stopChild(child, exited, () => hasExited)
    return stopping
  }

  const failWith = async (error: Error): Promise<never> => {
    await stop()
    throw error
  }

  const deadline = Date.now() + startTimeoutMs
  const abort = new AbortController()
  try {
    while (Date.now() < deadline) {
      if (hasExited) {
        const { code, signal } = await exited
        if (/address already in use/i.test(output)) {
          return await failWith(new PortInUseError({ port: requestedPort, what: `anvil (chain ${chainId})` }))
        }
        return await failWith(
          new AnvilStartError({ reason: `it exited with ${signal ?? `code ${String(code)}`}`, output }),
        )
      }
      if (listeningPort !== undefined) {
        const rpcUrl = `http://127.0.0.1:${listeningPort}`
        const answered = await Promise.race([readChainId(rpcUrl, abort.signal), delay(1_000).then(() => undefined)])
        if (answered === chainId) return { chainId, port: listeningPort, rpcUrl, stop }
        if (answered !== undefined) {
          return await failWith(
            new AnvilStartError({ reason: `${rpcUrl} answered chain id ${answered} instead of ${chainId}`, output }),
          )
        }
      }
      const failed = await Promise.race([spawnError, delay(25).then(() => undefined)])
      if (failed) return await failWith(new AnvilStartError({ reason: failed.message, output, cause: failed }))
    }
    return await failWith(new AnvilStartError({ reason: `no answer to eth_chainId within ${startTimeoutMs / 1000} s`, output }))
  } finally {
    abort.abort()
  }
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<unknown>,
  hasExited: () => boolean,
): Promise<void> {
  if (hasExited()) return
  // Closing stdin tells the guard to stop anvil (SIGTERM) and to exit once anvil has exited.
  child.stdin?.end()
  const timedOut = await Promise.race([exited.then(() => false), delay(stopTimeoutMs).then(() => true)])
  if (timedOut && child.pid !== undefined) {
    killGroup(child.pid, 'SIGKILL')
    await exited
  }
}
