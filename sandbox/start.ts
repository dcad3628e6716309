// `npm start`: the whole sandbox on 127.0.0.1. Prints exactly one line when ready; anything else
// only on errors. Ctrl-C / SIGTERM stop every child and exit 0. A taken port exits 1 with a
// one-line message naming the port and how to choose another.
import { BaseError } from '../kernel/errors/BaseError.js'
import { defaultSandboxPort, maxSandboxPort } from './config.js'
import { SandboxParameterError, SandboxStartError } from './errors.js'
import { startEngines, type TestEngines } from './engines/startEngines.js'
import { startSandbox, type StartSandboxReturnType } from './startSandbox.js'
import { watchAncestors } from './utils/watchAncestors.js'

function readPort(): number {
  const raw = process.env.PORT
  if (raw === undefined || raw.trim() === '') return defaultSandboxPort
  if (!/^\d{1,5}$/.test(raw.trim())) {
    throw new SandboxParameterError(`PORT must be a number from 1 to ${maxSandboxPort}, got ${JSON.stringify(raw)}.`)
  }
  return Number(raw.trim())
}

function oneLine(error: unknown): string {
  // Its causes, so one line says which call failed and why (ci8 printed only "fetch failed"; a
  // chain that failed to start is a SandboxStartError naming it, its cause undici's error).
  const causes: string[] = []
  const from = error instanceof BaseError ? error.cause : (error as { cause?: unknown })?.cause
  for (let cause = from; cause && causes.length < 3; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof BaseError) continue
    const c = cause as { code?: unknown; message?: unknown }
    causes.push([c.code, typeof c.message === 'string' ? c.message.split('\n')[0] : String(cause)].filter(Boolean).join(' '))
  }
  if (error instanceof BaseError) return `Portico sandbox: ${error.shortMessage}${error instanceof SandboxStartError && causes.length ? ` (${causes.join('; ')})` : ''}`
  // An error the sandbox did not expect (undici's bare "fetch failed"): also where it was thrown.
  const at = ((error as Error)?.stack ?? '').split('\n').find((line) => /^\s+at /.test(line) && !/node:internal|node_modules/.test(line))?.trim()
  return `Portico sandbox: ${(error as Error)?.message?.split('\n')[0] ?? String(error)}${causes.length ? ` (${causes.join('; ')})` : ''}${at ? ` ${at}` : ''}`
}

let sandbox: StartSandboxReturnType | undefined
let engines: TestEngines | undefined
/** `npm start -- --scale` (or PORTICO_SCALE=1): two server instances on Postgres + Redis. */
const scale = process.argv.includes('--scale') || process.env.PORTICO_SCALE === '1'
let stopping = false
let startAborted = false
let firstSignalAt = 0

async function shutdown(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  try {
    await sandbox?.stop()
  } catch (error) {
    process.stderr.write(`${oneLine(error)}\n`)
  }
  await engines?.stop().catch(() => undefined)
  process.exit(code)
}

function onSignal(): void {
  if (stopping) {
    // Ctrl-C reaches this process both from the terminal and relayed by tsx: ignore repeats within
    // a second. A later, deliberate second Ctrl-C gives up waiting (the anvils still exit on their
    // own, because they watch this process's pipe).
    if (Date.now() - firstSignalAt > 1_000) process.exit(130)
    return
  }
  firstSignalAt ||= Date.now()
  if (!sandbox) {
    // Still starting: let startSandbox finish or fail, then stop what it started.
    startAborted = true
    return
  }
  void shutdown(0)
}

process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)
// When whatever launched the sandbox (npm, tsx, a test) goes away, stop as if told to; or, with
// PORTICO_SANDBOX_OWNER_PID (a test suite's sandbox shared across its workers), when that process does.
const ownerPid = Number(process.env.PORTICO_SANDBOX_OWNER_PID)
watchAncestors(onSignal, Number.isInteger(ownerPid) && ownerPid > 1 ? { pids: [ownerPid] } : {})

try {
  const port = readPort()
  const dataDir = process.env.PORTICO_DATA_DIR?.trim() || undefined
  if (scale) {
    engines = await startEngines()
    if (startAborted) await shutdown(0)
  }
  sandbox = await startSandbox({
    port,
    ...(dataDir ? { dataDir } : {}),
    ...(process.env.PORTICO_SANDBOX_ON_DEMAND === '1' ? { onDemand: true } : {}),
    ...(process.env.PORTICO_SANDBOX_WALLET_HOST === 'localhost' ? { walletHost: 'localhost' as const } : {}),
    ...(engines ? { scale: { postgresUrl: await engines.createDatabase('portico_sandbox'), redisUrl: engines.redisUrl } } : {}),
  })
  if (startAborted) {
    await shutdown(0)
  } else {
    process.stdout.write(`Portico sandbox ready at ${sandbox.url}\n`)
  }
} catch (error) {
  process.stderr.write(`${oneLine(error)}\n`)
  if (process.env.PORTICO_DEBUG) console.error(error)
  await engines?.stop().catch(() => undefined)
  if (startAborted) process.exit(0)
  process.exit(1)
}
