// portico/onramp's registration (the Account action on eip155 and solana only, the lazily loaded
// view, its options checked) and its on-ramp API client against hostile answers (unit tests of one
// unit each: the client gets a fetch that answers like a broken or hostile server).
import '../../helpers/eip155Loaded.js'
import '../../helpers/onrampLoaded.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { createOnrampApi } from '../../../plugins/onramp/api/createOnrampApi.js'
import { onramp } from '../../../plugins/onramp/index.js'
import { OnrampApiError, OnrampOrderFailedError, OnrampOutOfLimitsError, OnrampPopupClosedError } from '../../../plugins/onramp/errors.js'
import { OnrampStore } from '../../../plugins/onramp/stores/OnrampStore.js'
import { createSandboxOnrampProvider } from '../../../sandbox/onramp/createSandboxOnrampProvider.js'
import { testCardOutcome } from '../../../sandbox/onramp/sandboxTestCards.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startTestServer, type TestServer } from '../../server/helpers/startTestServer.js'

const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })

describe('onramp plugin registration', () => {
  it('offers Buy first on the Account view of eip155 and solana only, and registers the OnRampProviders view', async () => {
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), onramp({ defaultFiatAmount: '50' })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    await portico.ready()
    expect(portico.accountActions.list('eip155').map((a) => [a.id, a.view, a.label, a.icon, a.order])).toEqual([['onramp', 'OnRampProviders', 'onramp.action', 'wallet', 10]])
    expect(portico.accountActions.list('solana').map((a) => a.id)).toEqual(['onramp'])
    expect(portico.accountActions.list('bip122')).toEqual([])
    expect(portico.views.has('OnRampProviders')).toBe(true)
    expect(portico.getStore('onramp')).toEqual({ defaultFiatAmount: '50' })
    await portico.destroy()
    expect(portico.accountActions.list('eip155')).toEqual([])
  })

  it('refuses options outside the schema', () => {
    const make = (options: Parameters<typeof onramp>[0]) => () => createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), onramp(options)], storage: memoryStorage() })
    expect(make({ apiUrl: 'javascript:alert(1)' })).toThrow(/apiUrl/)
    expect(make({ defaultFiatCurrency: 'usd' })).toThrow(/defaultFiatCurrency/)
    expect(make({ defaultFiatAmount: '1e5' })).toThrow(/defaultFiatAmount/)
    expect(make({ pollIntervalMs: 10 })).toThrow(/pollIntervalMs/)
  })
})

describe("the on-ramp store's failures", () => {
  it('tells a closed checkout window by its error class, passes a failure\'s own message on, and leaves the wording to the view when there is none', async () => {
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155(), onramp()], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    await portico.ready()
    const store = new OnrampStore(portico, createOnrampApi({ url: (path) => `http://127.0.0.1:9${path}`, fetch: async () => new Response('{}', { status: 503 }) }), { timeZone: 'UTC', restrictedTimeZones: [] })
    expect([store.popupClosed, store.error]).toEqual([false, undefined])
    store.failure = new OnrampPopupClosedError()
    expect([store.popupClosed, store.error]).toEqual([true, 'Popup closed'])
    // A provider that failed the order with its own words: shown as they are, and not a closed window.
    store.failure = new OnrampOrderFailedError({ orderId: 'o1', reason: 'Card declined' })
    expect([store.popupClosed, store.error]).toEqual([false, 'Card declined'])
    store.failure = new OnrampOrderFailedError({ orderId: 'o2', reason: undefined })
    expect(store.error).toBeUndefined()
    // A plain Error whose message merely reads "Popup closed" is not the window closing.
    store.failure = new Error('Popup closed')
    expect(store.popupClosed).toBe(false)
    // Nothing to say (an empty message, a thrown string): the view says "The purchase failed" in the visitor's language.
    store.failure = new Error('  ')
    expect(store.error).toBeUndefined()
    store.failure = 'boom'
    expect(store.error).toBeUndefined()
    await portico.destroy()
  })
})

