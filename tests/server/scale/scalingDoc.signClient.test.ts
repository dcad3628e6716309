// Acceptance 4 of issue 44: the configuration in docs/server/scaling.md, copied as is, starts the
// server and accepts a WalletConnect client. The JSON is read from the doc's "## Configuration"
// block (so the doc and this test cannot drift), written to a file and run with `server/main.ts`
// as an operator would; only the Postgres and Redis addresses come from the environment
// (`DATABASE_URL`, `REDIS_URL`, which the doc says override the file), pointing at throwaway
// engines on loopback. Two real `@walletconnect/sign-client`s pair through its relay and a dapp's
// personal_sign is answered by the wallet and verified here.
import { readFileSync } from 'node:fs'
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startServerProcess, type ServerProcess } from './helpers/startServerProcess.js'

const doc = readFileSync(new URL('../../../docs/server/scaling.md', import.meta.url), 'utf8')
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const chains = ['eip155:31337']

/** The first ```json block under "## Configuration", parsed. */
function configurationFromDoc(): Record<string, unknown> {
  const section = doc.slice(doc.indexOf('\n## Configuration\n'))
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1]
  if (!block) throw new Error('docs/server/scaling.md has no ```json block under "## Configuration"')
  return JSON.parse(block) as Record<string, unknown>
}

type Client = InstanceType<typeof SignClient>

async function initClient(name: string, relayUrl: string, projectId: string): Promise<Client> {
  const options: SignClientTypes.Options = {
    projectId,
    relayUrl,
    customStoragePrefix: `portico-scaling-doc-${name}-${Date.now()}`,
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: `Portico scaling doc test ${name}`, url: 'http://127.0.0.1', icons: [] },
  }
  return SignClient.init(options)
}

async function shutdown(client: Client | undefined): Promise<void> {
  if (!client) return
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}

describe('the configuration in docs/server/scaling.md, copied as is', () => {
  const config = configurationFromDoc()
  /** The project id an operator copying the example uses: the one the example lists. */
  const projectId = Object.keys((config.projects as Record<string, unknown> | undefined) ?? {})[0] ?? 'a-project-id'
  let engines: TestEngines
  let server: ServerProcess
  let dapp: Client | undefined
  let wallet: Client | undefined

  beforeAll(async () => {
    engines = await startEngines()
    const databaseUrl = await engines.createDatabase('scaling_doc')
    // The doc's own hosts (db.internal, cache.internal) are replaced the way it documents, by the environment.
    server = await startServerProcess(config, { defaults: false, env: { DATABASE_URL: databaseUrl, REDIS_URL: engines.redisUrl, HOST: '127.0.0.1' } })
  }, 180_000)

  afterAll(async () => {
    await shutdown(dapp)
    await shutdown(wallet)
    await server?.stop()
    await engines?.stop()
  })

  it('names a project (or an open default): without one every client is refused with 401', async () => {
    expect(config.database).toBeDefined()
    expect(config.redis).toBeDefined()
    const answer = await fetch(`${server.url}/appkit/v1/config?projectId=${projectId}&st=appkit&sv=1.0.0`)
    expect(answer.status, await answer.clone().text()).toBe(200)
  })

  it("accepts real sign-clients on its relay: they pair and a dapp's personal_sign is answered", async () => {
    // A sign-client the relay refuses (401 on the upgrade) never connects: its publish waits 60 s and times out.
    const ready = (client: Promise<Client>) => Promise.race([client, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the relay at ${server.relayUrl} did not accept a sign-client with projectId ${projectId} in 20 s`)), 20_000))])
    ;[dapp, wallet] = await Promise.all([ready(initClient('dapp', server.relayUrl, projectId)), ready(initClient('wallet', server.relayUrl, projectId))])
    const walletClient = wallet
    walletClient.on('session_proposal', async ({ id, params }) => {
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: { eip155: { chains, methods: ['personal_sign'], events: ['accountsChanged'], accounts: chains.map((chain) => `${chain}:${account.address}`) } },
      })
      const { acknowledged } = await walletClient.approve({ id, namespaces })
      await acknowledged()
    })
    walletClient.on('session_request', async ({ topic, id, params }) => {
      const [message] = params.request.params as [Hex, string]
      await walletClient.respond({ topic, response: { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: message } }) } })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains, methods: ['personal_sign'], events: ['accountsChanged'] } } })
    // Asked for before the wallet pairs: approval() called after the session settled never resolves.
    const approved = approval()
    await walletClient.pair({ uri: uri! })
    const session = await approved
    expect(session.namespaces.eip155?.accounts).toEqual([`${chains[0]}:${account.address}`])
    const message = toHex('Portico scaling doc')
    const signature = (await dapp.request({ topic: session.topic, chainId: chains[0]!, request: { method: 'personal_sign', params: [message, account.address] } })) as Hex
    expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)
  }, 90_000)
})
