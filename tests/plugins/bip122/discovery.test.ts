import '../../helpers/bip122Loaded.js'
// Bitcoin wallet discovery in each injection style, and the wallet's own account changes followed
// by portico/bip122: Xverse-style `addListener` on a WBIP004 provider, Unisat's `accountsChanged`,
// and Wallet Standard `standard:events`.
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { bip122, defineBitcoinNetwork, bitcoinRegtest } from '../../../plugins/bip122/index.js'
import { createBitcoinWalletDiscovery, type BitcoinWalletRegistry } from '../../../plugins/bip122/discovery/createBitcoinWalletDiscovery.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

bitcoin.initEccLib(ecc)
const regtest = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: ['http://127.0.0.1:9'] })
const p2wpkh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
const p2tr = () => bitcoin.payments.p2tr({ internalPubkey: Buffer.from(ecc.xOnlyPointFromScalar(randomBytes(32))), network: bitcoin.networks.regtest }).address!
const created: Portico[] = []
afterAll(async () => Promise.all(created.map((p) => p.destroy())))

/** A WBIP004 provider answering `getAddresses` with `accounts()`, with Xverse-style events when `events` is set. */
function xverseLike(accounts: () => { address: string; purpose: string }[], events = true) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const provider: Record<string, unknown> = {
    async request(method: string) {
      if (method === 'getAddresses') return { jsonrpc: '2.0', id: 1, result: { addresses: accounts() } }
      return { jsonrpc: '2.0', id: 1, error: { code: 4200, message: 'unsupported' } }
    },
  }
  if (events) {
    // Xverse's shape: one object `{ eventName, cb }`, the remover returned.
    provider.addListener = ({ eventName, cb }: { eventName: string; cb: (payload: unknown) => void }) => {
      const set = listeners.get(eventName) ?? new Set()
      set.add(cb)
      listeners.set(eventName, set)
      return () => set.delete(cb)
    }
  }
  const emit = (event: string, payload?: unknown) => listeners.get(event)?.forEach((l) => l(payload))
  return { provider, emit, listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0) }
}

function start(root: object, registry?: BitcoinWalletRegistry) {
  const portico = createPorticoKernel({ projectId: 'test', networks: [regtest], plugins: [bip122({ confirmTimeoutMs: 0 }, { root, ...(registry ? { wallets: registry } : {}) })], storage: memoryStorage() })
  created.push(portico)
  return portico
}

describe('bip122 discovery', () => {
  it('reads btc_providers (dotted ids), unisat and Wallet Standard wallets, each once; refuses prototype paths and malformed listings', () => {
    const xverse = xverseLike(() => [])
    const root = {
      XverseProviders: { BitcoinProvider: xverse.provider },
      LeatherProvider: xverseLike(() => [], false).provider,
      unisat: { requestAccounts: async () => [], signMessage: async () => '' },
      btc_providers: [
        { id: 'XverseProviders.BitcoinProvider', name: 'Xverse', methods: ['getAddresses'] },
        { id: 'LeatherProvider', name: 'Leather' },
        { id: 'LeatherProvider', name: 'Leather' }, // listed twice
        { id: '__proto__.polluted', name: 'Evil' },
        { id: 'constructor.prototype', name: 'Evil 2' },
        { id: 'missing.provider', name: 'Ghost' },
        { id: 42, name: 'Number' },
        null,
        { id: 'LeatherProvider', name: '' },
      ],
    }
    const registry: BitcoinWalletRegistry = {
      get: () => [
        { name: 'Standard BTC', icon: 'data:image/svg+xml;base64,PHN2Zy8+', features: { 'bitcoin:connect': { connect: async () => ({ accounts: [] }) } } },
        { name: 'Xverse', features: { 'bitcoin:connect': { connect: async () => ({ accounts: [] }) } } }, // same name as the WBIP004 one
        { name: 'Solana only', features: { 'solana:signTransaction': {} } },
      ],
      on: () => () => undefined,
    } as unknown as BitcoinWalletRegistry
    const discovery = createBitcoinWalletDiscovery({ root, registry, watchMs: 0 })
    expect(discovery.wallets().map((w) => [w.name, w.style])).toEqual([
      ['Xverse', 'wbip004'],
      ['Leather', 'wbip004'],
      ['Unisat', 'unisat'],
      ['Standard BTC', 'walletStandard'],
    ])
    expect(discovery.wallets()[0]!.onAccountsChanged).toBeTypeOf('function')
    expect(discovery.wallets()[1]!.onAccountsChanged).toBeUndefined() // Leather: no events
    discovery.dispose()
  })
})

