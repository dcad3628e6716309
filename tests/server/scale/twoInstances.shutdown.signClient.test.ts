// Issue 54, acceptance 2 (and the relay half of issue 51's draining shutdown): two server instances
// on one Postgres and one Redis; the dapps reach the relay through a loopback balancer (instance A
// while it lives, then B), the wallets talk to B. Instance A is stopped with SIGTERM, as an
// orchestrator stops a process, while the pairs sign in a tight loop and a new pairing, a ping, an
// event and a disconnect are in flight. A drains: every frame it received is answered (the
// publishes stored in Postgres, the wallets' answers reaching it through Redis), each socket is
// closed once it owes nothing, the dapps reconnect through the balancer to B, and nothing is lost:
// every request is answered, none fails, no client raises an unhandled rejection or is answered
// with an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackBalancer, type LoopbackBalancer } from '../../../server/scale/startLoopbackBalancer.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { shutdownSignClient, type SignClientPair, signAcrossOutage, startSignClientPair } from '../../helpers/signClientPairs.js'
import { startServerProcess, type ServerProcess } from './helpers/startServerProcess.js'

const PAIRS = 4

describe('SIGTERM to one of two instances under load, with the official sign-client on both sides', () => {
  let engines: TestEngines
  let a: ServerProcess
  let b: ServerProcess
  let balancer: LoopbackBalancer
  let pairs: SignClientPair[] = []
  let newcomer: SignClientPair | undefined
  let leaver: SignClientPair | undefined

  beforeAll(async () => {
    engines = await startEngines()
    const config = { database: { url: await engines.createDatabase('instance_shutdown') }, redis: { url: engines.redisUrl } }
    ;[a, b] = await Promise.all([startServerProcess(config), startServerProcess(config)])
    balancer = await startLoopbackBalancer({
      backends: [a, b].map((instance) => ({ host: '127.0.0.1', port: instance.port })),
      strategy: 'first-alive',
    })
    const dappRelay = `ws://127.0.0.1:${balancer.port}/relay`
    const started = await Promise.all(
      ['newcomer', 'leaver', ...Array.from({ length: PAIRS }, (_, index) => `pair${index}`)].map((name) => startSignClientPair(name, dappRelay, b.relayUrl)),
    )
    newcomer = started[0]!
    leaver = started[1]!
    pairs = started.slice(2)
    // Every dapp is on A, every wallet on B.
    expect(balancer.openConnections()).toEqual([PAIRS + 2, 0])
  }, 180_000)

  afterAll(async () => {
    await Promise.all([...pairs, newcomer, leaver].flatMap((pair) => (pair ? [shutdownSignClient(pair.dapp), shutdownSignClient(pair.wallet)] : [])))
    await balancer?.close()
    await Promise.all([a?.stop(), b?.stop()])
    await engines?.stop()
  })

  it('loses nothing: every request is answered on B, none fails, no unhandled rejection, no error answer', async () => {
    const outcome = await signAcrossOutage({
      pairs,
      newcomer: newcomer!,
      leaver: leaver!,
      // SIGTERM, and wait for A to exit (it drains its relay first).
      outage: () => a.stop(),
    })
    expect(a.child.exitCode).toBe(0)
    expect(outcome.failures).toEqual([])
    expect(outcome.rejections).toEqual([])
    expect(outcome.relayErrors).toEqual([])
    // The dapps moved to B.
    expect(balancer.openConnections()[0]).toBe(0)
    expect(balancer.openConnections()[1]).toBeGreaterThanOrEqual(PAIRS + 1)
  }, 180_000)
})
