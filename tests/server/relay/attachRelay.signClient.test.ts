import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelayServer, type RelayServer } from './helpers/startRelayServer.js'
import { waitUntil } from './helpers/RawRelayClient.js'

// The first account of the standard test mnemonic (anvil's account 0).
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const chains = ['eip155:31337', 'eip155:31338']

type Client = InstanceType<typeof SignClient>

async function initClient(name: string, relayUrl: string): Promise<Client> {
  const options: SignClientTypes.Options = {
    projectId: 'portico-test',
    relayUrl,
    customStoragePrefix: `portico-relay-test-${name}`,
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: `Portico relay test ${name}`, url: 'http://127.0.0.1', icons: [] },
  }
  return SignClient.init(options)
}

async function shutdown(client: Client | undefined): Promise<void> {
  if (!client) return
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}

describe('attachRelay with two real @walletconnect/sign-client 2.25 clients', () => {
  let dir: string
  let relayServer: RelayServer
  let dapp: Client
  let wallet: Client
  let session: SessionTypes.Struct

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-relay-'))
    relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db') })
    dapp = await initClient('dapp', relayServer.url)
    wallet = await initClient('wallet', relayServer.url)

    wallet.on('session_proposal', async ({ id, params }) => {
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: {
          eip155: {
            chains,
            methods: ['personal_sign'],
            events: ['chainChanged', 'accountsChanged'],
            accounts: chains.map((chain) => `${chain}:${account.address}`),
          },
        },
      })
      const { acknowledged } = await wallet.approve({ id, namespaces })
      await acknowledged()
    })
    wallet.on('session_request', async ({ topic, id, params }) => {
      const [message] = params.request.params as [Hex, string]
      const signature = await account.signMessage({ message: { raw: message } })
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })
  })

  afterAll(async () => {
    await shutdown(dapp)
    await shutdown(wallet)
    await relayServer?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('pairs and approves an eip155 session for 31337 and 31338', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains, methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] },
      },
    })
    expect(uri).toMatch(/^wc:/)
    // Asked for before the wallet pairs: approval() called after the session settled never resolves.
    const approved = approval()
    await wallet.pair({ uri: uri! })
    session = await approved
    expect(session.namespaces.eip155?.accounts).toEqual(chains.map((chain) => `${chain}:${account.address}`))
    expect(wallet.session.get(session.topic).topic).toBe(session.topic)
    expect(relayServer.relay.clientCount()).toBe(2)
  }, 20_000)

  it('carries personal_sign to the wallet and a real signature back', async () => {
    const message = toHex('Sign in to Portico')
    const signature = (await dapp.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [message, account.address] },
    })) as Hex
    expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)
  }, 20_000)

  it('delivers a wallet event to the dapp', async () => {
    const seen = new Promise<{ name: string; data: unknown; chainId: string }>((resolve) => {
      dapp.once('session_event', ({ params }) => resolve({ ...params.event, chainId: params.chainId }))
    })
    await wallet.emit({ topic: session.topic, event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31338' })
    expect(await seen).toEqual({ name: 'chainChanged', data: 31338, chainId: 'eip155:31338' })
  }, 20_000)

  it('survives a relay restart on the same port with the same database', async () => {
    const { port } = relayServer
    const dbPath = join(dir, 'relay.db')
    await relayServer.stop()
    relayServer = await startRelayServer({ dbPath, port })
    // Quirk 9: wait until both clients are back (they reconnect and batch-subscribe by themselves).
    await waitUntil(() => (relayServer.relay.clientCount() >= 2 ? true : undefined), 15_000, 'both clients to reconnect')
    // The relay keeps what is published to a topic until its subscriber comes back: no wait for the resubscription.

    const message = toHex('After the restart')
    const signature = (await dapp.request({
      topic: session.topic,
      chainId: 'eip155:31338',
      request: { method: 'personal_sign', params: [message, account.address] },
    })) as Hex
    expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)
  }, 20_000)

  it('delivers the dapp disconnect to the wallet as session_delete', async () => {
    const deleted = new Promise<string>((resolve) => wallet.once('session_delete', ({ topic }) => resolve(topic)))
    await dapp.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    expect(await deleted).toBe(session.topic)
    expect(wallet.session.getAll().some((s) => s.topic === session.topic)).toBe(false)
  }, 20_000)

  it('has had every message acknowledged by the real clients: the mailbox is empty', async () => {
    // The clients answer the relay's 19-digit push ids themselves; only exact ids delete the messages.
    const count = () => relayServer.db.prepare('SELECT COUNT(*) FROM relay_messages').pluck().get() as number
    await waitUntil(() => (count() === 0 ? true : undefined), 5000, 'an empty mailbox')
    expect(count()).toBe(0)
  }, 20_000)
})
