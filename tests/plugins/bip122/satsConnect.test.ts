import '../../helpers/bip122Loaded.js'
// Xverse through the real sats-connect 4.2.1 (its `request(method, params, providerId)` and
// `addListener`), with the Bitcoin dev wallet's real keys standing where Xverse injects itself
// (`window.XverseProviders.BitcoinProvider`) on a regtest ledger: connect, a BIP-322 signature
// bitcoinjs-lib accepts, a PSBT send the ledger applies, a rejection, and sats-connect loaded only
// once the wallet is used (the site passes `satsConnect: () => import('sats-connect')`).
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { bip122, bitcoinRegtest, defineBitcoinNetwork } from '../../../plugins/bip122/index.js'
import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createBitcoinDevWallet } from '../../../sandbox/bitcoinWallet/createBitcoinDevWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let portico: Portico
let dev: ReturnType<typeof createBitcoinDevWallet>
const xverseId = 'XverseProviders.BitcoinProvider'
const calls: string[] = []
const globals = globalThis as unknown as { window?: unknown }

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await esplora.ledger.fund(devBitcoinAddress, 3_000_000n)
  dev = createBitcoinDevWallet({ paymentKey: devBitcoinKey(), ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: esplora.apiUrl, icon: 'data:image/svg+xml;base64,PHN2Zy8+' })
  // What Xverse injects: its provider under XverseProviders, listed in btc_providers. sats-connect reads `window`.
  const provider = { request: (method: string, params?: unknown) => (calls.push(method), dev.provider.request(method, params)) }
  const root = Object.assign(new EventTarget(), { XverseProviders: { BitcoinProvider: provider }, btc_providers: [{ id: xverseId, name: 'Xverse', icon: 'data:image/svg+xml;base64,PHN2Zy8+', methods: dev.provider.methods }] })
  globals.window = root
  const network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
  portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root, satsConnect: () => import('sats-connect') })], storage: memoryStorage() })
  await portico.ready()
})
afterAll(async () => {
  await portico?.destroy()
  await esplora?.stop()
  delete globals.window
})

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!

describe('Xverse through sats-connect', () => {
  it('is listed once as Xverse; sats-connect is not loaded until the wallet is used', async () => {
    const wallets = await portico.discoverWallets('bip122')
    expect(wallets.filter((w) => w.id === xverseId).map((w) => w.name)).toEqual(['Xverse'])
    expect(calls).toEqual([])
  })

  it('connects (payment first), signs BIP-322 and pays by a PSBT, every call going through sats-connect', async () => {
    const connection = await portico.connect({ connectorId: xverseId, namespace: 'bip122' })
    expect(connection.address).toBe(devBitcoinAddress)
    // sats-connect asks the wallet's getInfo first (to adapt requests to its version; the plugin alone never does), then the accounts.
    expect(calls.slice(0, 2)).toEqual(['getInfo', 'getAddresses'])

    const message = 'Sign in to Portico via sats-connect'
    const signature = await portico.signMessage({ message, namespace: 'bip122' })
    expect(verifyBip322(devBitcoinAddress, message, signature)).toBe(true)

    const to = fresh()
    const hash = await portico.send({ to, amount: '0.002', namespace: 'bip122' })
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to)).map((u) => [u.txid, u.value])).toEqual([[hash, 200_000n]])
    expect(calls.filter((c) => c !== 'getInfo')).toEqual(['getAddresses', 'signMessage', 'signPsbt'])
  })

  it('a rejection in the wallet comes back through sats-connect as 4001, and nothing moves', async () => {
    const to = fresh()
    dev.control.setMode('reject')
    try {
      await expect(portico.send({ to, amount: '0.001', namespace: 'bip122' })).rejects.toMatchObject({ code: 4001 })
    } finally {
      dev.control.setMode('approve')
    }
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to))).toEqual([])
  })

  it('without the loader a site gets no sats-connect: Xverse\'s provider is called directly', async () => {
    const direct: string[] = []
    const provider = { request: (method: string, params?: unknown) => (direct.push(method), dev.provider.request(method, params)) }
    const root = { XverseProviders: { BitcoinProvider: provider }, btc_providers: [{ id: xverseId, name: 'Xverse' }] }
    const network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
    const plain = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root })], storage: memoryStorage() })
    try {
      await plain.ready()
      await plain.discoverWallets('bip122')
      expect((await plain.connect({ connectorId: xverseId, namespace: 'bip122' })).address).toBe(devBitcoinAddress)
      expect(direct).toEqual(['getAddresses'])
    } finally {
      await plain.destroy()
    }
  })
})

