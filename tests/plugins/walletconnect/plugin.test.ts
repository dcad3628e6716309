import '../../helpers/walletConnectLoaded.js'
import '../../helpers/eip155Loaded.js'
import '../../helpers/solanaLoaded.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectFailedError, createPorticoKernel, InvalidPluginOptionsError, storageKeys, type DirectoryWallet, type Network } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { walletConnect, type WalletConnectStore } from '../../../plugins/walletconnect/index.js'
import { RelayUnavailableError, WalletConnectConfigError } from '../../../plugins/walletconnect/errors.js'
import { startRelayServer, type RelayServer } from '../../server/relay/helpers/startRelayServer.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { createDapp, type Dapp } from './helpers/createDapp.js'
import { memoryKeyValueStorage } from './helpers/memoryKeyValueStorage.js'
import { startTestWallet, type TestWallet } from './helpers/startTestWallet.js'
import { waitFor } from './helpers/waitFor.js'

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const devnetA: Network = defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:9'] })
const devnetB: Network = defineNetwork({ id: 31338, name: 'B', rpcUrls: ['http://127.0.0.1:9'] })
const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))

let dir: string
let relay: RelayServer
let wallet: TestWallet
const destroyers: (() => Promise<void>)[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-wc-plugin-'))
  relay = await startRelayServer({ dbPath: join(dir, 'relay.db') })
  wallet = await startTestWallet({ relayUrl: relay.url, account, rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9', 'eip155:31338': 'http://127.0.0.1:9' } })
})

afterAll(async () => {
  for (const destroy of destroyers) await destroy()
  await wallet?.stop()
  await relay?.stop()
  rmSync(dir, { recursive: true, force: true })
})

function track(dapp: Dapp): Dapp {
  destroyers.push(() => dapp.portico.destroy())
  return dapp
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('walletconnect: the plugin contract', () => {
  it('passes the structural plugin checks (taps, declared hooks and views, disposer)', async () => {
    const report = await checkPlugin({ plugin: walletConnect({ relayUrl: relay.url }), networks: [devnetA], withPlugins: [eip155({}, { window: null })] })
    expect(report.issues).toEqual([])
    const ours = report.taps.filter((t) => t.name === 'walletconnect')
    expect(new Set(ours.map((t) => t.hook))).toEqual(new Set(['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'registerViews', 'modalClosed']))
    expect(ours.filter((t) => t.namespace !== undefined).every((t) => t.namespace === 'eip155')).toBe(true)
  })

  it('validates its options from meta', () => {
    const make = (options: Record<string, unknown>) => () =>
      createPorticoKernel({ projectId: 'p', networks: [devnetA], plugins: [eip155({}, { window: null }), walletConnect(options as never)], storage: memoryStorage() })
    expect(make({ relayUrl: 'https://relay.example' })).toThrow(InvalidPluginOptionsError)
    expect(make({ relayUrl: 'javascript:alert(1)' })).toThrow(InvalidPluginOptionsError)
    expect(make({ verify: 'yes' })).toThrow(InvalidPluginOptionsError)
    expect(make({ telemetry: true })).toThrow(InvalidPluginOptionsError)
    expect(make({ relayUrl: 'wss://relay.example/relay', projectId: 'x', verify: false })).not.toThrow()
  })

  it('registers its views lazily under its own name, for the full and the basic flow', async () => {
    const dapp = track(createDapp({ relayUrl: relay.url, networks: [devnetA] }))
    for (const id of ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic']) {
      expect(dapp.portico.views.get(id)?.owner).toBe('walletconnect')
    }
    const { ConnectingWalletConnectView } = await import('../../../plugins/walletconnect/views/ConnectingWalletConnectView.js')
    expect(await dapp.portico.views.get('ConnectingWalletConnect')?.load()).toBe(ConnectingWalletConnectView)
  })

  it('fails clearly without a project id, before reaching any relay', async () => {
    const portico = createPorticoKernel({
      networks: [devnetA],
      plugins: [eip155({}, { window: null }), walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: 'portico-test-noproject' })],
      storage: memoryStorage(),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    destroyers.push(() => portico.destroy())
    const clients = relay.relay.clientCount()
    const error = await portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectFailedError)
    expect((error as ConnectFailedError).walk((e) => e instanceof WalletConnectConfigError)).toBeInstanceOf(WalletConnectConfigError)
    expect(portico.getStore<WalletConnectStore>('walletconnect')?.status).toBe('error')
    expect(relay.relay.clientCount()).toBe(clients)
  })

  it('gives up on a relay that does not answer after connectTimeoutMs, with a clear error', async () => {
    const port = await freePort()
    const dapp = track(createDapp({ relayUrl: `ws://127.0.0.1:${port}/relay`, networks: [devnetA], options: { connectTimeoutMs: 1_500 } }))
    const started = Date.now()
    const error = await dapp.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' }).catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect((error as ConnectFailedError).walk((e) => e instanceof RelayUnavailableError)).toBeInstanceOf(RelayUnavailableError)
    expect(dapp.store.error?.shortMessage).toBe('The WalletConnect relay is not reachable')
    expect(dapp.portico.getState().connections.eip155?.status).toBe('disconnected')
  }, 20_000)
})

describe('walletconnect: one session for several namespaces', () => {
  it('connects eip155 and the other approved namespace (solana) from the same session; both end together', async () => {
    const registry = { get: () => [], on: () => () => undefined }
    const portico = createPorticoKernel({
      projectId: 'portico-test',
      networks: [devnetA, devnetB, solanaLocalnet],
      plugins: [eip155({}, { window: null }), solana({}, { wallets: registry }), walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: 'portico-test-multi' })],
      storage: memoryStorage(),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    destroyers.push(() => portico.destroy())
    const store = portico.getStore<WalletConnectStore>('walletconnect') as WalletConnectStore
    wallet.onProposal = wallet.approveWith({
      eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: ['personal_sign'], events: ['chainChanged'], accounts: ['eip155:31337', 'eip155:31338'].map((c) => `${c}:${account.address}`) },
      solana: { chains: [solanaLocalnet.caipNetworkId], methods: ['solana_signMessage'], events: [], accounts: [`${solanaLocalnet.caipNetworkId}:${solanaAddress}`] },
    })
    wallet.respondWith = async (request) => {
      if (request.params.request.method !== 'solana_signMessage') return undefined
      const { message } = request.params.request.params as { message: string }
      return { result: { signature: base58.encode(ed25519.sign(base58.decode(message), solanaKey)) } }
    }
    const connecting = portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    await wallet.pair(await waitFor(() => store.uri, 'a pairing URI'))
    await connecting
    const asked = wallet.proposals.at(-1)?.params.optionalNamespaces
    expect(asked?.solana).toEqual({ chains: [solanaLocalnet.caipNetworkId], methods: ['solana_signTransaction', 'solana_signMessage', 'solana_signAndSendTransaction', 'solana_signAllTransactions'], events: [] })
    const state = portico.getState()
    expect(state.connections.eip155).toMatchObject({ status: 'connected', address: account.address })
    expect(state.connections.solana).toMatchObject({ status: 'connected', address: solanaAddress, connectorId: 'walletConnect' })
    expect(state.activeNamespace).toBe('eip155')
    const signature = await portico.signMessage({ namespace: 'solana', message: 'gm' })
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('gm'), base58.decode(solanaAddress))).toBe(true)
    // Disconnecting one namespace ends the shared session in both.
    await portico.disconnect('solana')
    expect(portico.getState().connections.eip155?.status).toBe('disconnected')
    expect(portico.getState().connections.solana?.status).toBe('disconnected')
    wallet.respondWith = undefined
  })
})

describe('walletconnect: recent wallets', () => {
  it('records at most 2 directory wallets, only from WalletConnect connections, and persists them', async () => {
    const dapp = track(createDapp({ relayUrl: relay.url, networks: [devnetA, devnetB] }))
    wallet.onProposal = wallet.approveWith({ eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [], accounts: [`eip155:31337:${account.address}`] } })
    const picks: DirectoryWallet[] = ['one', 'two', 'three'].map((id) => ({ id, name: `Wallet ${id}`, mobile_link: `${id}wallet://` }))
    for (const pick of picks) {
      dapp.store.setWallet(pick)
      const connecting = dapp.portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await wallet.pair(await waitFor(() => dapp.store.uri, 'a pairing URI'))
      await connecting
      await dapp.portico.disconnect()
    }
    expect(dapp.portico.stores.wallets.recent.map((w) => w.id)).toEqual(['three', 'two'])
    expect(JSON.parse(dapp.storage.data.get(`@portico/${storageKeys.recentWallets}`) ?? '[]').map((w: DirectoryWallet) => w.id)).toEqual(['three', 'two'])
  })
})
