import '../../helpers/cosmosLoaded.js'
// portico/cosmos with the Keplr-compatible dev wallet (a real secp256k1 key) on two sandbox bank
// ledgers: discovery of Keplr, Leap and Cosmostation (each once, late injection, hostile pages),
// several chains in one connection with the network switch moving between them, and the wallet's
// key changes followed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { cosmos, defineCosmosNetwork } from '../../../plugins/cosmos/index.js'
import { createCosmosWalletDiscovery, defaultCosmosWallets } from '../../../plugins/cosmos/discovery/createCosmosWalletDiscovery.js'
import { cosmosAddressOf } from '../../../sandbox/cosmos/cosmosAddress.js'
import { devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { type CosmosNode, startCosmosNode } from '../../../sandbox/cosmos/startCosmosNode.js'
import { createCosmosDevWallet } from '../../../sandbox/cosmosWallet/createCosmosDevWallet.js'

type Page = EventTarget & Record<string, unknown>
const key = devCosmosKey()
let first: CosmosNode
let second: CosmosNode

beforeAll(async () => {
  ;[first, second] = await Promise.all([
    startCosmosNode({ chainId: 'portico-local-1', prefix: 'portico', nativeDenom: 'uptc' }),
    startCosmosNode({ chainId: 'portico-other-2', prefix: 'other', nativeDenom: 'uoth' }),
  ])
  first.ledger.genesis(cosmosAddressOf(key.publicKey, 'portico'), 'uptc', 7_000_000n)
  second.ledger.genesis(cosmosAddressOf(key.publicKey, 'other'), 'uoth', 3_500_000n)
})
afterAll(async () => {
  await first?.stop()
  await second?.stop()
})

const wallet = () => createCosmosDevWallet({ key, knownChains: {}, target: new EventTarget() })

describe('Keplr-compatible wallet discovery', () => {
  it('finds Keplr, Leap and Cosmostation each once, in order, with their names', () => {
    const page = new EventTarget() as Page
    const keplr = wallet().provider
    page.keplr = keplr
    page.leap = wallet().provider
    page.cosmostation = { providers: { keplr: wallet().provider } }
    const discovery = createCosmosWalletDiscovery(page, defaultCosmosWallets, { pollForMs: 0 })
    expect(discovery.wallets().map((w) => [w.id, w.name])).toEqual([
      ['keplr', 'Keplr'],
      ['leap', 'Leap'],
      ['cosmostation', 'Cosmostation'],
    ])
    // A wallet that also answers as window.keplr is listed once, under its own name (Leap sets
    // window.keplr = window.leap when Keplr is absent: that visitor has Leap, not Keplr).
    page.leap = keplr
    expect(discovery.wallets().map((w) => w.id)).toEqual(['leap', 'cosmostation'])
    const named = createCosmosWalletDiscovery(page, [{ id: 'leap', name: 'Leap', path: 'leap' }, ...defaultCosmosWallets], { pollForMs: 0 })
    expect(named.wallets().map((w) => w.id)).toEqual(['leap', 'cosmostation'])
    discovery.dispose()
    named.dispose()
  })

  it('lists a wallet injected late and tells its listeners once', async () => {
    // The discovery polls on the clock: a fake one, moved on by the test, so "once" is over a known span of polls.
    vi.useFakeTimers()
    try {
      const page = new EventTarget() as Page
      const discovery = createCosmosWalletDiscovery(page, defaultCosmosWallets, { pollMs: 10, pollForMs: 2_000 })
      let changes = 0
      discovery.onChange(() => changes++)
      const waited = discovery.waitFor('leap', 1_000)
      setTimeout(() => (page.leap = wallet().provider), 30)
      // waitFor looks every 50 ms: its first look after the injection.
      await vi.advanceTimersByTimeAsync(50)
      expect((await waited)?.name).toBe('Leap')
      // Five more polls find Leap again and tell no one.
      await vi.advanceTimersByTimeAsync(50)
      expect(changes).toBe(1)
      const keplr = discovery.waitFor('keplr', 30)
      await vi.advanceTimersByTimeAsync(30)
      expect(await keplr).toBeUndefined()
      discovery.dispose()
    } finally {
      vi.useRealTimers()
    }
  })

  it('ignores what is not a Keplr provider and survives throwing getters', () => {
    const page = new EventTarget() as Page
    page.keplr = { enable: 'yes' }
    Object.defineProperty(page, 'leap', {
      get() {
        throw new Error('hostile getter')
      },
    })
    page.cosmostation = { providers: null }
    const discovery = createCosmosWalletDiscovery(page, defaultCosmosWallets, { pollForMs: 0 })
    expect(discovery.wallets()).toEqual([])
    discovery.dispose()
  })
})

describe('the cosmos plugin with the dev wallet on two chains', () => {
  const one = () => defineCosmosNetwork({ chainId: 'portico-local-1', bech32Prefix: 'portico', denom: 'uptc', coinType: 118, gasPrice: 0.025, name: 'Local One', restUrls: [first.url], nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 }, testnet: true })
  const two = () => defineCosmosNetwork({ chainId: 'portico-other-2', bech32Prefix: 'other', denom: 'uoth', coinType: 118, gasPrice: 0.025, name: 'Local Two', restUrls: [second.url], nativeCurrency: { name: 'Other', symbol: 'OTH', decimals: 6 }, testnet: true })
  let portico: Portico | undefined
  afterAll(async () => portico?.destroy())

  function start(page: Page) {
    portico = createPorticoKernel({ projectId: 'cosmos-test', networks: [one(), two()], plugins: [cosmos({}, { window: page })], endpoints: { api: 'http://127.0.0.1:9' } })
    return portico
  }

  it('one connection, several chain ids: the network switch enables the next chain and moves the address; back needs no new approval', async () => {
    const page = new EventTarget() as Page
    const dev = createCosmosDevWallet({ key, knownChains: {}, target: page })
    page.keplr = dev.provider
    const app = start(page)
    await app.ready()
    const connected = await app.connect({ connectorId: 'keplr', namespace: 'cosmos', network: one() })
    expect(connected.caipAddress).toBe(`cosmos:portico-local-1:${cosmosAddressOf(key.publicKey, 'portico')}`)
    expect((await app.fetchBalance('cosmos'))?.balance).toBe('7')

    await app.switchNetwork(two())
    const moved = app.getState().connections.cosmos
    expect(moved?.caipAddress).toBe(`cosmos:portico-other-2:${cosmosAddressOf(key.publicKey, 'other')}`)
    expect((await app.fetchBalance('cosmos'))?.balance).toBe('3.5')
    expect(dev.control.getState().enabledChains.sort()).toEqual(['portico-local-1', 'portico-other-2'])
    // The second chain was suggested to the wallet (it did not know it) and enabled once.
    expect(dev.control.activity().map((a) => a.method)).toEqual(['experimentalSuggestChain', 'enable', 'experimentalSuggestChain', 'enable'])

    const asked = dev.control.activity().length
    await app.switchNetwork(one())
    expect(app.getState().connections.cosmos?.caipAddress).toBe(connected.caipAddress)
    expect(dev.control.activity().length).toBe(asked)

    // A wallet that refuses the next chain (its approval withdrawn there) leaves the connection where it was.
    await dev.provider.disable('portico-other-2')
    dev.control.setMode('reject')
    await expect(app.switchNetwork(two())).rejects.toMatchObject({ code: 4001 })
    expect(app.getState().connections.cosmos?.caipAddress).toBe(connected.caipAddress)
    dev.control.setMode('approve')
  })

  it('follows the wallet: another account in the wallet moves the connection; the site disconnected there disconnects', async () => {
    await portico?.destroy()
    const page = new EventTarget() as Page
    const firstAccount = createCosmosDevWallet({ key, knownChains: {}, target: page })
    const otherKey = devCosmosKey("m/44'/118'/0'/0/7")
    const otherAccount = createCosmosDevWallet({ key: otherKey, knownChains: { 'portico-local-1': { prefix: 'portico', rest: first.url } }, target: page })
    await otherAccount.provider.enable('portico-local-1')
    // Keplr keeps one provider object and answers with whichever account the visitor picked.
    let picked = firstAccount.provider
    page.keplr = new Proxy({}, { get: (_, property) => (picked as unknown as Record<PropertyKey, unknown>)[property] })
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'keplr', namespace: 'cosmos', network: one() })

    picked = otherAccount.provider
    page.dispatchEvent(new Event('keplr_keystorechange'))
    await expect.poll(() => app.getState().connections.cosmos?.address).toBe(cosmosAddressOf(otherKey.publicKey, 'portico'))

    await otherAccount.provider.disable()
    page.dispatchEvent(new Event('keplr_keystorechange'))
    await expect.poll(() => app.getState().connections.cosmos?.status).toBe('disconnected')
  })

  it('a hardware-backed key (isNanoLedger) sends with amino JSON, and the ledger accepts it', async () => {
    await portico?.destroy()
    const page = new EventTarget() as Page
    const dev = createCosmosDevWallet({ key, knownChains: {}, target: page })
    // Keplr with a Ledger: the same provider, but getKey says the key lives on a Nano (which cannot sign direct).
    page.keplr = new Proxy(dev.provider, {
      get: (target, property) =>
        property === 'getKey' ? async (chainId: string) => ({ ...(await target.getKey(chainId)), isNanoLedger: true }) : (target as unknown as Record<PropertyKey, unknown>)[property],
    })
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'keplr', namespace: 'cosmos', network: one() })
    const to = cosmosAddressOf(devCosmosKey("m/44'/118'/0'/0/9").publicKey, 'portico')
    await app.send({ namespace: 'cosmos', to, amount: '0.5' })
    const body = (await (await fetch(`${first.url}/cosmos/bank/v1beta1/balances/${to}`)).json()) as { balances: { denom: string; amount: string }[] }
    expect(body.balances).toEqual([{ denom: 'uptc', amount: '500000' }])
    const signed = dev.control.activity().filter((a) => a.method.startsWith('sign'))
    expect(signed).toEqual([{ method: 'signAmino', outcome: 'approved' }])
  })

  it('refuses zero, negative, too many decimals, more than the balance, junk and a wrong-prefix receiver before the wallet is asked', async () => {
    await portico?.destroy()
    const page = new EventTarget() as Page
    const dev = createCosmosDevWallet({ key, knownChains: {}, target: page })
    page.keplr = dev.provider
    const app = start(page)
    await app.ready()
    await app.connect({ connectorId: 'keplr', namespace: 'cosmos', network: one() })
    const from = cosmosAddressOf(key.publicKey, 'portico')
    const before = (await (await fetch(`${first.url}/cosmos/bank/v1beta1/balances/${from}`)).json()) as unknown
    const to = cosmosAddressOf(devCosmosKey("m/44'/118'/0'/0/10").publicKey, 'portico')
    const asked = dev.control.activity().length
    for (const amount of ['0', '-1', '0.0000001', '1e3', '0x10', '100000000', 'NaN', '']) {
      const outcome = await app.send({ namespace: 'cosmos', to, amount }).then((h) => `sent ${h}`, (e: Error) => e.name)
      expect(outcome, `amount "${amount}"`).not.toMatch(/^sent/)
    }
    await expect(app.send({ namespace: 'cosmos', to: cosmosAddressOf(key.publicKey, 'cosmos'), amount: '1' })).rejects.toThrow()
    await expect(app.send({ namespace: 'cosmos', to: `${to.slice(0, -1)}${to.endsWith('q') ? 'p' : 'q'}`, amount: '1' })).rejects.toThrow()
    await expect(app.send({ namespace: 'cosmos', to: `portico1${'q'.repeat(200)}`, amount: '1' })).rejects.toThrow()
    expect(dev.control.activity().length).toBe(asked)
    expect(await (await fetch(`${first.url}/cosmos/bank/v1beta1/balances/${from}`)).json()).toEqual(before)
    await expect(app.send({ namespace: 'cosmos', to, amount: '0.0000001' })).rejects.toMatchObject({ name: 'SendValidationError', message: expect.stringMatching(/more .*decimals/) })
  })
})
