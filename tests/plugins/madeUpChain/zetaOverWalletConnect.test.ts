import '../../helpers/walletConnectLoaded.js'
import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { sha256 } from '@noble/hashes/sha2'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type BaseError } from '../../../kernel/kernel.js'
import { walletConnect, type WalletConnectStore } from '../../../plugins/walletconnect/index.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startRelayServer, type RelayServer } from '../../server/relay/helpers/startRelayServer.js'
import { memoryKeyValueStorage } from '../walletconnect/helpers/memoryKeyValueStorage.js'
import { startTestWallet, type TestWallet } from '../walletconnect/helpers/startTestWallet.js'
import { waitFor } from '../walletconnect/helpers/waitFor.js'
import { isZetaAddress, zeta, zetaMethods, zetaTestnet } from './zetaChain.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))
// The wallet's zeta key (ed25519) and the eip155 account the shared test wallet is built with.
const zetaKey = ed25519.utils.randomPrivateKey()
const zetaAddress = `zt${bytesToHex(ed25519.getPublicKey(zetaKey))}`
const recipient = `zt${'ab'.repeat(32)}`
const evmAccount = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

let dir: string
let relay: RelayServer
let wallet: TestWallet
/** Transfers the wallet "submitted": the made-up chain has no node, so the wallet is the ledger. */
const submitted: { from: string; to: string; amount: string; txid: string }[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-zeta-'))
  relay = await startRelayServer({ dbPath: join(dir, 'relay.db') })
  wallet = await startTestWallet({ relayUrl: relay.url, account: evmAccount, rpcUrls: {} })
  wallet.onProposal = wallet.approveWith({
    zeta: { chains: [zetaTestnet.caipNetworkId], methods: [zetaMethods.sign, zetaMethods.send], events: ['accountsChanged'], accounts: [`${zetaTestnet.caipNetworkId}:${zetaAddress}`] },
  })
  wallet.respondWith = async (request) => {
    const { method, params } = request.params.request
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

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = join(folder, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

describe('a third-party chain plugin for a made-up namespace over WalletConnect', () => {
  it('is written against the public API, passes the structural checks, and the walletconnect plugin never names it', async () => {
    const source = readFileSync(join(root, 'tests/plugins/madeUpChain/zetaChain.ts'), 'utf8')
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1])
    expect(imports).toEqual(['../../../kernel/kernel.js'])
    const report = await checkPlugin({ plugin: zeta(), networks: [zetaTestnet] })
    expect(report.issues).toEqual([])
    for (const file of filesUnder(join(root, 'plugins/walletconnect'))) expect(readFileSync(file, 'utf8')).not.toMatch(/zeta|zt[0-9a-f]/i)
  })

  it('connects, signs and sends through the real relay with a real sign-client wallet', async () => {
    const errors: BaseError[] = []
    const portico = createPorticoKernel({
      projectId: 'portico-test',
      networks: [zetaTestnet],
      plugins: [zeta(), walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: `portico-test-zeta-${process.pid}` })],
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
