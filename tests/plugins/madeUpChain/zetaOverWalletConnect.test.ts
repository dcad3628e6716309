import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { sha256 } from '@noble/hashes/sha2'
import { reaction } from 'mobx'
import ts from 'typescript'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// Portico only through its public entries: `portico/kernel`, `portico/walletconnect`, `portico/testing`
// (the last test below checks it).
import { createPorticoKernel, definePlugin, loadPlugins, type BaseError, type Plugin, type PluginContext } from '../../../kernel/kernel.js'
import { walletConnect, type WalletConnectStore } from '../../../plugins/walletconnect/index.js'
import { checkPlugin, runChainPluginConformance } from '../../conformance/index.js'
// The test's own machinery: a relay, a sign-client wallet, in-memory storage.
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startRelayServer, type RelayServer } from '../../server/relay/helpers/startRelayServer.js'
import { memoryKeyValueStorage } from '../walletconnect/helpers/memoryKeyValueStorage.js'
import { startTestWallet, type TestWallet } from '../walletconnect/helpers/startTestWallet.js'
import { waitFor } from '../walletconnect/helpers/waitFor.js'
// The made-up plugin through its own folder only.
import { zeta, zetaMethods, zetaTestnet } from './zeta/index.js'
import { isZetaAddress } from './zeta/utils/isZetaAddress.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const pluginFolder = fileURLToPath(new URL('./zeta', import.meta.url))

// ---------------------------------------------------------------------------------------------
// What a third party may import: package.json's exports (their source files), its own files and
// its own npm dependencies. A chain plugin needs only the kernel's and the UI's entries.

