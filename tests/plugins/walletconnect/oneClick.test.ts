import '../../helpers/walletConnectLoaded.js'
import '../../helpers/eip155Loaded.js'
import '../../helpers/siwxLoaded.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import { autorun } from 'mobx'
import { SiweMessage } from 'siwe'
import { verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConnectionRejectedError, createPorticoKernel, ProviderRpcError, type BaseError, type Network, type Portico } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { siwx, type SiwxSession, type SiwxStore } from '../../../plugins/siwx/index.js'
import { walletConnect, type WalletConnectStore } from '../../../plugins/walletconnect/index.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startRelayServer, type RelayServer } from '../../server/relay/helpers/startRelayServer.js'
import { memoryKeyValueStorage } from './helpers/memoryKeyValueStorage.js'
import { startTestWallet, type TestWallet } from './helpers/startTestWallet.js'
import { afterCheck } from '../siwx/helpers/recordingPage.js'
import { waitFor } from './helpers/waitFor.js'

// anvil's account 0 (public test key) is the wallet.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const domain = '127.0.0.1:4700'
const siteUri = 'http://127.0.0.1:4700/'
const sessionsKey = '@portico/siwx_sessions'
const walletMethods = ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']

let dir: string
let relay: RelayServer
let anvilA: Anvil
let anvilB: Anvil
let devnetA: Network
let devnetB: Network
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-wc-oneclick-'))
  ;[anvilA, anvilB, relay] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 }), startRelayServer({ dbPath: join(dir, 'relay.db') })])
  devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvilA.rpcUrl] })
  devnetB = defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [anvilB.rpcUrl] })
})

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
})

afterAll(async () => {
  await relay?.stop()
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
  rmSync(dir, { recursive: true, force: true })
})

let counter = 0

/** A site with eip155 + walletConnect + siwx, recording every pairing URI shown, every view opened and every error. */
type Reload = { storage: ReturnType<typeof memoryStorage>; kv: ReturnType<typeof memoryKeyValueStorage>; prefix: string }