describe('the on-ramp API client', () => {
  const api = (answer: () => Response | Promise<Response>) => createOnrampApi({ url: (path) => `http://127.0.0.1:9${path}`, fetch: async () => answer() })
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const request = { purchaseCurrency: 'pUSD', network: 'eip155:1', paymentCurrency: 'USD', amount: '50', amountIn: 'fiat' as const, paymentMethod: 'card' }

  it("passes the server's 4xx message on, and says so when the server is unreachable or answers no JSON", async () => {
    await expect(api(() => json(400, { code: 'UNSUPPORTED_ASSET', message: 'No on-ramp provider here sells pGLD' })).quote(request)).rejects.toMatchObject({ name: 'OnrampApiError', shortMessage: 'No on-ramp provider here sells pGLD', status: 400 })
    await expect(api(() => Promise.reject(new TypeError('fetch failed'))).options()).rejects.toThrow(OnrampApiError)
    await expect(api(() => new Response('<html>', { status: 200 })).options()).rejects.toMatchObject({ shortMessage: 'The on-ramp service answered something that is not JSON' })
  })

  it('never trusts a quote that does not add up: it becomes "unavailable", not a number', async () => {
    const lines = await api(() =>
      json(200, {
        quotes: [
          { provider: 'a', name: 'A', status: 'ok', paymentTotal: { amount: '50.00', currency: 'USD' }, paymentSubtotal: { amount: '48', currency: 'USD' }, providerFee: { amount: '1', currency: 'USD' }, networkFee: { amount: '1', currency: 'USD' }, purchaseAmount: { amount: '48', currency: 'pUSD' } },
          { provider: 'b', status: 'ok', paymentTotal: { amount: 'NaN' }, purchaseAmount: { amount: '-1' } },
          { provider: 'c', status: 'out_of_limits', message: 'too much' },
          { status: 'ok' },
          null,
        ],
      }),
    ).quote(request)
    expect(lines.map((l) => `${l.provider}:${l.status}`)).toEqual(['a:ok', 'b:unavailable', 'c:out_of_limits'])
  })

  it('refuses a checkout URL that is not http(s), and an order without a status', async () => {
    await expect(api(() => json(200, { url: 'javascript:alert(1)', orderId: 'x' })).checkoutUrl({ provider: 'a', address: '0x1', network: 'eip155:1', purchaseCurrency: 'ETH', paymentCurrency: 'USD', paymentMethod: 'card', presetFiatAmount: '50' })).rejects.toMatchObject({ shortMessage: 'The on-ramp service returned no checkout URL' })
    await expect(api(() => json(200, { status: 'paid' })).order('x')).rejects.toThrow(OnrampApiError)
    expect((await api(() => json(200, { status: 'completed', cryptoAmount: '1e9', txHash: 'h' })).order('x')).cryptoAmount).toBeNull()
  })
})