const exportsMap = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> }).exports
/** Source file → public specifier (`kernel/kernel.ts` → `portico/kernel`). */
const publicEntries = new Map(
  Object.entries(exportsMap).flatMap(([subpath, target]) => {
    const types = typeof target === 'string' ? undefined : target.types
    return types ? [[types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts'), `portico${subpath.slice(1)}`] as const] : []
  }),
)
const pluginMayImport = new Set(['portico', 'portico/kernel', 'portico/errors', 'portico/react', 'portico/react/kit'])

type Classified = { file: string; line: number; specifier: string; as: string; ok: boolean; target?: string }

/**
 * Every import of one source file (static, `export … from`, `import()`), each named as a third party
 * would write it (`portico/kernel`, a package name, or `./own`), and whether it is allowed:
 * relative imports must stay in `ownFolder` unless they land on a public entry in `mayImport`.
 */
function classifyImports(file: string, text: string, ownFolder: string, mayImport: ReadonlySet<string>): Classified[] {
  const info = ts.preProcessFile(text, true, true)
  const lines = (pos: number) => text.slice(0, pos).split('\n').length
  return info.importedFiles.map(({ fileName: specifier, pos }) => {
    const line = lines(pos)
    if (!specifier.startsWith('.')) {
      // A package: an npm dependency (never this repository under its own name but for its exports).
      const ok = specifier.startsWith('portico') ? mayImport.has(specifier) : true
      return { file, line, specifier, as: specifier, ok }
    }
    const target = relative(root, resolve(dirname(file), specifier)).replace(/\.js$/, '.ts')
    const entry = publicEntries.get(target) ?? publicEntries.get(target.replace(/\.ts$/, '.tsx'))
    if (entry) return { file, line, specifier, as: entry, ok: mayImport.has(entry), target }
    const inside = !relative(ownFolder, resolve(dirname(file), specifier)).startsWith('..')
    return { file, line, specifier, as: inside ? 'own' : target, ok: inside, target }
  })
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = join(folder, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

// ---------------------------------------------------------------------------------------------
// The WalletConnect side: the real relay and a real sign-client wallet holding a zeta key.

// The wallet's zeta key (ed25519) and the eip155 account the shared test wallet is built with.
const zetaKey = ed25519.utils.randomPrivateKey()
const zetaAddress = `zt${bytesToHex(ed25519.getPublicKey(zetaKey))}`
const recipient = `zt${'ab'.repeat(32)}`
const evmAccount = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

let dir: string
let relay: RelayServer
let wallet: TestWallet
/** Whether the wallet approves (proposals, requests) or refuses as a visitor would (4001, USER_REJECTED). */
let mode: 'approve' | 'reject' = 'approve'
/** Transfers the wallet "submitted": the made-up chain has no node, so the wallet is the ledger. */
const submitted: { from: string; to: string; amount: string; txid: string }[] = []
const ledgerBalance = async (address: string) => submitted.filter((t) => t.to === address).reduce((sum, t) => sum + BigInt(t.amount), 0n)
const freshZetaAddress = () => `zt${bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))}`
let instance = 0

/** Makes the test wallet scan every pairing URI a Portico shows (what a visitor's phone does). */
function scanEveryUri(): Plugin<PluginContext> {
  return definePlugin({
    name: 'scan-every-uri',
    kind: 'feature',
    version: '0.0.0',
    meta: { description: 'The test wallet scans every pairing URI the walletconnect plugin shows.', capabilities: [], hooks: [], views: [] },
    setup(context) {
      const store = context.getStore<WalletConnectStore>('walletconnect')
      if (!store) throw new Error('install walletConnect() before scanEveryUri()')
      return reaction(
        () => store.uri,
        (uri) => void (uri && wallet.pair(uri).catch((error: Error) => wallet.failures.push(error.message))),
      )
    },
  })
}

const walletConnectPlugin = () => walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: `portico-test-zeta-${process.pid}-${(instance += 1)}` })

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-zeta-'))
  relay = await startRelayServer({ dbPath: join(dir, 'relay.db') })
  wallet = await startTestWallet({ relayUrl: relay.url, account: evmAccount, rpcUrls: {} })
  const approve = wallet.approveWith({
    zeta: { chains: [zetaTestnet.caipNetworkId], methods: [zetaMethods.sign, zetaMethods.send], events: ['accountsChanged'], accounts: [`${zetaTestnet.caipNetworkId}:${zetaAddress}`] },
  })
  wallet.onProposal = async (proposal) => {
    if (mode === 'approve') return approve(proposal)
    await wallet.client.reject({ id: proposal.id, reason: { code: 5000, message: 'User rejected.' } })
  }
  wallet.respondWith = async (request) => {
    const { method, params } = request.params.request
    if (mode === 'reject') return { error: { code: 4001, message: 'User rejected the request.' } }
    if (method === zetaMethods.sign) {
      const { message, address } = params as { message: string; address: string }
      if (address !== zetaAddress) return { error: { code: 4100, message: 'Unknown account' } }
      return { result: { signature: bytesToHex(ed25519.sign(new TextEncoder().encode(message), zetaKey)) } }
    }
    if (method === zetaMethods.send) {
      const { from, to, amount } = params as { from: string; to: string; amount: string }
      if (from !== zetaAddress || !isZetaAddress(to) || !/^\d+$/.test(amount)) return { error: { code: -32602, message: 'Invalid transfer' } }
      const txid = bytesToHex(sha256(new TextEncoder().encode(`${from}>${to}:${amount}#${submitted.length}`)))
      submitted.push({ from, to, amount, txid })
      return { result: { txid } }
    }
    return { error: { code: 4200, message: `Unsupported method ${method}` } }
  }
})

