import '../../helpers/cosmosLoaded.js'
// portico/cosmos against the dialects of Keplr, Leap and Cosmostation (issue 46), with the dev
// wallet's real key speaking each: who answers at window.keplr, each wallet's keystore event, each
// wallet's refusal (an Error with its own words, or Cosmostation's plain { code, message }), a
// refusal that must not turn into a chain suggestion, Leap's disconnect, and malformed throws.
import { afterEach, describe, expect, it } from 'vitest'

import { createPorticoKernel, type Portico, ProviderRpcError } from '../../../kernel/kernel.js'
import { cosmos, defineCosmosNetwork } from '../../../plugins/cosmos/index.js'
import { createCosmosWalletDiscovery, defaultCosmosWallets } from '../../../plugins/cosmos/discovery/createCosmosWalletDiscovery.js'
import { cosmosAddressOf } from '../../../sandbox/cosmos/cosmosAddress.js'
import { devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { type CosmosWalletDialect, createCosmosDevWallet } from '../../../sandbox/cosmosWallet/createCosmosDevWallet.js'

type Page = EventTarget & Record<string, unknown>
const key = devCosmosKey()
const otherKey = devCosmosKey("m/44'/118'/0'/0/2")
const chainId = 'portico-local-1'
const network = () =>
  defineCosmosNetwork({ chainId, bech32Prefix: 'portico', denom: 'uptc', coinType: 118, gasPrice: 0.025, name: 'Local One', restUrls: ['http://127.0.0.1:9/none'], nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 }, testnet: true })

const leap: CosmosWalletDialect = {
  keystoreEvent: 'leap_keystorechange',
  refusal: (kind) => new Error(kind === 'sign' ? 'Transaction declined' : kind === 'suggest' ? 'Rejected by the user.' : 'Chain approval rejected'),
  unknownChain: () => new Error('Invalid chain id'),
  grantOnUse: true,
}
const cosmostation: CosmosWalletDialect = {
  keystoreEvent: 'cosmostation_keystorechange',
  refusal: () => ({ code: 4001, message: 'User rejected the request.' }),
  grantOnUse: true,
}

let portico: Portico | undefined
afterEach(async () => {
  await portico?.destroy()
  portico = undefined
})
async function start(page: Page) {
  portico = createPorticoKernel({ projectId: 'cosmos-dialects', networks: [network()], plugins: [cosmos({}, { window: page })], endpoints: { api: 'http://127.0.0.1:9' } })
  await portico.ready()
  return portico
}
const wallet = (page: Page, dialect?: CosmosWalletDialect) => createCosmosDevWallet({ key, knownChains: {}, target: page, ...(dialect ? { dialect } : {}) })

describe('who answers at window.keplr', () => {
  it('Leap alone also sits at window.keplr: the visitor sees Leap, not Keplr; Cosmostation in its Keplr mode likewise; both real wallets: both', () => {
    const page = new EventTarget() as Page
    const leapObject = wallet(page, leap).provider
    page.leap = leapObject
    page.keplr = leapObject
    const discovery = createCosmosWalletDiscovery(page, defaultCosmosWallets, { pollForMs: 0 })
    expect(discovery.wallets().map((w) => [w.id, w.name])).toEqual([['leap', 'Leap']])
    expect(discovery.get('keplr')).toBeUndefined()

    const station = wallet(page, cosmostation).provider
    page.cosmostation = { providers: { keplr: station } }
    page.keplr = station
    delete page.leap
    expect(discovery.wallets().map((w) => w.id)).toEqual(['cosmostation'])

    page.keplr = wallet(page).provider
    page.leap = leapObject
    expect(discovery.wallets().map((w) => w.id)).toEqual(['keplr', 'leap', 'cosmostation'])
    discovery.dispose()
  })
})

describe('injection timing', () => {
  it("waits for a page still loading to fire load (Keplr's docs promise window.keplr only then), then gives up after its own timeout", async () => {
    const page = new EventTarget() as Page
    page.document = { readyState: 'interactive' }
    const discovery = createCosmosWalletDiscovery(page, defaultCosmosWallets, { pollForMs: 0 })
    // Injected 150 ms in, well past the 50 ms timeout: still found, the page had not loaded.
    const keplr = discovery.waitFor('keplr', 50)
    setTimeout(() => (page.keplr = wallet(page).provider), 150)
    expect((await keplr)?.name).toBe('Keplr')
    // Once load fires, the timeout runs from there: a wallet that never comes is given up at once, not after the load allowance.
    const started = Date.now()
    const leapWait = discovery.waitFor('leap', 50)
    setTimeout(() => {
      ;(page.document as { readyState: string }).readyState = 'complete'
      page.dispatchEvent(new Event('load'))
    }, 20)
    expect(await leapWait).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(2_000)
    // A page already complete: the plain timeout.
    const again = Date.now()
    expect(await discovery.waitFor('cosmostation', 30)).toBeUndefined()
    expect(Date.now() - again).toBeLessThan(1_000)
    discovery.dispose()
  })
})