describe('bip122 follows the wallet', () => {
  it('Xverse-style accountChange with addresses moves the connection (payment first, types kept); without addresses it asks again; disconnect ends it', async () => {
    let accounts = [
      { address: p2tr(), purpose: 'ordinals' },
      { address: p2wpkh(), purpose: 'payment' },
    ]
    const wallet = xverseLike(() => accounts)
    // A WBIP004 wallet with Xverse-style events, called directly (Xverse itself goes through sats-connect: see below).
    const root = { MagicEdenBitcoin: wallet.provider, btc_providers: [{ id: 'MagicEdenBitcoin', name: 'Magic Eden' }] }
    const portico = start(root)
    await portico.ready()
    await portico.discoverWallets('bip122')
    await expect.poll(() => wallet.listenerCount()).toBe(0)
    const connected = await portico.connect({ connectorId: 'MagicEdenBitcoin', namespace: 'bip122' })
    expect(connected.status).toBe('connected')
    expect(portico.stores.connections.get('bip122').accounts.map((a) => [a.address, a.type])).toEqual([
      [accounts[1]!.address, 'payment'],
      [accounts[0]!.address, 'ordinal'],
    ])

    const next = [
      { address: p2wpkh(), purpose: 'payment' },
      { address: p2tr(), purpose: 'ordinals' },
      { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', purpose: 'payment' }, // mainnet: not this network
      { address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', purpose: 'stacks' },
    ]
    await expect.poll(() => wallet.listenerCount()).toBe(2)
    wallet.emit('accountChange', { type: 'accountChange', addresses: next })
    await expect.poll(() => portico.getState().connections.bip122?.address).toBe(next[0]!.address)
    expect(portico.stores.connections.get('bip122').accounts.map((a) => [a.address, a.type])).toEqual([
      [next[0]!.address, 'payment'],
      [next[1]!.address, 'ordinal'],
    ])

    accounts = [{ address: p2wpkh(), purpose: 'payment' }]
    wallet.emit('accountChange')
    await expect.poll(() => portico.getState().connections.bip122?.address).toBe(accounts[0]!.address)

    wallet.emit('disconnect')
    await expect.poll(() => portico.getState().connections.bip122?.status).toBe('disconnected')
    expect(wallet.listenerCount()).toBe(0)
  })

  it("Unisat's accountsChanged moves the connection, and an empty list disconnects", async () => {
    const handlers = new Set<(accounts: unknown) => void>()
    const first = p2wpkh()
    const unisat = {
      requestAccounts: async () => [first],
      signMessage: async () => '',
      on: (event: string, handler: (accounts: unknown) => void) => event === 'accountsChanged' && handlers.add(handler),
      removeListener: (event: string, handler: (accounts: unknown) => void) => handlers.delete(handler),
    }
    const portico = start({ unisat })
    await portico.ready()
    await portico.discoverWallets('bip122')
    await portico.connect({ connectorId: 'unisat', namespace: 'bip122' })
    const second = p2wpkh()
    handlers.forEach((h) => h([second, 'not an address']))
    await expect.poll(() => portico.getState().connections.bip122?.address).toBe(second)
    handlers.forEach((h) => h('garbage'))
    await expect.poll(() => portico.getState().connections.bip122?.status).toBe('disconnected')
    expect(handlers.size).toBe(0)
  })

  it('a Wallet Standard change event moves the connection and keeps the purposes it knew', async () => {
    const ordinal = p2tr()
    const payment = p2wpkh()
    let onChange: ((properties: { accounts?: unknown }) => void) | undefined
    const registry = {
      get: () => [
        {
          name: 'Standard BTC',
          features: {
            'bitcoin:connect': { connect: async () => ({ accounts: [{ address: ordinal, purpose: 'ordinals' }, { address: payment, purpose: 'payment' }] }) },
            'standard:events': {
              on: (event: string, listener: (properties: { accounts?: unknown }) => void) => {
                onChange = listener
                return () => (onChange = undefined)
              },
            },
          },
        },
      ],
      on: () => () => undefined,
    } as unknown as BitcoinWalletRegistry
    const portico = start({}, registry)
    await portico.ready()
    await portico.discoverWallets('bip122')
    await portico.connect({ connectorId: 'Standard BTC', namespace: 'bip122' })
    expect(portico.getState().connections.bip122?.address).toBe(payment)
    onChange!({ chains: [] } as never) // another property: nothing happens
    expect(portico.getState().connections.bip122?.address).toBe(payment)
    const newPayment = p2wpkh()
    onChange!({ accounts: [{ address: ordinal }, { address: newPayment, purpose: 'payment' }] })
    await expect.poll(() => portico.getState().connections.bip122?.address).toBe(newPayment)
    expect(portico.stores.connections.get('bip122').accounts.map((a) => a.type)).toEqual(['payment', 'ordinal'])
    await portico.disconnect('bip122')
    expect(onChange).toBeUndefined()
  })
})
