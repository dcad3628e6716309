import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import pg from 'pg'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackBalancer, type LoopbackBalancer } from '../../../server/scale/startLoopbackBalancer.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startServerProcess, type ServerProcess } from './helpers/startServerProcess.js'

// Acceptance 1 of issue 28: two server instances on one Postgres and one Redis; a real
// sign-client dapp on instance A (through a loopback balancer), a real wallet on instance B.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const chains = ['eip155:31337']
const REQUESTS = 100

type Client = InstanceType<typeof SignClient>

async function initClient(name: string, relayUrl: string): Promise<Client> {
  const options: SignClientTypes.Options = {
    projectId: 'portico-scale-test',
    relayUrl,
    customStoragePrefix: `portico-scale-test-${name}-${Date.now()}`,
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: `Portico scale test ${name}`, url: 'http://127.0.0.1', icons: [] },
  }
  return SignClient.init(options)
}

async function shutdown(client: Client | undefined): Promise<void> {
  if (!client) return
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}

describe('two server instances on Postgres + Redis with real sign-clients', () => {
  let engines: TestEngines
  let databaseUrl: string
  let a: ServerProcess
  let b: ServerProcess
  let balancer: LoopbackBalancer
  let dapp: Client
  let wallet: Client
  let session: SessionTypes.Struct
  /** Every request message the wallet received (by JSON-RPC id) and every answer the dapp got. */
  const walletReceived = new Set<number>()
  const dappAnswered: string[] = []
  /** While set, the wallet holds its answers until the promise resolves. */
  let holdAnswers: Promise<void> | undefined
  let onHeldRequest: (() => void) | undefined

  beforeAll(async () => {
    engines = await startEngines()
    databaseUrl = await engines.createDatabase('two_instances')
    const config = { database: { url: databaseUrl }, redis: { url: engines.redisUrl } }
    ;[a, b] = await Promise.all([startServerProcess(config), startServerProcess(config)])
    // The dapp reaches the relay through the balancer: A while it lives, then B.
    balancer = await startLoopbackBalancer({
      backends: [a, b].map((instance) => ({ host: '127.0.0.1', port: instance.port })),
      strategy: 'first-alive',
    })
    dapp = await initClient('dapp', `ws://127.0.0.1:${balancer.port}/relay`)
    wallet = await initClient('wallet', b.relayUrl)

    wallet.on('session_proposal', async ({ id, params }) => {
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: {
          eip155: { chains, methods: ['personal_sign'], events: ['accountsChanged'], accounts: chains.map((chain) => `${chain}:${account.address}`) },
        },
      })
      const { acknowledged } = await wallet.approve({ id, namespaces })
      await acknowledged()
    })
    wallet.on('session_request', async ({ topic, id, params }) => {
      walletReceived.add(id)
      const [message] = params.request.params as [Hex, string]
      const signature = await account.signMessage({ message: { raw: message } })
      if (holdAnswers) {
        onHeldRequest?.()
        await holdAnswers
      }
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })
  }, 180_000)

  afterAll(async () => {
    await shutdown(dapp)
    await shutdown(wallet)
    await balancer?.close()
    await Promise.all([a?.stop(), b?.stop()])
    await engines?.stop()
  })

  async function sign(text: string): Promise<void> {
    const message = toHex(text)
    const signature = (await dapp.request({
      topic: session.topic,
      chainId: chains[0]!,
      request: { method: 'personal_sign', params: [message, account.address] },
    })) as Hex
    expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)
    dappAnswered.push(text)
  }

  it('pairs and approves with the dapp on instance A and the wallet on instance B', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains, methods: ['personal_sign'], events: ['accountsChanged'] } },
    })
    // Asked for before the wallet pairs: approval() called after the session settled never resolves.
    const approved = approval()
    await wallet.pair({ uri: uri! })
    session = await approved
    expect(session.namespaces.eip155?.accounts).toEqual([`${chains[0]}:${account.address}`])
    // The dapp's only connection is to A; the wallet's to B.
    expect(balancer.openConnections()).toEqual([1, 0])
    expect(balancer.totalConnections()[1]).toBe(0)
  }, 30_000)

  it(`answers ${REQUESTS} requests across the two instances`, async () => {
    for (let i = 0; i < REQUESTS; i += 1) await sign(`request ${i}`)
    expect(dappAnswered).toHaveLength(REQUESTS)
    expect(walletReceived.size).toBe(REQUESTS)
  }, 120_000)

  it('loses nothing when A is killed mid-request: the dapp reconnects to B and gets the answer', async () => {
    // The wallet receives the request through B, then holds its answer while A dies.
    let release!: () => void
    holdAnswers = new Promise<void>((resolve) => (release = resolve))
    const held = new Promise<void>((resolve) => (onHeldRequest = resolve))
    const inFlight = sign('request while A dies')
    await held
    await a.kill()
    release()
    holdAnswers = undefined
    // The answer was published on B while the dapp had no relay: it waits in the Postgres
    // mailbox and reaches the dapp when it reconnects (to B, the only one alive).
    await inFlight
    expect(balancer.totalConnections()[1]).toBeGreaterThanOrEqual(1)
    expect(balancer.openConnections()).toEqual([0, 1])
    await sign('the next request, on B')
    expect(dappAnswered).toHaveLength(REQUESTS + 2)
    expect(walletReceived.size).toBe(REQUESTS + 2)
  }, 60_000)

  it('has had every message acknowledged: the shared mailbox ends empty', async () => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const count = async () => Number((await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM relay_messages')).rows[0]!.n)
      const deadline = Date.now() + 10_000
      let left = await count()
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        left = await count()
      }
      expect(left).toBe(0)
    } finally {
      await client.end()
    }
  }, 20_000)
})