describe('an amount no provider takes: the server\'s 400 OUT_OF_LIMITS (issue 44)', () => {
  // The real Portico server with the sandbox provider (cards 10.00 to 7,500.00 USD).
  const pUsd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const limit = 'The amount must be between 10.00 and 7,500.00 USD (card)'
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      indexer: false,
      chains: [{ caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, tokens: [{ address: pUsd, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
      onramp: {
        providers: [
          createSandboxOnrampProvider({
            origin: 'http://127.0.0.1:4700',
            webhookSecret: 'whsec_test',
            assets: [{ asset: { chainId: 'eip155:31337', chainName: 'Devnet', address: pUsd, symbol: 'pUSD', name: 'Portico USD', decimals: 6 }, priceUsdCents: 100n }],
          }),
        ],
      },
    })
  })
  afterAll(async () => {
    await server?.dispose()
  })
  const kernel = async () => {
    const portico = createPorticoKernel({ projectId: 'p1', networks: [devnet], plugins: [eip155(), onramp()], storage: memoryStorage(), endpoints: { api: server.url, blockchainApi: server.url } })
    await portico.ready()
    return portico
  }
  const request = { purchaseCurrency: 'pUSD', network: 'eip155:31337', paymentCurrency: 'USD', amountIn: 'fiat' as const, paymentMethod: 'card' }

  it("reads the refusal's lines as out-of-limits quotes, and a refused checkout as an OnrampOutOfLimitsError", async () => {
    const portico = await kernel()
    const api = createOnrampApi({ url: (path, params) => portico.services.blockchainApi.url(path, params) })
    expect(await api.quote({ ...request, amount: '9000' })).toEqual([{ provider: 'sandbox', name: 'Portico Sandbox Pay', status: 'out_of_limits', message: limit, paymentMethods: [{ id: 'card', min: '10.00', max: '7500.00' }] }])
    const checkout = api.checkoutUrl({ provider: 'sandbox', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', network: 'eip155:31337', purchaseCurrency: 'pUSD', paymentCurrency: 'USD', paymentMethod: 'card', presetFiatAmount: '9000' })
    await expect(checkout).rejects.toThrow(OnrampOutOfLimitsError)
    await expect(checkout).rejects.toMatchObject({ shortMessage: limit, status: 400, code: 'ONRAMP_OUT_OF_LIMITS' })
    await portico.destroy()
  })

  it('leaves the store ready with the limit to show (the view\'s Continue button says it), not a failure', async () => {
    const portico = await kernel()
    const store = new OnrampStore(portico, createOnrampApi({ url: (path, params) => portico.services.blockchainApi.url(path, params) }), { timeZone: 'UTC', restrictedTimeZones: [] })
    await store.load()
    store.setAmount('9000')
    await store.refreshQuotes()
    expect([store.status, store.error, store.selectedQuote, store.outOfLimits]).toEqual(['ready', undefined, undefined, limit])
    // A valid amount brings a quote back.
    store.setAmount('25')
    await store.refreshQuotes()
    expect([store.status, store.selectedQuote?.status, store.outOfLimits]).toEqual(['ready', 'ok', undefined])
    await portico.destroy()
  })

  it("takes a server's plain 400 OUT_OF_LIMITS (no lines) as the same clear message", async () => {
    const portico = await kernel()
    const plain = createOnrampApi({ url: (path) => `http://127.0.0.1:9${path}`, fetch: async () => new Response(JSON.stringify({ code: 'OUT_OF_LIMITS', message: limit }), { status: 400 }) })
    await expect(plain.quote({ ...request, amount: '9000' })).rejects.toMatchObject({ name: 'OnrampOutOfLimitsError', shortMessage: limit })
    const store = new OnrampStore(portico, plain, { timeZone: 'UTC', restrictedTimeZones: [] })
    store.options = { assets: [{ key: 'eip155:31337|pUSD', symbol: 'pUSD', name: 'Portico USD', chainId: 'eip155:31337', chainName: 'Devnet', address: pUsd, decimals: 6 }], fiatCurrencies: [{ id: 'USD', limits: [] }] }
    store.setAmount('9000')
    await store.refreshQuotes()
    expect([store.status, store.error, store.outOfLimits]).toEqual(['error', limit, limit])
    await portico.destroy()
  })
})

describe("the sandbox checkout's test cards", () => {
  const now = new Date('2030-06-15T00:00:00Z')
  it('pays with the standard approved numbers, refuses the declined ones, and checks number, expiry and code first', () => {
    expect(testCardOutcome({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', now })).toEqual({ kind: 'approved', brand: 'Visa' })
    expect(testCardOutcome({ number: '4000-0000-0000-0002', expiry: '12/34', cvc: '123', now })).toEqual({ kind: 'declined', reason: 'Your card was declined.' })
    expect(testCardOutcome({ number: '4000000000009995', expiry: '12/2034', cvc: '1234', now })).toEqual({ kind: 'declined', reason: 'Your card has insufficient funds.' })
    expect(testCardOutcome({ number: '4242424242424241', expiry: '12/34', cvc: '123', now }).kind).toBe('invalid')
    expect(testCardOutcome({ number: '4242424242424242', expiry: '05/30', cvc: '123', now })).toEqual({ kind: 'invalid', message: 'The card has expired: check the expiry date.' })
    expect(testCardOutcome({ number: '4242424242424242', expiry: '13/34', cvc: '123', now })).toEqual({ kind: 'invalid', message: 'The expiry date must be MM/YY.' })
    expect(testCardOutcome({ number: '4242424242424242', expiry: '12/34', cvc: '12', now })).toEqual({ kind: 'invalid', message: 'The security code must be 3 or 4 digits.' })
    // A real-looking number that is no test card is refused: the sandbox takes test cards only.
    expect(testCardOutcome({ number: '4111111111111111', expiry: '12/34', cvc: '123', now })).toEqual({ kind: 'invalid', message: 'The sandbox takes test cards only, such as 4242 4242 4242 4242.' })
  })
})
