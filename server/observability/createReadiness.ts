import type { Redis } from 'ioredis'
import type { ChainConfig } from '../createServer.js'
import type { SqlStorage } from '../storage/SqlStorage.js'
import type { ServerMetrics } from './createMetrics.js'

/** One check of `/readyz`. */
export type ReadinessCheck = { ok: boolean; ms: number; error?: string }

/** The `/readyz` answer: `down` names every check that failed. */
export type Readiness = { ready: boolean; down: string[]; checks: Record<string, ReadinessCheck> }

export type CreateReadinessParameters = {
  storage: SqlStorage
  redis?: Redis
  chains: readonly ChainConfig[]
  /** Longest a check may take before it counts as down, in ms. */
  timeoutMs: number
  metrics?: ServerMetrics
  /** How long one round of checks answers later calls, in ms (default 1000): a flood of `/readyz` is not a flood of upstream calls. */
  reuseMs?: number
}

/** How a chain's upstream is asked whether it answers, by namespace: a JSON-RPC method, or a REST path. */
const probes: Record<string, { method: string } | { path: string }> = {
  eip155: { method: 'eth_chainId' },
  solana: { method: 'getHealth' },
  sui: { method: 'sui_getChainIdentifier' },
  polkadot: { method: 'system_health' },
  bip122: { path: '/blocks/tip/height' },
  stacks: { path: '/v2/info' },
  cosmos: { path: '/cosmos/base/tendermint/v1beta1/node_info' },
}

async function within<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs)
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await Promise.race([
      work(signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Why a check failed, for a public answer: a timeout, a system error code (ECONNREFUSED) or the
 * message, never a URL or a host and port (an upstream URL may carry an API key).
 */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return 'failed'
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code
  if (typeof code === 'string' && /^[A-Z_]{3,40}$/.test(code)) return code
  return error.message.replace(/\S+:\/\/\S*/g, '[url]').replace(/\S+:\d{2,5}\b/g, '[address]').slice(0, 200)
}

async function probeChain(chain: ChainConfig, signal: AbortSignal): Promise<void> {
  const probe = probes[chain.caipNetworkId.split(':')[0] ?? ''] ?? { method: 'eth_chainId' }
  if ('path' in probe) {
    const response = await fetch(`${chain.rpcUrl.replace(/\/+$/, '')}${probe.path}`, { signal })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return
  }
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: probe.method, params: [] }),
    signal,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const body = JSON.parse(text) as { result?: unknown; error?: unknown }
  // An answer, even a JSON-RPC error (a method the node does not serve), shows the node is up.
  if (body === null || typeof body !== 'object' || !('result' in body || 'error' in body)) throw new Error('not a JSON-RPC answer')
}

/**
 * The readiness of one instance (`GET /readyz`): its database answers `SELECT 1`, its Redis (when
 * configured) answers PING, and each configured chain's upstream answers a cheap call, each within
 * `timeoutMs`; all checks run at once. Concurrent callers share one round of checks, and a round
 * answers the calls of the next `reuseMs` too, so probes never reach the upstreams more than once
 * a second however often `/readyz` is called.
 *
 * @returns `check()`, resolving with what is up and what is down
 * @example
 * const readiness = createReadiness({ storage, chains: config.chains, timeoutMs: 2000 })
 * const { ready, down } = await readiness.check()
 */
export function createReadiness({ storage, redis, chains, timeoutMs, metrics, reuseMs = 1_000 }: CreateReadinessParameters): { check(): Promise<Readiness> } {
  let running: Promise<Readiness> | undefined
  let last: { at: number; result: Readiness } | undefined
  const run = async (): Promise<Readiness> => {
    const named: [string, (signal: AbortSignal) => Promise<unknown>, string | undefined][] = [
      ['database', () => storage.query('SELECT 1 AS one', []), undefined],
      ...(redis ? [['redis', () => redis.ping(), undefined] as [string, () => Promise<unknown>, undefined]] : []),
      ...chains.map((chain) => [`chain:${chain.caipNetworkId}`, (signal: AbortSignal) => probeChain(chain, signal), chain.caipNetworkId] as [string, (signal: AbortSignal) => Promise<unknown>, string]),
    ]
    const results = await Promise.all(
      named.map(async ([name, work, chain]): Promise<[string, ReadinessCheck]> => {
        const started = performance.now()
        try {
          await within(work, timeoutMs)
          const ms = Math.round(performance.now() - started)
          if (chain) metrics?.upstreamDuration.observe({ chain, outcome: 'ok' }, ms / 1000)
          return [name, { ok: true, ms }]
        } catch (error) {
          const ms = Math.round(performance.now() - started)
          if (chain) metrics?.upstreamDuration.observe({ chain, outcome: 'error' }, ms / 1000)
          return [name, { ok: false, ms, error: reasonOf(error, timeoutMs) }]
        }
      }),
    )
    const checks = Object.fromEntries(results)
    const down = results.filter(([, check]) => !check.ok).map(([name]) => name)
    return { ready: down.length === 0, down, checks }
  }
  return {
    check() {
      if (last && performance.now() - last.at < reuseMs) return Promise.resolve(last.result)
      running ??= run()
        .then((result) => {
          last = { at: performance.now(), result }
          return result
        })
        .finally(() => {
          running = undefined
        })
      return running
    },
  }
}