function createSite({ pairingWindowMs, reload }: { pairingWindowMs?: number; reload?: Reload } = {}) {
  counter += 1
  // "Reload": the same browser storage (Portico's and the sign-client's) in a new instance.
  const storage = reload?.storage ?? memoryStorage()
  const kv = reload?.kv ?? memoryKeyValueStorage()
  const prefix = reload?.prefix ?? `portico-test-oneclick-${process.pid}-${counter}`
  const portico: Portico = createPorticoKernel({
    projectId: 'portico-test',
    networks: [devnetA, devnetB],
    plugins: [
      eip155({}, { window: null }),
      walletConnect(
        { relayUrl: relay.url },
        { storage: kv, storagePrefix: prefix, ...(pairingWindowMs ? { pairingWindowMs } : {}) },
      ),
      siwx({ domain, uri: siteUri, statement: 'Sign in to the Portico demo.' }),
    ],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  cleanups.push(() => portico.destroy())
  const wc = portico.getStore<WalletConnectStore>('walletconnect') as WalletConnectStore
  const signIn = portico.getStore<SiwxStore>('siwx') as SiwxStore
  const uris: string[] = []
  const views: string[] = []
  const errors: BaseError[] = []
  portico.hooks.error.tap('test', ({ error }) => void errors.push(error))
  const stop = autorun(() => {
    const uri = wc.uri
    if (uri && uris.at(-1) !== uri) uris.push(uri)
    const { modal, router } = portico.stores
    if (modal.open && views.at(-1) !== router.view) views.push(router.view)
  })
  cleanups.push(async () => stop())
  const sessions = () => JSON.parse(storage.data.get(sessionsKey) ?? '[]') as SiwxSession[]
  const signView = () => portico.stores.modal.open && portico.stores.router.view === 'SIWXSignMessage'
  return { portico, wc, signIn, uris, views, errors, sessions, signView, reload: { storage, kv, prefix } as Reload }
}

async function wallet(name: string): Promise<TestWallet> {
  const started = await startTestWallet({ relayUrl: relay.url, account, rpcUrls: { 'eip155:31337': anvilA.rpcUrl, 'eip155:31338': anvilB.rpcUrl }, name })
  cleanups.push(() => started.stop())
  return started
}

/** A wallet that supports one-click sign-in: it signs one CACAO per requested chain it serves, with its viem account. */
function signInWithCacaos(testWallet: TestWallet, requests: unknown[] = []): void {
  const { client } = testWallet
  client.on('session_authenticate', async ({ id, params }) => {
    requests.push(params.authPayload)
    const payload = populateAuthPayload({ authPayload: params.authPayload, chains: ['eip155:31337', 'eip155:31338'], methods: walletMethods })
    const auths = []
    for (const chain of payload.chains) {
      const iss = `did:pkh:${chain}:${account.address}`
      const message = client.formatAuthMessage({ request: payload, iss })
      auths.push(buildAuthObject(payload, { t: 'eip191', s: await account.signMessage({ message }) }, iss))
    }
    await client.approveSessionAuthenticate({ id, auths })
  })
}

describe('walletconnect: one-click sign-in (wc_sessionAuthenticate) with a real sign-client wallet', () => {
  it('one URI, the wallet signs CACAOs: connected and signed in, no sign view, no personal_sign; the stored sessions verify', async () => {
    const site = createSite()
    const w = await wallet('One-click Wallet')
    const asked: unknown[] = []
    signInWithCacaos(w, asked)

    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    const uri = await waitFor(() => site.wc.uri, 'a pairing URI')
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(site.wc.status).toBe('waiting')
    // The sign-in check the connection sets off finds the one-click session and is over before the
    // checks below (a prompt comes only from a check).
    const snapshot = await afterCheck(site.signIn, async () => {
      await w.pair(uri)
      return connecting
    })
    expect(snapshot).toMatchObject({ status: 'connected', address: account.address, connectorId: 'walletConnect', caipAddress: `eip155:31337:${account.address}` })
    // Signed in before the connection was reported, on both devnets.
    expect(site.signIn.isSigned('eip155:31337', account.address)).toBe(true)
    expect(site.signIn.isSigned('eip155:31338', account.address)).toBe(true)
    expect(site.uris).toEqual([uri])
    expect(site.views).not.toContain('SIWXSignMessage')
    expect(site.portico.getState().open).toBe(false)
    expect(w.proposals).toHaveLength(0)
    expect(w.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(0)
    expect(site.errors).toEqual([])

    // The request carried the sign-in plugin's fields; the wallet saw both devnets.
    expect(asked[0]).toMatchObject({ domain, aud: siteUri, chains: ['eip155:31337', 'eip155:31338'], nonce: expect.stringMatching(/^[A-Za-z0-9]{16}$/) })

    // What was stored is exact EIP-4361 text the wallet's key signed, one session per chain.
    const stored = site.sessions()
    expect(stored.map((s) => s.data.chainId).sort()).toEqual(['eip155:31337', 'eip155:31338'])
    for (const session of stored) {
      const parsed = new SiweMessage(session.message)
      expect(parsed).toMatchObject({ domain, uri: siteUri, address: account.address, chainId: Number(session.data.chainId.split(':')[1]), nonce: (asked[0] as { nonce: string }).nonce })
      expect(session.message).toContain('Sign in to the Portico demo.')
      expect(await verifyMessage({ address: account.address, message: session.message, signature: session.signature as Hex })).toBe(true)
      expect(session.cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:${session.data.chainId}:${account.address}` }, s: { t: 'eip191', s: session.signature } })
    }

    // The session the CACAOs settled is a real one: a request goes through it.
    const signature = await site.portico.signMessage({ message: 'After one-click' })
    expect(await verifyMessage({ address: account.address, message: 'After one-click', signature: signature as Hex })).toBe(true)
    expect(w.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })

    // Reload: the session is restored and the stored sign-in still holds, so no prompt.
    await site.portico.destroy()
    const again = createSite({ reload: site.reload })
    await again.portico.ready()
    expect(again.portico.getState().connections.eip155).toMatchObject({ status: 'connected', address: account.address, connectorId: 'walletConnect' })
    await waitFor(() => again.signIn.isSigned('eip155:31337', account.address), 'the stored sign-in to be checked')
    // The check that found it is over (a prompt comes only from a check).
    expect(again.signIn.status).toBe('idle')
    expect(again.views).not.toContain('SIWXSignMessage')
    expect(again.portico.getState().open).toBe(false)
  }, 30_000)

  it('a wallet that only answers proposals: the same URI connects, then the sign view asks to sign (connect-then-sign)', async () => {
    const site = createSite()
    const w = await wallet('Proposal-only Wallet')
    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    const uri = await waitFor(() => site.wc.uri, 'a pairing URI')
    await w.pair(uri)
    expect(await connecting).toMatchObject({ status: 'connected', address: account.address })
    expect(site.uris).toEqual([uri])
    expect(w.proposals).toHaveLength(1)
    await waitFor(() => site.signView() && site.signIn.status === 'ready', 'the sign view')
    expect(site.signIn.isSigned('eip155:31337', account.address)).toBe(false)
    // Signing goes through personal_sign on the session; the session is then stored.
    await site.portico.signIn()
    expect(w.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
    expect(site.signIn.isSigned('eip155:31337', account.address)).toBe(true)
    expect(site.portico.getState().open).toBe(false)
  }, 30_000)

  it('a wallet whose client does not know wc_sessionAuthenticate (answers 10001 unsupported): the fallback proposal on the same URI, then the sign view', async () => {
    const site = createSite()
    const w = await wallet('Older Wallet')
    // What a client without one-click does: its pairing answers the request "method unsupported".
    const pairing = w.client.core.pairing as unknown as { registeredMethods: string[] }
    pairing.registeredMethods = pairing.registeredMethods.filter((m) => m !== 'wc_sessionAuthenticate')
    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    const uri = await waitFor(() => site.wc.uri, 'a pairing URI')
    await w.pair(uri)
    expect(await connecting).toMatchObject({ status: 'connected', address: account.address })
    expect(site.uris).toEqual([uri])
    await waitFor(() => site.signView() && site.signIn.status === 'ready', 'the sign view')
    expect(site.signIn.isSigned('eip155:31337', account.address)).toBe(false)
  }, 30_000)

  it('a wallet that rejects one-click as unsupported (5100): a fresh URI for an ordinary pairing, then the sign view', async () => {
    const site = createSite()
    const w = await wallet('Refusing Wallet')
    w.client.on('session_authenticate', async ({ id }) => {
      await w.client.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
    })
    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    const first = await waitFor(() => site.wc.uri, 'a pairing URI')
    await w.pair(first)
    const second = await waitFor(() => site.uris[1], 'a fresh pairing URI')
    expect(second).not.toBe(first)
    expect(second).not.toContain('wc_sessionAuthenticate')
    await w.pair(second)
    expect(await connecting).toMatchObject({ status: 'connected', address: account.address })
    expect(w.proposals).toHaveLength(1)
    await waitFor(() => site.signView() && site.signIn.status === 'ready', 'the sign view')
    expect(w.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(0)
  }, 30_000)

  it('a wallet that answers 10001 but never the fallback proposal: when the pairing window ends, the fresh URI is an ordinary pairing', async () => {
    // A window of 10.6 s counts as expired 10 s early: 0.6 s.
    const site = createSite({ pairingWindowMs: 10_600 })
    const w = await wallet('Silent Wallet')
    w.client.on('session_authenticate', async ({ id }) => {
      await w.client.rejectSessionAuthenticate({ id, reason: getSdkError('WC_METHOD_UNSUPPORTED', 'wc_sessionAuthenticate') })
    })
    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    await w.pair(await waitFor(() => site.wc.uri, 'a pairing URI'))
    const second = await waitFor(() => site.uris[1], 'a fresh pairing URI')
    expect(second).not.toContain('wc_sessionAuthenticate')
    expect(w.proposals).toHaveLength(0)
    await w.pair(second)
    expect(await connecting).toMatchObject({ status: 'connected', address: account.address })
    await waitFor(() => site.signView() && site.signIn.status === 'ready', 'the sign view')
  }, 30_000)

  it('a contract-account CACAO (eip1271) is not sent to rpc.walletconnect.org for checking: a fresh ordinary pairing instead, then the sign view', async () => {
    const site = createSite()
    const w = await wallet('Contract Wallet')
    signInWithCacaos(w)
    // The wallet labels its CACAOs eip1271 on the wire (after its own client checked them as EOA signatures).
    const crypto = w.client.core.crypto
    const encode = crypto.encode.bind(crypto)
    crypto.encode = (async (topic: string, payload: { result?: { cacaos?: { s: { t: string } }[] } }, options?: unknown) => {
      for (const cacao of payload?.result?.cacaos ?? []) cacao.s.t = 'eip1271'
      return encode(topic, payload as never, options as never)
    }) as typeof crypto.encode
    const hosts: string[] = []
    const guarded = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      hosts.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).hostname)
      return guarded(input, init)
    }) as typeof fetch
    cleanups.push(async () => {
      globalThis.fetch = guarded
    })
    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    const first = await waitFor(() => site.wc.uri, 'a pairing URI')
    await w.pair(first)
    const second = await waitFor(() => site.uris[1], 'a fresh pairing URI')
    expect(second).not.toContain('wc_sessionAuthenticate')
    await w.pair(second)
    expect(await connecting).toMatchObject({ status: 'connected', address: account.address })
    await waitFor(() => site.signView() && site.signIn.status === 'ready', 'the sign view')
    expect(hosts.filter((h) => h !== '127.0.0.1')).toEqual([])
    expect(site.sessions()).toEqual([])
  }, 30_000)

  it('a visitor who refuses to sign in in the wallet: connect fails with a user rejection, nothing is stored', async () => {
    const site = createSite()
    const w = await wallet('Declining Wallet')
    w.client.on('session_authenticate', async ({ id }) => {
      await w.client.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
    })
    const connecting = site.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    connecting.catch(() => undefined)
    await w.pair(await waitFor(() => site.wc.uri, 'a pairing URI'))
    const error = await connecting.then(
      () => undefined,
      (e: unknown) => e,
    )
    // The kernel reports the wallet's "User rejected." (5000) as a rejected connection.
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    const cause = (error as ConnectionRejectedError).cause
    expect(cause).toBeInstanceOf(ProviderRpcError)
    expect((cause as ProviderRpcError).isUserRejection).toBe(true)
    expect(site.wc.status).toBe('error')
    expect(site.portico.getState().connections.eip155?.status).toBe('disconnected')
    expect(site.sessions()).toEqual([])
  }, 30_000)
})