describe.each([
  { wallet: 'leap', dialect: leap, connectorId: 'leap', install: (page: Page, provider: unknown) => void (page.leap = provider) },
  { wallet: 'cosmostation', dialect: cosmostation, connectorId: 'cosmostation', install: (page: Page, provider: unknown) => void (page.cosmostation = { providers: { keplr: provider } }) },
])('$wallet: its keystore event and its refusals', ({ dialect, connectorId, install }) => {
  it(`follows ${dialect.keystoreEvent}: another account moves the connection`, async () => {
    const page = new EventTarget() as Page
    const dev = wallet(page, dialect)
    install(page, dev.provider)
    const app = await start(page)
    await app.connect({ connectorId, namespace: 'cosmos', network: network() })
    expect(app.getState().connections.cosmos?.address).toBe(cosmosAddressOf(key.publicKey, 'portico'))
    dev.control.switchKey(otherKey)
    await expect.poll(() => app.getState().connections.cosmos?.address).toBe(cosmosAddressOf(otherKey.publicKey, 'portico'))
  })

  it('a refused connection is a 4001 and is not turned into a chain suggestion', async () => {
    const page = new EventTarget() as Page
    // The wallet knows the chain; the visitor says no.
    const dev = createCosmosDevWallet({ key, knownChains: { [chainId]: { prefix: 'portico', rest: 'http://127.0.0.1:9/none' } }, target: page, dialect })
    install(page, dev.provider)
    const app = await start(page)
    dev.control.setMode('reject')
    const error = await app.connect({ connectorId, namespace: 'cosmos', network: network() }).catch((e: unknown) => e)
    // The kernel's "Connection rejected", caused by the plugin's 4001.
    expect(error).toMatchObject({ name: 'ConnectionRejectedError', cause: { code: 4001 } })
    expect((error as { cause: unknown }).cause).toBeInstanceOf(ProviderRpcError)
    expect(dev.control.activity().map((a) => a.method)).toEqual(['enable'])
  })

  it('a refused signature is a 4001', async () => {
    const page = new EventTarget() as Page
    const dev = wallet(page, dialect)
    install(page, dev.provider)
    const app = await start(page)
    await app.connect({ connectorId, namespace: 'cosmos', network: network() })
    dev.control.setMode('reject')
    await expect(app.signMessage({ message: 'hello', namespace: 'cosmos' })).rejects.toMatchObject({ code: 4001 })
    expect(dev.control.activity().at(-1)).toEqual({ method: 'signArbitrary', outcome: 'rejected' })
  })
})

describe('what a wallet throws that is not an Error', () => {
  it.each([
    { label: 'a plain { code, message }', thrown: { code: -32603, message: 'Internal JSON-RPC error.' }, expected: { code: -32603, shortMessage: 'The wallet failed: Internal JSON-RPC error.' } },
    { label: 'a string', thrown: 'something broke', expected: { code: -32603, shortMessage: 'The wallet failed: something broke' } },
    { label: 'an object saying nothing', thrown: { nothing: 'useful' }, expected: { code: -32603, shortMessage: 'The wallet failed without saying why' } },
    { label: 'null', thrown: null, expected: { code: -32603, shortMessage: 'The wallet failed without saying why' } },
    {
      label: 'an object whose message getter throws',
      thrown: Object.defineProperty({}, 'message', {
        get() {
          throw new Error('hostile')
        },
      }),
      expected: { code: -32603, shortMessage: 'The wallet failed without saying why' },
    },
    { label: 'a refusal as a bare string', thrown: 'User rejected the request.', expected: { code: 4001 } },
  ])('$label becomes a ProviderRpcError', async ({ thrown, expected }) => {
    const page = new EventTarget() as Page
    const dev = wallet(page)
    page.keplr = { ...dev.provider, signArbitrary: () => Promise.reject(thrown) }
    const app = await start(page)
    await app.connect({ connectorId: 'keplr', namespace: 'cosmos', network: network() })
    const error = await app.signMessage({ message: 'hello', namespace: 'cosmos' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject(expected)
  })
})

describe("Leap's disconnect", () => {
  it('without disable, disconnecting ends the site’s access with disconnect(chainId)', async () => {
    const page = new EventTarget() as Page
    const dev = wallet(page, leap)
    const ended: string[] = []
    const { disable: _disable, ...rest } = dev.provider
    page.leap = {
      ...rest,
      async disconnect(id: string) {
        ended.push(id)
        await dev.provider.disable(id)
        return true
      },
    }
    const app = await start(page)
    await app.connect({ connectorId: 'leap', namespace: 'cosmos', network: network() })
    await app.disconnect('cosmos')
    expect(ended).toEqual([chainId])
    expect(dev.control.getState().enabledChains).toEqual([])
  })
})
