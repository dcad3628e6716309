// Issue 51, acceptance 6: SIGTERM to one of two instances (Postgres + Redis) during 50 pairs × 20
// relay requests, the official sign-client in five processes of ten dapp–wallet pairs each (the
// dapps reach the relay through a loopback balancer, instance A while it lives; the wallets talk
// to B). A drains and exits 0; every one of the 1,000 requests is answered with a signature that
// verifies; no sign-client process sees a failed request, an unhandled promise rejection or an
// error answer from the relay, and every process exits 0.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackBalancer, type LoopbackBalancer } from '../../../server/scale/startLoopbackBalancer.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startServerProcess, type ServerProcess } from './helpers/startServerProcess.js'

const PROCESSES = 5
const PAIRS_PER_PROCESS = 10
const REQUESTS = 20
const worker = fileURLToPath(new URL('./helpers/signClientWorker.ts', import.meta.url))

type WorkerEvent =
  | { event: 'paired'; pairs: number }
  | { event: 'answered'; pair: number; count: number }
  | { event: 'done'; answered: number[]; failures: string[]; rejections: string[]; relayErrors: string[] }
type Worker = { child: ChildProcess; events: WorkerEvent[]; output: () => string; exited: Promise<number | null> }

function startWorker(name: string, dappRelay: string, walletRelay: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, name, dappRelay, walletRelay, String(PAIRS_PER_PROCESS), String(REQUESTS)], {
    env: { ...process.env, IS_VITEST: 'true' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const events: WorkerEvent[] = []
  let output = ''
  let pending = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    pending += chunk.toString()
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line) as WorkerEvent)
  })
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, events, output: () => output, exited }
}

async function until(check: () => boolean, what: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('SIGTERM to one of two instances during 50 pairs × 20 requests, sign-clients in five processes', () => {
  let engines: TestEngines
  let a: ServerProcess
  let b: ServerProcess
  let balancer: LoopbackBalancer
  let workers: Worker[] = []

  beforeAll(async () => {
    engines = await startEngines()
    const config = { database: { url: await engines.createDatabase('instance_sigterm') }, redis: { url: engines.redisUrl } }
    ;[a, b] = await Promise.all([startServerProcess(config), startServerProcess(config)])
    balancer = await startLoopbackBalancer({ backends: [a, b].map((instance) => ({ host: '127.0.0.1', port: instance.port })), strategy: 'first-alive' })
    workers = Array.from({ length: PROCESSES }, (_, index) => startWorker(`p${index}`, `ws://127.0.0.1:${balancer.port}/relay`, b.relayUrl))
    await until(
      () => workers.every((w) => w.events.some((e) => e.event === 'paired')),
      () => `every process to pair its clients:\n${workers.map((w) => w.output().slice(-500)).join('\n---\n')}`,
      200_000,
    )
  }, 240_000)

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL')
    await balancer?.close()
    await Promise.all([a?.stop(), b?.stop()])
    await engines?.stop()
  })

  it('loses no request, and no sign-client process sees an unhandled rejection or an error answer', async () => {
    // Every dapp is on A through the balancer (the wallets talk to B directly).
    expect(balancer.openConnections()).toEqual([PROCESSES * PAIRS_PER_PROCESS, 0])
    for (const w of workers) w.child.stdin!.write('go\n')
    const answered = () => workers.reduce((sum, w) => sum + w.events.filter((e) => e.event === 'answered').length, 0)
    const total = PROCESSES * PAIRS_PER_PROCESS * REQUESTS
    // Mid-load: a fifth of the requests answered, the rest in flight or to come.
    await until(() => answered() >= total / 5, () => `${total / 5} answers (${answered()} so far)`, 120_000)
    const atSigterm = answered()
    await a.stop()
    expect(a.child.exitCode).toBe(0)
    expect(atSigterm).toBeLessThan(total)

    await until(() => workers.every((w) => w.events.some((e) => e.event === 'done')), () => `every process to finish (${answered()} of ${total} answered)`, 180_000)
    const codes = await Promise.all(workers.map((w) => w.exited))
    const reports = workers.map((w) => w.events.find((e) => e.event === 'done') as Extract<WorkerEvent, { event: 'done' }>)
    expect(reports.flatMap((report) => report.failures)).toEqual([])
    expect(reports.flatMap((report) => report.rejections)).toEqual([])
    expect(reports.flatMap((report) => report.relayErrors)).toEqual([])
    expect(reports.flatMap((report) => report.answered)).toEqual(Array.from({ length: PROCESSES * PAIRS_PER_PROCESS }, () => REQUESTS))
    expect(codes).toEqual(workers.map(() => 0))
    // The dapps moved to B.
    expect(balancer.openConnections()[0]).toBe(0)
    // A said what it did.
    expect(a.output()).toContain('SIGTERM: shutting down')
    expect(a.output()).toContain('Relay closed')
  }, 300_000)
})