afterAll(async () => {
  await wallet?.stop()
  await relay?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('a third-party chain plugin for a made-up namespace over WalletConnect', () => {
  it('imports Portico only through its public entries, and the walletconnect plugin never names it', () => {
    const found = filesUnder(pluginFolder).flatMap((file) => classifyImports(file, readFileSync(file, 'utf8'), pluginFolder, pluginMayImport))
    expect(found.filter((i) => !i.ok).map((i) => `${relative(root, i.file)}:${i.line} ${i.specifier} (${i.as})`)).toEqual([])
    // What the plugin uses, as a third party's package would spell it.
    expect([...new Set(found.map((i) => i.as))].filter((s) => s !== 'own').sort()).toEqual(['@noble/curves/ed25519', '@noble/hashes/utils', 'portico', 'portico/kernel'])
    // This file, too, reaches Portico only through public entries (its other imports are its own test machinery).
    const testFile = fileURLToPath(import.meta.url)
    const ours = classifyImports(testFile, readFileSync(testFile, 'utf8'), join(root, 'tests'), new Set(publicEntries.values()))
    const deep = ours.filter((i) => !i.ok || (i.as === 'own' && /^(kernel|ui|plugins|integrations|server|sandbox|wallets|tests\/conformance)\//.test(i.target ?? '')))
    expect(deep.map((i) => `${i.line} ${i.specifier}`)).toEqual([])
    expect(ours.filter((i) => i.as.startsWith('portico')).map((i) => i.as)).toEqual(['portico/kernel', 'portico/walletconnect', 'portico/testing'])
    for (const file of filesUnder(join(root, 'plugins/walletconnect'))) expect(readFileSync(file, 'utf8')).not.toMatch(/zeta|zt[0-9a-f]/i)
  })

  it('the import check refuses a deep import, a sibling folder and an unexported package path', () => {
    const file = join(pluginFolder, 'setup/bad.ts')
    const text = [
      "import { x } from '../../../../../kernel/plugin/registerChainAdapter.js'",
      "import { y } from '../../../walletconnect/helpers/waitFor.js'",
      "import { z } from 'portico/eip155/utils'",
      "const w = () => import('../../../../../ui/kit.js')",
      "import { ok } from '../constants.js'",
      "import { k } from '../../../../../kernel/kernel.js'",
    ].join('\n')
    expect(classifyImports(file, text, pluginFolder, pluginMayImport).map((i) => [i.line, i.as, i.ok])).toEqual([
      [1, 'kernel/plugin/registerChainAdapter.ts', false],
      [2, 'tests/plugins/walletconnect/helpers/waitFor.ts', false],
      [3, 'portico/eip155/utils', false],
      [4, 'portico/react/kit', true],
      [5, 'own', true],
      [6, 'portico/kernel', true],
    ])
  })

  it('passes the structural checks', async () => {
    const report = await checkPlugin({ plugin: zeta(), networks: [zetaTestnet] })
    expect(report.issues).toEqual([])
    expect(new Set(report.taps.map((t) => t.hook))).toEqual(new Set(['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'fetchBalance', 'send']))
  })

  it('passes the conformance kit over WalletConnect: a rejected pairing, connect, sign (and its sign-in verifier), send, a wallet that refuses, bad addresses', async () => {
    const report = await runChainPluginConformance({
      plugin: () => zeta(),
      networks: [zetaTestnet],
      withPlugins: () => [walletConnectPlugin(), scanEveryUri()],
      wallet: {
        connectorId: 'walletConnect',
        setMode: (next) => void (mode = next),
        requestCount: () => wallet.requests.length,
      },
      chain: {
        network: zetaTestnet,
        freshAddress: freshZetaAddress,
        readBalance: ledgerBalance,
        sendAmount: '0.25',
        invalidAddresses: [`zt${'AB'.repeat(32)}`, `zt${'ab'.repeat(31)}`, `zz${'ab'.repeat(32)}`],
        verifySignature: async ({ message, signature, address }) => ed25519.verify(hexToBytes(signature), new TextEncoder().encode(message), hexToBytes(address.slice(2))),
      },
    })
    expect(report.issues).toEqual([])
    expect(report.checks.map((c) => c.name)).toEqual([
      'structure',
      'discoverWallets lists the wallet',
      'a rejected connection is "Connection rejected"',
      'connect',
      'signMessage',
      'send',
      'a wallet that rejects: code 4001, still connected',
      'invalid addresses are refused before the wallet is asked',
      'disconnect',
      'clean disposal',
    ])
  })

  it('connects, signs and sends through the real relay with a real sign-client wallet', async () => {
    const errors: BaseError[] = []
    // Code that builds the kernel itself loads the plugins' code first (createPortico does it on load()).
    const plugins = [zeta(), walletConnectPlugin()]
    await loadPlugins(plugins)
    const portico = createPorticoKernel({
      projectId: 'portico-test',
      networks: [zetaTestnet],
      plugins,
      storage: memoryStorage(),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    portico.hooks.error.tap('test', ({ error }) => void errors.push(error))
    try {
      const store = portico.getStore<WalletConnectStore>('walletconnect') as WalletConnectStore
      // The connector is offered in the made-up namespace, with its own connecting view.
      const offered = await portico.discoverWallets('zeta')
      expect(offered).toEqual([expect.objectContaining({ id: 'walletConnect', namespace: 'zeta', view: 'ConnectingWalletConnect', shared: true })])

      const connecting = portico.connect({ namespace: 'zeta', connectorId: 'walletConnect' })
      await wallet.pair(await waitFor(() => store.uri, 'a pairing URI'))
      await connecting
      // The proposal asked for what the zeta plugin declared, on the configured chain.
      expect(wallet.proposals.at(-1)?.params.optionalNamespaces).toEqual({
        zeta: { chains: ['zeta:testnet'], methods: [zetaMethods.sign, zetaMethods.send], events: ['accountsChanged', 'chainChanged'] },
      })
      expect(portico.getState().connections.zeta).toMatchObject({ status: 'connected', address: zetaAddress, caipAddress: `zeta:testnet:${zetaAddress}`, connectorId: 'walletConnect' })
      expect(portico.channel('zeta')).toMatchObject({ connectorId: 'walletConnect', chains: ['zeta:testnet'] })

      const signature = await portico.signMessage({ namespace: 'zeta', message: 'gm from zeta' })
      expect(ed25519.verify(hexToBytes(signature), new TextEncoder().encode('gm from zeta'), hexToBytes(zetaAddress.slice(2)))).toBe(true)
      // The plugin's sign-in verifier agrees, and refuses the same signature on another message.
      const verifier = portico.signInVerifiers.get('zeta')
      expect(await verifier?.verify({ message: 'gm from zeta', signature, address: zetaAddress, network: zetaTestnet })).toBe(true)
      expect(await verifier?.verify({ message: 'gm from zeta!', signature, address: zetaAddress, network: zetaTestnet })).toBe(false)

      const hash = await portico.send({ to: recipient, amount: '1.25' })
      expect(submitted.at(-1)).toEqual({ from: zetaAddress, to: recipient, amount: '1250000', txid: hash })
      expect(wallet.requests.slice(-2).map((r) => [r.method, r.chainId])).toEqual([
        [zetaMethods.sign, 'zeta:testnet'],
        [zetaMethods.send, 'zeta:testnet'],
      ])

      // A request the wallet did not approve never leaves the page.
      const before = wallet.requests.length
      await expect(portico.request({ chainId: 'zeta:testnet', method: 'zeta_burnEverything', params: [] })).rejects.toThrow('The wallet did not approve this method')
      await expect(portico.request({ chainId: 'zeta:mainnet', method: zetaMethods.sign, params: {} })).rejects.toThrow('Chain is not supported')
      expect(wallet.requests.length).toBe(before)

      // A wallet answering with junk gets the plugin's clear error, and the connection stands.
      const answer = wallet.respondWith
      wallet.respondWith = async () => ({ result: { signature: 'not hex' } })
      await expect(portico.signMessage({ namespace: 'zeta', message: 'x' })).rejects.toThrow('The wallet returned an invalid zeta signature')
      wallet.respondWith = async () => ({ result: { txid: 'nope' } })
      await expect(portico.send({ to: recipient, amount: '1' })).rejects.toThrow('The wallet returned an invalid zeta transaction id')
      wallet.respondWith = answer
      expect(portico.getState().connections.zeta?.status).toBe('connected')

      await portico.disconnect('zeta')
      expect(portico.getState().connections.zeta?.status).toBe('disconnected')
      expect(portico.channel('zeta')).toBeUndefined()
      await expect(portico.request({ chainId: 'zeta:testnet', method: zetaMethods.sign, params: {} })).rejects.toThrow('No account is connected in the "zeta" namespace')
    } finally {
      await portico.destroy()
    }
  })
})
