import '../../helpers/bip122Loaded.js'
// Xverse through the real sats-connect 4.2.1 (its `request(method, params, providerId)` and
// `addListener({ eventName, cb }, providerId)`), with the sandbox's Xverse persona standing where
// Xverse injects itself (`window.XverseProviders.BitcoinProvider`, listed in `btc_providers` as
// "Xverse Wallet" without any `wallet_*` method) on a regtest ledger: connect with `wallet_connect`
// (Xverse answers `getAddresses` only to a site it allowed), a BIP-322 signature bitcoinjs-lib
// accepts, a PSBT send the ledger applies, Xverse's refusal (-32000) read as 4001, a reload restored
// with `getAddresses` without a prompt, and none once the site renounced its access; sats-connect
// loaded only once the wallet is used (the site passes `satsConnect: () => import('sats-connect')`).
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { bip122, bitcoinRegtest, defineBitcoinNetwork } from '../../../plugins/bip122/index.js'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createXverseWallet, xverseBitcoinMethods, xverseListing, type XverseWallet } from '../../../sandbox/personas/xverse/createXverseWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let portico: Portico
let xverse: XverseWallet
let control: ReturnType<XverseWallet['wallet']['control']>
const xverseId = 'XverseProviders.BitcoinProvider'
const calls: string[] = []
const globals = globalThis as unknown as { window?: unknown }
const storage = memoryStorage()
let network: ReturnType<typeof defineBitcoinNetwork>
let root: EventTarget & Record<string, unknown>

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await esplora.ledger.fund(devBitcoinAddress, 3_000_000n)
  xverse = createXverseWallet()
  xverse.wallet.define('bip122', xverseBitcoinMethods({ keyring: xverse.keyring, esplora: { url: esplora.apiUrl } }))
  control = xverse.wallet.control('bip122', xverse.connection)
  // What Xverse injects: its provider under XverseProviders, listed in btc_providers. sats-connect reads `window`.
  const provider = { ...xverse.provider, request: (method: string, params?: unknown) => (calls.push(method), xverse.provider.request(method, params)) }
  root = Object.assign(new EventTarget(), { XverseProviders: { BitcoinProvider: provider }, btc_providers: [{ ...xverseListing }] }) as unknown as EventTarget & Record<string, unknown>
  globals.window = root
  network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
  portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root, satsConnect: () => import('sats-connect') })], storage })
  await portico.ready()
})
afterAll(async () => {
  await portico?.destroy()
  await esplora?.stop()
  delete globals.window
})

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!

describe('Xverse through sats-connect', () => {
  it('is listed once, by its listing\'s name; sats-connect is not loaded until the wallet is used', async () => {
    const wallets = await portico.discoverWallets('bip122')
    expect(wallets.filter((w) => w.id === xverseId).map((w) => w.name)).toEqual(['Xverse Wallet'])
    expect(calls).toEqual([])
  })

  it('connects with wallet_connect (payment first, Taproot as the ordinals account), signs BIP-322 and pays by a PSBT, every call going through sats-connect', async () => {
    const connection = await portico.connect({ connectorId: xverseId, namespace: 'bip122' })
    expect(connection.address).toBe(devBitcoinAddress)
    expect(portico.stores.connections.get('bip122').accounts.map((a) => [a.address, a.type])).toEqual([
      [devBitcoinAddress, 'payment'],
      [xverse.keyring().taproot().address, 'ordinal'],
    ])
    // sats-connect asks the wallet's getInfo first (to adapt requests to its version; the plugin alone never does).
    expect(calls.slice(0, 2)).toEqual(['getInfo', 'wallet_connect'])

    const message = 'Sign in to Portico via sats-connect'
    const signature = await portico.signMessage({ message, namespace: 'bip122' })
    expect(verifyBip322(devBitcoinAddress, message, signature)).toBe(true)

    const to = fresh()
    const hash = await portico.send({ to, amount: '0.002', namespace: 'bip122' })
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to)).map((u) => [u.txid, u.value])).toEqual([[hash, 200_000n]])
    expect(calls.filter((c) => c !== 'getInfo')).toEqual(['wallet_connect', 'signMessage', 'signPsbt'])
    expect(control.activity().slice(-3)).toEqual([
      { method: 'wallet_connect', outcome: 'approved' },
      { method: 'signMessage', outcome: 'approved' },
      { method: 'signPsbt', outcome: 'approved' },
    ])
  })

  it('Xverse\'s refusal (-32000, resolved in the answer) comes back as 4001, and nothing moves', async () => {
    const to = fresh()
    control.setMode('reject')
    try {
      await expect(portico.send({ to, amount: '0.001', namespace: 'bip122' })).rejects.toMatchObject({ code: 4001 })
    } finally {
      control.setMode('approve')
    }
    expect(control.activity().at(-1)).toEqual({ method: 'signPsbt', outcome: 'rejected' })
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to))).toEqual([])
  })

  it('a reload restores with getAddresses (no prompt, the site is allowed); after the site renounced its access, a reload restores nothing and asks nothing', async () => {
    const reloaded = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root, satsConnect: () => import('sats-connect') })], storage })
    try {
      const before = calls.length
      await reloaded.ready()
      await expect.poll(() => reloaded.getState().connections.bip122?.address).toBe(devBitcoinAddress)
      expect(calls.slice(before).filter((c) => c !== 'getInfo')).toEqual(['getAddresses'])
      expect(control.activity().at(-1)).toEqual({ method: 'getAddresses', outcome: 'answered' })
      await reloaded.disconnect('bip122')
      expect(calls.at(-1)).toBe('wallet_disconnect')
      expect(xverse.connection.connected()).toBe(false)
    } finally {
      await reloaded.destroy()
    }
    const third = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0, reconnectTimeoutMs: 200 }, { root, satsConnect: () => import('sats-connect') })], storage: memoryStorage(Object.fromEntries(storage.data)) })
    try {
      // The disconnect forgot the connection: nothing is stored to restore, and ready() settles when the restore is done.
      expect(JSON.parse(storage.data.get('@portico/connections') ?? '{}')).not.toHaveProperty('bip122')
      const asked = control.activity().length
      await third.ready()
      expect(control.activity().slice(asked)).toEqual([])
      expect(third.getState().connections.bip122?.status ?? 'disconnected').toBe('disconnected')
      // Xverse answered -32002 (no access) to the silent read: no wallet_connect prompt on load.
      expect(control.activity().filter((a) => a.method === 'wallet_connect').length).toBe(1)
    } finally {
      await third.destroy()
    }
  })

  it('without the loader a site gets no sats-connect: Xverse\'s provider is called directly, in the same dialect', async () => {
    const direct: string[] = []
    const provider = { ...xverse.provider, request: (method: string, params?: unknown) => (direct.push(method), xverse.provider.request(method, params)) }
    const plainRoot = { XverseProviders: { BitcoinProvider: provider }, btc_providers: [{ ...xverseListing }] }
    const plain = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root: plainRoot })], storage: memoryStorage() })
    try {
      await plain.ready()
      await plain.discoverWallets('bip122')
      expect((await plain.connect({ connectorId: xverseId, namespace: 'bip122' })).address).toBe(devBitcoinAddress)
      expect(direct).toEqual(['wallet_connect'])
      control.setMode('reject')
      try {
        await expect(plain.signMessage({ message: 'no', namespace: 'bip122' })).rejects.toMatchObject({ code: 4001 })
      } finally {
        control.setMode('approve')
      }
    } finally {
      await plain.destroy()
    }
  })
})
