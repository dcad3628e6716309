// Issue 54, acceptance 1: the official @walletconnect/sign-client (2.25) on both sides, pairs
// signing in a tight loop, and the relay restarted (`restartRelay()`, what `POST
// /sandbox/restart-relay` calls) while requests, responses, deliveries and their acknowledgements,
// a new pairing (subscribe, wc_proposeSession, wc_approveSession), a ping, an event and a
// disconnect are in flight. Every request is answered, none fails, and neither client raises an
// unhandled rejection. Before the relay drained, the frames it had not handled were answered
// with -32603; the client retries such a publish once, on its next heartbeat, and drops it for
// good (with an unhandled rejection) when the retry is refused too.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachRelay, type Relay } from '../../../server/relay/attachRelay.js'
import type { RelayDrainReport } from '../../../server/relay/RelayHub.js'
import { applyMigrations } from '../../../server/storage/applyMigrations.js'
import { createSqliteStorage } from '../../../server/storage/createSqliteStorage.js'
import type { SqlStorage } from '../../../server/storage/SqlStorage.js'
import { shutdownSignClient, type SignClientPair, signAcrossOutage, startSignClientPair } from '../../helpers/signClientPairs.js'
import { startTestServer } from '../helpers/startTestServer.js'

const PAIRS = 6

/** A relay to restart: its URL, the restart (resolving with the old relay's drain report), the end. */
type RelayUnderTest = { relayUrl: string; restart(): Promise<RelayDrainReport | undefined>; dispose(): Promise<void> }

/** The Portico server, restarted as the sandbox's POST /sandbox/restart-relay does. */
async function portico(): Promise<RelayUnderTest> {
  const server = await startTestServer({ relay: {}, indexer: false })
  return { relayUrl: `${server.url.replace(/^http/, 'ws')}/relay`, restart: () => server.restartRelay(), dispose: () => server.dispose() }
}

/**
 * The relay on a shared database under load: real SQLite whose every statement is answered
 * `delayMs` late, so the old relay is still handling frames (and more keep coming) while it drains.
 * Restarted as `restartRelay()` does: close, then a fresh relay on the same server and storage.
 */
async function onSlowStorage(delayMs: number): Promise<RelayUnderTest> {
  const db = new Database(':memory:')
  const fast = createSqliteStorage(db)
  await applyMigrations(fast)
  const later = <T>(value: Promise<T>) => value.then((result) => new Promise<T>((resolve) => setTimeout(() => resolve(result), delayMs)))
  const storage: SqlStorage = { ...fast, query: (sql, params) => later(fast.query(sql, params)), run: (sql, params) => later(fast.run(sql, params)) }
  const server = http.createServer()
  let relay: Relay = attachRelay(server, { path: '/relay', storage })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    relayUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`,
    async restart() {
      const report = await relay.close()
      relay = attachRelay(server, { path: '/relay', storage })
      return report
    },
    async dispose() {
      await relay.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      db.close()
    },
  }
}

describe.each([
  { relay: 'the Portico server (restartRelay)', start: portico },
  { relay: 'a relay whose storage answers 40 ms late', start: () => onSlowStorage(40) },
])('a restart of $relay under load, with the official sign-client on both sides', ({ start: startRelay }) => {
  let relay: RelayUnderTest
  let pairs: SignClientPair[]
  /** Paired before the restart, idle until it: pairs again (a second session), and disconnects. */
  let newcomer: SignClientPair
  let leaver: SignClientPair

  beforeAll(async () => {
    relay = await startRelay()
    const started = await Promise.all(['newcomer', 'leaver', ...Array.from({ length: PAIRS }, (_, index) => `pair${index}`)].map((name) => startSignClientPair(name, relay.relayUrl)))
    newcomer = started[0]!
    leaver = started[1]!
    pairs = started.slice(2)
  }, 60_000)

  afterAll(async () => {
    await Promise.all([...(pairs ?? []), newcomer, leaver].flatMap((pair) => (pair ? [shutdownSignClient(pair.dapp), shutdownSignClient(pair.wallet)] : [])))
    await relay?.dispose()
  })

  it('answers every request, fails none, raises no unhandled rejection, answers no frame with an error', async () => {
    const outcome = await signAcrossOutage({ pairs, newcomer, leaver, outage: () => relay.restart() })
    expect(outcome.failures).toEqual([])
    expect(outcome.rejections).toEqual([])
    // No answer the client treats as final: not one frame was answered with an error.
    expect(outcome.relayErrors).toEqual([])
    // The old relay drained: it answered publishes and took acknowledgements after the restart began.
    expect(outcome.outageResult?.handled.irn_publish ?? 0).toBeGreaterThan(0)
    expect(outcome.outageResult?.handled.ack ?? 0).toBeGreaterThan(0)
  }, 150_000)
})
